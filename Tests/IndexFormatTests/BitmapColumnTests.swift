import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel

/// Format 4's bitmap columns (``BitmapColumn``): a column more than one row in 30 of which has a
/// cell keeps a bit per row instead of a row number per cell; every row reads back the same
/// through the checked reader, the scans' reader and a refresh's copy, and a bitmap that
/// disagrees with its counts is damage.
@Suite struct BitmapColumnTests {
    /// `count` items, the ones `present` says with a duration and an author list.
    private static func items(_ count: Int, present: (Int) -> Bool) -> [IndexedItem] {
        (0..<count).map { n in
            var extra: [Attribute: AttributeValue] = [:]
            if present(n) {
                extra[.duration] = .number(Double(n) + 0.25)
                extra[.authorNames] = .textList(["Author \(n % 7)"])
            }
            return Fixtures.item(String(format: "/b/%05d", n), extra, n: UInt64(n))
        }
    }

    @Test(arguments: [
        (1300, 3), (1300, 2), (1024, 5), (511, 4), (513, 2), (64, 3), (2000, 11),
    ])
    func everyRowReadsBack(count: Int, every: Int) throws {
        let items = IndexWriter.sortedUnique(Self.items(count) { $0 % every == 0 || $0 == count - 1 })
        let image = try IndexWriter.encode(IndexContents(roots: [], items: items, createdAt: Date()))
        let file = try IndexFile(bytes: image.bytes, name: "bitmap")
        try file.prepareAll()
        for attribute in [Attribute.duration, .authorNames] {
            let section = try #require(file.columns[attribute])
            #expect(file.sections[section].columnEncoding == .bitmap, "\(attribute) of \(count)/\(every)")
            let reader = try #require(file.columnView(attribute)).reader()
            // Forward, then backward (the reader keeps no cursor for a bitmap), then by the checked reader.
            for row in Array(0..<count) + (0..<count).reversed() {
                let expected = items[row].attributes[attribute]
                #expect(file.value(of: attribute, at: row) == expected)
                #expect((reader.cell(row) != nil) == (expected != nil))
            }
        }
        #expect(try file.allItems() == items)
    }

    @Test func aRefreshCopiesBitmapCells() throws {
        let items = IndexWriter.sortedUnique(Self.items(900) { $0 % 3 == 0 })
        let old = try IndexFile(
            bytes: try IndexWriter.encode(IndexContents(roots: [], items: items, createdAt: Date())).bytes, name: "old")
        var builder = try IndexBuilder(old: old)
        var changed = items[30]
        changed.attributes[.duration] = nil
        let staged = try builder.stage(changed)
        // Every other old row dropped, row 30 replaced.
        let rows = (0..<old.itemCount).filter { $0 % 2 == 0 }.map {
            $0 == 30 ? RowSource.staged(staged, replacing: 30) : .old($0)
        }
        let copy = try IndexFile(
            bytes: try builder.encode(rows: rows, roots: [], createdAt: Date()).bytes, name: "copy")
        var expected = items.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        expected[15] = changed
        #expect(try copy.allItems() == expected)
    }

    /// A bit set where the counts say none: the scans get no view (and fall back to the checked
    /// reader), the checked reader reports damage instead of reading another row's cell.
    @Test func bitsThatDisagreeWithTheCountsAreDamage() throws {
        let items = IndexWriter.sortedUnique(Self.items(700) { $0 % 2 == 0 })
        var bytes = try IndexWriter.encode(IndexContents(roots: [], items: items, createdAt: Date())).bytes
        let file = try IndexFile(bytes: bytes, name: "good")
        let section = file.sections[try #require(file.columns[.duration])]
        #expect(section.columnEncoding == .bitmap)
        // Row 699 (odd: no duration) gets a bit: word 10, bit 59.
        bytes[section.offset + 8 + 8 * 10 + 7] |= 0x08
        Fixtures.fixChecksums(&bytes)
        let damaged = try IndexFile(bytes: bytes, name: "damaged")
        #expect(damaged.columnView(.duration) == nil)
        #expect(throws: FSFindError.self) { try damaged.allItems() }
    }
}
