import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel

/// Format 4's packed number columns (``CellLayout``): a column of small whole numbers is stored
/// as integers of 1, 2 or 4 bytes and reads back bit for bit; anything else stays Float64.
@Suite struct PackedColumnTests {
    /// One item per value, each with `attribute` set to it.
    private static func items(_ attribute: Attribute, _ values: [Double]) -> [IndexedItem] {
        values.enumerated().map { index, value in
            Fixtures.item("/p/\(1000 + index)", [attribute: .number(value)], n: UInt64(index))
        }
    }

    /// A number's stored bits (NaN's canonical ones), nil for anything else.
    private static func bits(_ value: AttributeValue?) -> UInt64? {
        guard case .number(let number)? = value else { return nil }
        return number.isNaN ? IndexFormat.canonicalNaN : number.bitPattern
    }

    /// The packed width the written column of `attribute` has (0: unpacked), and its section size.
    private static func written(_ items: [IndexedItem], _ attribute: Attribute) throws -> (
        file: IndexFile, packed: UInt32, length: Int
    ) {
        let image = try IndexWriter.encode(IndexContents(roots: [], items: items, createdAt: Date()))
        let file = try IndexFile(bytes: image.bytes, name: "packed")
        try file.prepareAll()
        let section = try #require(file.columns[attribute])
        return (file, (file.sections[section].format >> 8) & 0xFF, file.sections[section].length)
    }

    @Test(
        arguments: [
            ([Double(0), 1, 254], UInt32(1)), ([0, 255], 2), ([44_100, 48_000, 65_534], 2), ([65_535], 4),
            ([128_000, 4_294_967_294], 4), ([4_294_967_295], 0), ([2, 2.5], 0), ([3, -1], 0), ([-0.0, 1], 0),
            ([1, .infinity], 0), ([1, .nan], 0), ([1e300], 0),
        ] as [([Double], UInt32)])
    func wholeNumbersArePackedAndReadBackExactly(values: [Double], packed: UInt32) throws {
        let items = Self.items(.audioSampleRate, values)
        let (file, width, _) = try Self.written(items, .audioSampleRate)
        #expect(width == packed, "\(values)")
        let reader = try #require(file.columnView(.audioSampleRate)).reader()
        for row in 0..<file.itemCount {
            let item = try #require(file.allItems().first { $0.path == file.path(at: row) })
            // Bit for bit (NaN as its canonical bits), through the checked reader and the scan's.
            let expected = Self.bits(item.attributes[.audioSampleRate])
            #expect(expected != nil)
            #expect(Self.bits(file.value(of: .audioSampleRate, at: row)) == expected)
            #expect(reader.cell(row) == expected)
        }
    }

    /// Packing is where the bytes go: a channel count of a million items is 1 byte a cell, not 8.
    @Test func aPackedColumnIsSmaller() throws {
        let values = (0..<400).map { Double($0 % 2 + 1) }
        let whole = try Self.written(Self.items(.audioChannelCount, values), .audioChannelCount)
        let fractions = try Self.written(Self.items(.audioChannelCount, values.map { $0 + 0.5 }), .audioChannelCount)
        #expect(whole.packed == 1 && fractions.packed == 0)
        #expect(whole.length < fractions.length / 4, "\(whole.length) against \(fractions.length)")
    }

    /// Rows copied from a file with packed columns into a new one keep their values, packed again
    /// or not as the new file's values allow (one new fraction unpacks the column).
    @Test func aRefreshCopiesPackedCells() throws {
        let folder = TemporaryFolder()
        let path = folder.file("index.fsfind")
        let items = Self.items(.pixelWidth, (0..<300).map { Double($0 * 7) })
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let old = try IndexFile(path: path)
        try old.prepareAll()
        #expect((old.sections[try #require(old.columns[.pixelWidth])].format >> 8) == 2)
        for fraction in [false, true] {
            var builder = try IndexBuilder(old: old)
            var changed = items[3]
            changed.attributes[.pixelWidth] = .number(fraction ? 0.5 : 70_000)
            let staged = try builder.stage(changed)
            let rows = (0..<old.itemCount).map { $0 == 3 ? RowSource.staged(staged, replacing: 3) : .old($0) }
            let image = try builder.encode(rows: rows, roots: [], createdAt: Date())
            let copy = try IndexFile(bytes: image.bytes, name: "copy")
            var expected = IndexWriter.sortedUnique(items)
            expected[expected.firstIndex { $0.path == changed.path } ?? 0] = changed
            #expect(try copy.allItems() == expected)
            #expect((copy.sections[try #require(copy.columns[.pixelWidth])].format >> 8) == (fraction ? 0 : 4))
        }
    }

    /// A format-3 file (no packed columns) is read as it is; a packed width a column cannot have
    /// is damage.
    @Test func formatThreeIsReadAndImpossibleLayoutsAreDamage() throws {
        // Identities of two devices, a 64-bit inode and a size past 4 GiB: format 3's 40-byte records.
        let items = (Self.items(.duration, [1.5, 2.25]) + Self.items(.pageCount, [3, 4])).enumerated().map {
            var item = $0.element
            item.path += Array("\($0.offset)".utf8)
            item.attributes[.path] = .text(String(decoding: item.path, as: UTF8.self))
            item.identity.device += UInt64($0.offset)
            item.identity.inode += UInt64($0.offset) << 40
            item.identity.size += Int64($0.offset) << 33
            return item
        }
        let image = try IndexWriter.encode(IndexContents(roots: [], items: items, createdAt: Date()))
        func patched(_ change: (inout [UInt8], IndexFile) throws -> Void) throws -> [UInt8] {
            var bytes = image.bytes
            try change(&bytes, try IndexFile(bytes: image.bytes, name: "original"))
            let count = Int(bytes[12])
            for i in 44..<48 { bytes[i] = 0 }
            let checksum = CRC32C.checksum(Array(bytes[0..<(48 + 32 * count)]))
            withUnsafeBytes(of: checksum.littleEndian) { for i in 0..<4 { bytes[44 + i] = $0[i] } }
            return bytes
        }
        func entry(_ file: IndexFile, _ attribute: Attribute) throws -> Int {
            48 + 32 * (try #require(file.columns[attribute]))
        }
        // Format 3: only the duration's unpacked column. (Its page counts are packed: drop them.)
        let three = try patched { bytes, file in
            bytes[8] = 3
            bytes[try entry(file, .pageCount) + 4] = 0xEE  // an attribute code this build lacks: skipped
        }
        let old = try IndexFile(bytes: three, name: "three")
        #expect(old.formatVersion == 3)
        #expect(old.sections[old.fixed.identities].format == 0)
        #expect(try old.allItems().map(\.identity) == IndexWriter.sortedUnique(items).map(\.identity))
        #expect(
            try old.allItems().map { $0.attributes[.duration] }
                == IndexWriter.sortedUnique(items).map { $0.attributes[.duration] })

        for (attribute, width) in [(Attribute.duration, UInt8(3)), (.duration, 8), (.title, 2)] {
            let damaged = try patched { bytes, file in
                if attribute == .title {
                    // Any text column: make the duration's entry claim the title's code.
                    bytes[try entry(file, .duration) + 4] = UInt8(Attribute.title.indexCode)
                    bytes[try entry(file, .duration) + 29] = width
                } else {
                    bytes[try entry(file, attribute) + 29] = width
                }
            }
            let error = expectCorrupt("damaged") { () throws(FSFindError) in
                _ = try IndexFile(bytes: damaged, name: "damaged")
            }
            #expect(error?.message.contains("cell layout") == true, "\(error?.message ?? "")")
        }
    }
}
