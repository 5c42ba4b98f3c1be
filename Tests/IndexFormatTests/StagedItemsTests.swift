import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel

/// Staged items keep each path as a folder and a name, and their cells by column: paths must come
/// back byte for byte and sort as whole paths do, and cells staged in crawl order must reach the
/// rows written in path order.
@Suite struct StagedItemsTests {
    /// Random paths over the bytes that decide byte order around a `/` (`-` and `.` below it,
    /// `0` just above), with empty components, trailing slashes, paths without any `/` and bytes
    /// that are not UTF-8.
    static func paths(_ random: inout SplitMix64, count: Int) -> [[UInt8]] {
        let alphabet: [UInt8] = Array("/-.0aZ".utf8) + [0xFF, 0x01]
        var paths: [[UInt8]] = [Array("/".utf8), Array("relative".utf8), Array("/a//b".utf8), Array("/a/".utf8)]
        while paths.count < count {
            let length = Int.random(in: 0...9, using: &random)
            var path: [UInt8] = Bool.random(using: &random) ? [UInt8(ascii: "/")] : []
            for _ in 0..<length { path.append(alphabet.randomElement(using: &random) ?? 0) }
            paths.append(path)
            // Siblings and children of an earlier path, as a crawl stages them.
            if let earlier = paths.randomElement(using: &random), Bool.random(using: &random) {
                paths.append(earlier + Array("/x".utf8))
                paths.append(earlier + Array("-x".utf8))
            }
        }
        return paths
    }

    @Test func pathsComeBackAndCompareAsWholePaths() throws {
        var random = SplitMix64(seed: 0x57A6_ED01)
        let paths = Self.paths(&random, count: 400)
        var builder = try IndexBuilder(old: nil)
        for (n, path) in paths.enumerated() { try builder.stage(Fixtures.item(path, n: UInt64(n))) }
        for (index, path) in paths.enumerated() {
            #expect(builder.stagedPath(index) == path)
        }
        for _ in 0..<4000 {
            let a = Int.random(in: 0..<paths.count, using: &random)
            let b = Int.random(in: 0..<paths.count, using: &random)
            let expected = IndexFormat.compare(paths[a], paths[b]).signum()
            let toPath = paths[b].withUnsafeBytes { builder.compareStagedPath(a, to: $0) }
            #expect(toPath.signum() == expected)
        }
        // The order a refresh sorts by reads the same tables in place.
        let items = paths.indices.reversed().map { Int32($0) }
        builder.withStagedPathOrder(of: items) { compare in
            for _ in 0..<4000 {
                let a = Int.random(in: 0..<items.count, using: &random)
                let b = Int.random(in: 0..<items.count, using: &random)
                let expected = IndexFormat.compare(paths[Int(items[a])], paths[Int(items[b])]).signum()
                #expect(compare(a, b).signum() == expected)
            }
        }
    }

