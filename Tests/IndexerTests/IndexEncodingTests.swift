import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindIndexer
@testable import FSFindManual
@testable import FSFindModel

/// The space-saving encodings of format 2: run-encoded columns and a `contentCreationDate` that
/// is stored as a flag when it equals `fsCreationDate`; and reading the roots of an older file.
@Suite struct IndexEncodingTests {
    @Test func eachColumnTakesItsSmallestEncodingAndRoundTrips() throws {
        let folder = TemporaryFolder()
        let path = folder.file("index.fsfind")
        let items = Fixtures.columnItems()
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let file = try IndexFile(path: path)
        #expect(try file.allItems() == IndexWriter.sortedUnique(items))
        func encoding(_ attribute: Attribute) -> ColumnEncoding? {
            file.columns[attribute].flatMap { ColumnEncoding(rawValue: file.sections[$0].format) }
        }
        #expect(encoding(.addedDate) == .runs)
        #expect(encoding(.title) == .runs)
        #expect(encoding(.lastUsedDate) == .dense)
        #expect(encoding(.duration) == .sparse)
        // Only the odd items' creation dates take cells: half the rows, so a bit per row (600
        // bits in 10 words, a count per 512 rows) costs less than their row numbers.
        let creation = try #require(file.columns[.contentCreationDate])
        #expect(file.sections[creation].format == ColumnEncoding.bitmap.rawValue)
        #expect(file.sections[creation].length == IndexEncodingTests.padded(8 + 8 * 10 + 4 * 2 + 300 * 8))
        // Row reads agree with the whole-file read, run boundaries included.
        for row in [0, 1, 199, 200, 201, 598, 599] {
            #expect(file.value(of: .title, at: row) == (row < 200 ? .text("Same title") : nil))
            #expect(file.value(of: .contentCreationDate, at: row) == items[row].attributes[.contentCreationDate])
            #expect(file.value(of: .addedDate, at: row) == .date(Fixtures.date(800_000_000.5)))
        }
    }

    @Test func aRefreshCopiesRunEncodedAndDerivedCellsExactly() throws {
        let folder = TemporaryFolder()
        let path = folder.file("index.fsfind")
        let items = Fixtures.columnItems()
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let old = try IndexFile(path: path)
        try old.prepareAll()
        // Copy every row but a few, and stage one changed item in place of row 3.
        var builder = try IndexBuilder(old: old)
        var changed = items[3]
        changed.attributes[.title] = .text("Changed")
        let staged = try builder.stage(changed)
        var rows: [RowSource] = []
        for row in 0..<old.itemCount where row % 50 != 1 {
            rows.append(row == 3 ? .staged(staged, replacing: 3) : .old(row))
        }
        let image = try builder.encode(rows: rows, roots: [], createdAt: Date())
        let copy = folder.file("copy.fsfind")
        try IndexWriter.replaceAtomically(path: copy, with: image)
        var expected = items.enumerated().filter { $0.offset % 50 != 1 }.map(\.element)
        expected[expected.firstIndex { $0.path == changed.path } ?? 0] = changed
        #expect(try IndexFile(path: copy).allItems() == expected)
    }

    @Test func theRootsOfAnOlderFormatStayReadable() throws {
        let folder = TemporaryFolder()
        let tree = folder.file("tree")
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: tree + "/a.txt"))
        let path = folder.file("index.fsfind")
        _ = try Indexer(indexPath: path).run(roots: [Array(tree.utf8)], options: CrawlOptions(includeHidden: true))
        // Make it a format-1 file: version 1, header checksum recomputed.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[8] = 1
        let count = Int(bytes[12])
        for i in 44..<48 { bytes[i] = 0 }
        let checksum = CRC32C.checksum(Array(bytes[0..<(48 + 32 * count)]))
        withUnsafeBytes(of: checksum.littleEndian) { for i in 0..<4 { bytes[44 + i] = $0[i] } }
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        expectCorrupt(path) { () throws(FSFindError) in _ = try IndexFile(path: path) }
        #expect(IndexFile.rootsOfOlderFormat(path: path)?.map(\.path) == [Array(tree.utf8)])
        // A refresh with no folder named rebuilds it from the folders it records, options included.
        let summary = try Indexer(indexPath: path).run(roots: [], options: CrawlOptions())
        #expect(summary.items == 2)
        let roots = try IndexFile(path: path).roots()
        #expect(roots.map(\.path) == [Array(tree.utf8)] && roots.first?.options.includeHidden == true)
    }

    static func padded(_ count: Int) -> Int { (count + 7) / 8 * 8 }
}
