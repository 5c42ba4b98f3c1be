import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel

/// A file that copies a few rows of a large previous one (a batch's in-memory file over a delta)
/// looks their cells up one by one instead of walking every old column; whatever the old
/// column's encoding, the copied rows read back as they were, as when most rows are copied.
@Suite struct CopiedCellsTests {
    /// 4,500 items whose columns take every encoding: dense sizes, runs of one added date, a
    /// dictionary of a few creation dates, a bitmap of titles, a handful of authors (sparse).
    static func items() -> [IndexedItem] {
        (0..<4500).map { index in
            var item = Fixtures.item("/c/\(100_000 + index)", n: UInt64(index))
            item.attributes[.fileSize] = .number(Double(index * 7 + 1))
            item.attributes[.addedDate] = .date(
                Date(timeIntervalSince1970: index < 4000 ? 1_600_000_000 : 1_700_000_000))
            item.attributes[.fsCreationDate] = .date(Date(timeIntervalSince1970: 1_500_000_000 + Double(index % 9)))
            if index % 3 == 0 { item.attributes[.title] = .text("Title \(index % 50)") }
            if index % 700 == 0 { item.attributes[.authorNames] = .textList(["Ana \(index)", "Zoë"]) }
            return item
        }
    }

    @Test(arguments: [1, 7, 97, 4500])
    func copiedRowsReadBackWhateverTheirColumnsEncoding(every step: Int) throws {
        let items = IndexWriter.sortedUnique(Self.items())
        let old = try IndexFile(
            bytes: try IndexWriter.encode(IndexContents(roots: [], items: items, createdAt: Date())).bytes, name: "old")
        try old.prepareAll()
        let encodings = Set(old.columns.values.compactMap { old.sections[$0].columnEncoding })
        #expect(encodings.isSuperset(of: [.dense, .sparse, .runs, .bitmap, .dictionary]))
        var builder = try IndexBuilder(old: old)
        var rows: [RowSource] = []
        var expected: [IndexedItem] = []
        for row in stride(from: 0, to: items.count, by: step) {
            rows.append(.old(row))
            expected.append(items[row])
        }
        let fresh = Fixtures.item("/d/new", [.title: .text("Fresh")], n: 3)
        rows.append(.staged(try builder.stage(fresh)))
        expected.append(fresh)
        let copy = try IndexFile(
            bytes: try builder.encode(rows: rows, roots: [], createdAt: Date()).bytes, name: "copy")
        try copy.prepareAll()
        #expect(try copy.allItems() == expected)
    }
}
