import FSFindTestSupport
import Testing

@testable import FSFindIndexFormat

/// The builder's tables that keep a fold small: a column's cells counted into runs as they are
/// merged (not collected apart and merged), and a string table that hashes carried strings only
/// when a new string must be told apart from them.
@Suite struct BuilderTablesTests {
    /// Every row's cell, absent where the column has none: what the run encoding describes.
    private static func expanded(_ rows: [UInt32], _ cells: [UInt64], rowCount: Int, absent: UInt64) -> [UInt64] {
        var all = [UInt64](repeating: absent, count: rowCount)
        for (row, cell) in zip(rows, cells) { all[Int(row)] = cell }
        return all
    }

    private static func naiveRuns(_ all: [UInt64]) -> [(UInt32, UInt64)] {
        var runs: [(UInt32, UInt64)] = []
        for (row, cell) in all.enumerated() where runs.last?.1 != cell || runs.isEmpty {
            runs.append((UInt32(row), cell))
        }
        return runs
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func aMergedColumnCountsTheRunsOfEveryRowAbsentOnesIncluded(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let absent = UInt64(IndexFormat.absent32)
        let rowCount = Int.random(in: 1...400, using: &random)
        // Few distinct values and long gaps in some columns, dense and varied in others.
        let density = Double.random(in: 0.05...1, using: &random)
        let values = UInt64.random(in: 1...6, using: &random)
        var column = MergedColumn(absent: absent)
        var rows: [UInt32] = []
        var cells: [UInt64] = []
        for row in 0..<rowCount where Double.random(in: 0..<1, using: &random) < density {
            let cell = UInt64.random(in: 0..<values, using: &random)
            column.append(UInt32(row), cell)
            rows.append(UInt32(row))
            cells.append(cell)
        }
        column.finish(rowCount: rowCount)
        let expected = Self.naiveRuns(Self.expanded(rows, cells, rowCount: rowCount, absent: absent))
        var seen: [(UInt32, UInt64)] = []
        try column.forEachRun { seen.append(($0, $1)) }
        #expect(column.runCount == expected.count)
        #expect(seen.map(\.0) == expected.map(\.0))
        #expect(seen.map(\.1) == expected.map(\.1))
        #expect(column.rows == rows)
        #expect(column.cells == cells)
        // The same cells taken over whole count the same runs.
        var whole = MergedColumn(absent: absent, rows: rows, cells: cells)
        whole.finish(rowCount: rowCount)
        #expect(whole.runCount == expected.count)
    }

    /// A previous file's strings, in memory that stays put for the table to read.
    private final class OldStrings {
        let storage: [UnsafeMutableRawBufferPointer]
        init(_ strings: [String]) {
            storage = strings.map { string in
                let bytes = Array(string.utf8)
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
                buffer.copyBytes(from: bytes)
                return UnsafeMutableRawBufferPointer(rebasing: buffer[0..<bytes.count])
            }
        }
        deinit { for buffer in storage { buffer.deallocate() } }
        func bytes(_ id: UInt32) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(storage[Int(id)]) }
    }

    private static func carry(_ table: inout StringTableBuilder, _ old: OldStrings, _ id: UInt32) throws -> UInt32 {
        try table.carriedID(id, bytes: old.bytes(id))
    }

    private static func section(_ table: inout StringTableBuilder) -> [String] {
        let bytes = table.encoded()
        let count = Int(bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
        let offsets = (0...count).map { index in
            Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 4 + 4 * index, as: UInt32.self) })
        }
        let blob = Array(bytes[(4 + 4 * (count + 1))...])
        return (0..<count).map { String(decoding: blob[offsets[$0]..<offsets[$0 + 1]], as: UTF8.self) }
    }

    @Test func aCarriedStringEqualToANewOneIsTheSameString() throws {
        let old = OldStrings(["report.pdf", "notes.txt", "draft.md"])
        var table = StringTableBuilder()
        table.oldStrings = { old.bytes($0) }
        let report = try table.id(Array("report.pdf".utf8))
        // Carried strings are distinct from each other, not from the run's own strings.
        #expect(try Self.carry(&table, old, 0) == report)
        let carried = try Self.carry(&table, old, 1)
        #expect(carried != report)
        // A new string equal to one carried unhashed is found all the same.
        #expect(try table.id(Array("notes.txt".utf8)) == carried)
        let other = try Self.carry(&table, old, 2)
        #expect(try table.id(Array("draft.md".utf8)) == other)
        #expect(try table.id(Array("report.pdf".utf8)) == report)
        #expect(table.count == 3)
        // The section holds each string once, carried ones read from the previous file.
        #expect(Self.section(&table) == ["report.pdf", "notes.txt", "draft.md"])
    }

    @Test func manyCarriedStringsThenNewOnesStayDistinct() throws {
        let old = OldStrings((0..<5_000).map { "file \($0)" })
        var table = StringTableBuilder()
        table.oldStrings = { old.bytes($0) }
        var ids: [UInt32] = []
        for number in 0..<5_000 { ids.append(try Self.carry(&table, old, UInt32(number))) }
        #expect(Set(ids).count == 5_000)
        // Every one of them, asked for as new, is the carried string (the table grows as it hashes).
        for number in stride(from: 0, to: 5_000, by: 7) {
            #expect(try table.id(Array("file \(number)".utf8)) == ids[number])
        }
        #expect(try table.id(Array("file 5000".utf8)) == 5_000)
        #expect(table.count == 5_001)
        let strings = Self.section(&table)
        #expect(strings.count == 5_001)
        #expect(strings[4_999] == "file 4999" && strings[5_000] == "file 5000")
    }
}