    /// Document numbers of the items that have words, found by item among the many that have none
    /// (folders, binary files): the first, the last, neighbours, none at all.
    @Test func textDocumentsAreFoundByItem() throws {
        var builder = try IndexBuilder(old: nil)
        var expected: [Int: UInt32] = [:]
        var random = SplitMix64(seed: 0xD0C5)
        for n in 0..<3000 {
            let item = Fixtures.item(Array("/t/\(n)".utf8), n: UInt64(n))
            if n == 0 || n == 2999 || n == 1500 || n == 1501 || Int.random(in: 0..<5, using: &random) == 0 {
                expected[n] = UInt32(7 * n + 3)
            }
            try builder.stage(item, textDocument: expected[n])
        }
        for n in 0..<3000 { #expect(builder.staged.textDocument(of: n) == expected[n], "item \(n)") }
        #expect(builder.staged.textDocument(of: 3000) == nil)
        let empty = try IndexBuilder(old: nil)
        #expect(empty.staged.textDocument(of: 0) == nil)
    }

    /// Runs of equal cells, runs of one, gaps between items and runs that a gap ends, cells of
    /// 32 bits or 64, kept as differences or as numbers: every item's own cell comes back, in order.
    @Test(arguments: [false, true], [StagedColumn.Kind.differences, .numbers])
    func aColumnOfRunsGivesBackEveryCell(narrow: Bool, kind: StagedColumn.Kind) {
        var random = SplitMix64(seed: 0x57A6_ED03)
        var column = StagedColumn(kind)
        var expected: [(UInt32, UInt64)] = []
        var item: UInt32 = 0
        for step in 0..<50_000 {
            // First a stretch of items each with its own cell, one after the other (starts not stored).
            if step < 1000 {
                item += 1
                column.append(item, UInt64(step) << (narrow ? 20 : 40))
                expected.append((item, UInt64(step) << (narrow ? 20 : 40)))
                continue
            }
            item += Bool.random(using: &random) ? 1 : UInt32.random(in: 1...3, using: &random)
            // Few distinct cells, so that runs form (and break) often; wide ones past 32 bits.
            let cell =
                Bool.random(using: &random)
                ? expected.last?.1 ?? 7 : UInt64.random(in: 0...3, using: &random) << (narrow ? 30 : 60)
            column.append(item, cell)
            expected.append((item, cell))
        }
        var found: [(UInt32, UInt64)] = []
        column.forEachCell { found.append(($0, $1)) }
        #expect(found.count == expected.count)
        #expect(column.count == expected.count)
        #expect(zip(found, expected).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 })
    }

    /// A number column keeps high halves while the low ones are zero, and all of every cell from
    /// the first that needs 8 bytes: cells before and after that one, in runs or alone, come back.
    @Test(arguments: [0, 1, 999, 20_000]) func aNumberColumnWidensWhenACellNeedsAllItsBytes(widenAt: Int) {
        var column = StagedColumn(.numbers)
        var expected: [(UInt32, UInt64)] = []
        for step in 0..<30_000 {
            let item = UInt32(step + step / 7)
            // Whole numbers as `Double` bits (low halves zero), in runs of three.
            var cell = (Double(step / 3 % 50_000)).bitPattern
            if step == widenAt || (step > widenAt && step % 5 == 0) { cell = (Double(step) + 0.1).bitPattern }
            column.append(item, cell)
            expected.append((item, cell))
        }
        var found: [(UInt32, UInt64)] = []
        column.forEachCell { found.append(($0, $1)) }
        #expect(found.count == expected.count)
        #expect(zip(found, expected).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 })
    }

    /// Identities and type ids whose high parts (device, inode, size, type past 16 bits) change
    /// now and then, and a size of -1: each item's own come back.
    @Test func identitiesAndTypesComeBackWithTheirHighParts() throws {
        var staged = StagedItems()
        var expected: [(FileIdentity, UInt32)] = []
        for n in 0..<5000 {
            let high = UInt64(n / 700)
            let size = n == 4321 ? -1 : Int64(high) << 32 + Int64(n)
            let identity = FileIdentity(
                device: 3 + high % 2, inode: high << 33 | UInt64(n), size: size,
                mtimeNanos: -Int64(n) * 1_000_003, ctimeNanos: Int64(n) << 40)
            let type = UInt32(n % 1500 == 0 ? 70_000 + n : n % 9)
            try staged.append(
                path: Array("/f/\(n)".utf8), nameID: UInt32(n), identity: identity, flags: 0, typeID: type, cells: [],
                problem: nil)
            expected.append((identity, type))
        }
        for (index, (identity, type)) in expected.enumerated() {
            #expect(staged.identity(index) == identity, "item \(index)")
            #expect(staged.typeID(index) == type, "item \(index)")
        }
    }

    /// Values kept by run read back per item: runs of one, long runs, one run.
    @Test func aRunListReadsAsAnArray() {
        var runs = RunList<UInt32>()
        var expected: [UInt32] = []
        var random = SplitMix64(seed: 0x2B2A)
        for _ in 0..<40_000 {
            let value = Bool.random(using: &random) ? expected.last ?? 0 : UInt32.random(in: 0...4, using: &random)
            runs.append(value)
            expected.append(value)
        }
        #expect(runs.count == expected.count)
        #expect(runs.runCount < expected.count)
        #expect(expected.indices.allSatisfy { runs[$0] == expected[$0] })
        var one = RunList<UInt64>()
        for _ in 0..<5 { one.append(9) }
        #expect(one.runCount == 1 && one[0] == 9 && one[4] == 9)
    }

    /// Elements read back across chunk boundaries.
    @Test func aChunkedArrayReadsAsAnArray() {
        var chunked = ChunkedArray<UInt32>()
        #expect(chunked.last == nil)
        let count = 3 * 16_384 + 5
        for value in 0..<UInt32(count) { chunked.append(value &* 2_654_435_761) }
        #expect(chunked.count == count)
        #expect(chunked.last == UInt32(count - 1) &* 2_654_435_761)
        for index in [0, 1, 16_383, 16_384, 16_385, 32_768, count - 1] {
            #expect(chunked[index] == UInt32(index) &* 2_654_435_761)
        }
    }

    /// Items staged in an order that is not path order, one path twice (the later wins), a
    /// folder after its children, on two devices: the file holds each item's own cells and
    /// identity.
    @Test func cellsStagedInCrawlOrderReachTheirRows() throws {
        var random = SplitMix64(seed: 0x57A6_ED02)
        var items = Fixtures.columnItems()
        items.shuffle(using: &random)
        // Runs of devices (staged apart from the rest of each identity), some one item long.
        for index in items.indices where index % 50 < 3 || index % 7 == 0 { items[index].identity.device = 77 }
        // Inode numbers and sizes past 32 bits (their high halves are staged by run too).
        for index in items.indices where index % 11 < 2 {
            items[index].identity.inode |= UInt64(index % 3 + 1) << 40
            items[index].identity.size += Int64(index % 2 + 5) << 32
        }
        var again = items[17]
        again.attributes[.title] = .text("Staged again")
        items.append(again)
        items.append(Fixtures.item("/m", folder: true, n: 9999))
        var builder = try IndexBuilder(old: nil)
        var plan = RowPlan(oldCount: 0)
        for item in items { plan.staged(try builder.stage(item), replacing: nil) }
        let rows = plan.rows(builder: builder, previous: nil)
        let image = try builder.encode(rows: rows, roots: [], createdAt: Date())
        let file = try IndexFile(bytes: image.bytes, name: "memory")
        #expect(try file.allItems() == IndexWriter.sortedUnique(items))
        #expect(file.itemCount == items.count - 1)
        // The items below `/m` have it as their parent (a name, not a whole path).
        #expect(file.path(at: 1) == Array("/m/file-0000.mp3".utf8))

        // The cells went to that encoding: a second one is refused, not written without them.
        #expect(throws: FSFindError.self) { _ = try builder.encode(rows: rows, roots: [], createdAt: Date()) }
    }
}
