import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel

/// Format 5 stores what hard links share once: rows sharing few identities number them in an
/// identity table (``IdentityLayout``), a date column whose rows repeat few values keeps each once
/// (``DictionaryColumn``), and a type column of at most 256 types takes a byte a row. Each reads
/// back exactly through the checked reader and the scans' views, a refresh copies rows between the
/// layouts both ways, and a number past its table is damage, never a read outside the file.
@Suite struct SharedValuesTests {
    /// Rows per file: a table is never chosen under 4,096.
    static let rows = 4500

    /// `count` items, links to `inodes` inodes in turn, each with its inode's identity, access
    /// date and creation date (a folder of hard links, as a backup snapshot or the benchmark tree).
    static func links(_ count: Int, inodes: Int, prefix: String = "l") -> [IndexedItem] {
        (0..<count).map { index in
            let inode = index % inodes
            var item = Fixtures.item("/\(prefix)/\(100_000 + index)", n: UInt64(index))
            item.identity = FileIdentity(
                device: 0xFD01, inode: UInt64(5000 + inode), size: Int64(inode * 100),
                mtimeNanos: 1_700_000_000_000_000_000 + Int64(inode) * 1_000_003,
                ctimeNanos: 1_700_000_500_000_000_000 + Int64(inode))
            item.attributes[.fileSize] = .number(Double(item.identity.size))
            item.attributes[.contentModificationDate] = .date(
                IndexFormat.modificationDate(nanos: item.identity.mtimeNanos))
            item.attributes[.lastUsedDate] = .date(Date(timeIntervalSince1970: 1_700_001_000 + Double(inode) * 0.001))
            item.attributes[.fsCreationDate] = .date(Date(timeIntervalSince1970: 1_600_000_000 + Double(inode)))
            return item
        }
    }

    private static func written(_ items: [IndexedItem]) throws -> IndexFile {
        let file = try IndexFile(bytes: try image(items), name: "shared")
        try file.prepareAll()
        return file
    }

    private static func image(_ items: [IndexedItem]) throws -> [UInt8] {
        try IndexWriter.encode(IndexContents(roots: [], items: items, createdAt: Date())).bytes
    }

    /// A date value's stored cell.
    private static func cell(_ value: AttributeValue?) -> UInt64? {
        guard case .date(let date)? = value else { return nil }
        return date.timeIntervalSinceReferenceDate.bitPattern
    }

    private static func encoding(_ file: IndexFile, _ attribute: Attribute) -> ColumnEncoding? {
        file.columns[attribute].flatMap { file.sections[$0].columnEncoding }
    }

    /// Every row's identity, size, dates and access date, through both readers, equal `items`'.
    private static func expectReadBack(_ file: IndexFile, _ items: [IndexedItem]) throws {
        let expected = IndexWriter.sortedUnique(items)
        #expect(try file.allItems() == expected)
        let view = try #require(file.identitiesView())
        let lastUsed = try #require(file.columnView(.lastUsedDate)).reader()
        let created = try #require(file.columnView(.fsCreationDate)).reader()
        for (row, item) in expected.enumerated() {
            #expect(file.identity(at: row) == item.identity)
            #expect(view.size(row) == item.identity.size)
            #expect(view.modificationNanos(row) == item.identity.mtimeNanos)
            #expect(view.changeNanos(row) == item.identity.ctimeNanos)
            #expect(lastUsed.cell(row) == Self.cell(item.attributes[.lastUsedDate]))
            #expect(created.cell(row) == Self.cell(item.attributes[.fsCreationDate]))
        }
    }

    @Test func hardLinksShareOneIdentityAndOneCellEach() throws {
        let file = try Self.written(Self.links(Self.rows, inodes: 300))
        let layout = try #require(IdentityLayout(format: file.sections[file.fixed.identities].format))
        #expect(layout.tabled && layout.recordSize == 2)
        let table = try #require(file.fixed.identityTable)
        #expect(try file.bytes(of: table).littleEndianUInt32(at: 0) == 300)
        #expect(Self.encoding(file, .lastUsedDate) == .dictionary)
        #expect(Self.encoding(file, .fsCreationDate) == .dictionary)
        #expect(file.typeColumnWidth == 1)
        try Self.expectReadBack(file, Self.links(Self.rows, inodes: 300))

        // The same rows without links keep a record and a cell per row, and take more room.
        let unique = try Self.written(Self.links(Self.rows, inodes: Self.rows))
        #expect(IdentityLayout(format: unique.sections[unique.fixed.identities].format)?.tabled == false)
        #expect(unique.fixed.identityTable == nil)
        #expect(Self.encoding(unique, .lastUsedDate) == .dense)
        try Self.expectReadBack(unique, Self.links(Self.rows, inodes: Self.rows))
        // 24 bytes a row of identity and 16 of dates become 2 + 2 + 2 and the 300 values once each.
        let saved =
            try Self.image(Self.links(Self.rows, inodes: Self.rows)).count
            - Self.image(Self.links(Self.rows, inodes: 300)).count
        #expect(saved > Self.rows * 30, "\(saved)")
    }

    /// A refresh copying some rows and replacing others writes whichever layout its rows fit.
    /// (`every`: every how many rows is replaced; `shared`: whether the new file is tabled.)
    @Test(arguments: [
        (300, rows, 1, false), (rows, 300, 1, true), (rows, 300, 3, false), (300, 200, 3, true), (300, rows, 3, true),
    ])
    func aRefreshCopiesSharedValuesAcrossLayouts(oldInodes: Int, newInodes: Int, every: Int, shared: Bool) throws {
        let old = Self.links(Self.rows, inodes: oldInodes)
        let first = try Self.written(old)
        let replacements = Dictionary(
            uniqueKeysWithValues: Self.links(Self.rows, inodes: newInodes).map { ($0.path, $0) })
        var builder = try IndexBuilder(old: first)
        var expected = IndexWriter.sortedUnique(old)
        var rows: [RowSource] = []
        for row in 0..<first.itemCount {
            // Replaced by the other tree's item at that path.
            guard row % every == 0 else {
                rows.append(.old(row))
                continue
            }
            let item = try #require(replacements[expected[row].path])
            rows.append(.staged(try builder.stage(item), replacing: row))
            expected[row] = item
        }
        let copy = try IndexFile(
            bytes: try builder.encode(rows: rows, roots: [], createdAt: Date()).bytes, name: "copy")
        try copy.prepareAll()
        // Tabled (and the dates a dictionary, one date per inode) when the distinct identities are
        // at most half the rows.
        #expect(shared == (Set(expected.map(\.identity)).count <= expected.count / 2))
        #expect(IdentityLayout(format: copy.sections[copy.fixed.identities].format)?.tabled == shared)
        #expect((Self.encoding(copy, .lastUsedDate) == .dictionary) == shared)
        try Self.expectReadBack(copy, expected)
    }

    /// A format-4 file (no table, dense dates) is read as it is, and a refresh over it writes
    /// format 5 with whatever its rows fit.
    @Test func aFormatFourFileIsReadAndItsRefreshWritesTheCurrentFormat() throws {
        var bytes = try Self.image(Self.links(Self.rows, inodes: Self.rows))
        bytes[8] = 4
        for i in 44..<48 { bytes[i] = 0 }
        let checksum = CRC32C.checksum(Array(bytes[0..<(48 + 32 * Int(bytes[12]))]))
        withUnsafeBytes(of: checksum.littleEndian) { for i in 0..<4 { bytes[44 + i] = $0[i] } }
        let four = try IndexFile(bytes: bytes, name: "four")
        try four.prepareAll()
        #expect(four.formatVersion == 4)
        try Self.expectReadBack(four, Self.links(Self.rows, inodes: Self.rows))
        var builder = try IndexBuilder(old: four)
        let links = IndexWriter.sortedUnique(Self.links(Self.rows, inodes: 300))
        let rows = try (0..<four.itemCount).map { row in RowSource.staged(try builder.stage(links[row]), replacing: row)
        }
        let five = try IndexFile(
            bytes: try builder.encode(rows: rows, roots: [], createdAt: Date()).bytes, name: "five")
        try five.prepareAll()
        #expect(five.formatVersion == Int(IndexFormat.version))
        #expect(IdentityLayout(format: five.sections[five.fixed.identities].format)?.tabled == true)
        try Self.expectReadBack(five, links)
    }

    /// A row's number past the identity table, or past a dictionary's cells, behind good
    /// checksums (a writer's bug): the scans get no view or an absent cell, the row reader zeros
    /// or nothing, a refresh says the index is damaged.
    @Test func aNumberPastItsTableIsDamage() throws {
        let good = try Self.written(Self.links(Self.rows, inodes: 300))
        let layout = try #require(IdentityLayout(format: good.sections[good.fixed.identities].format))
        let row = 17
        var bytes = try Self.image(Self.links(Self.rows, inodes: 300))
        let identityAt = good.sections[good.fixed.identities].offset + layout.headerSize + 2 * row
        bytes[identityAt] = 0x2C  // 300: one past the last entry
        bytes[identityAt + 1] = 0x01
        let dictionary = good.sections[try #require(good.columns[.lastUsedDate])]
        // 300 cells of 8 bytes, then a 2-byte number per row: 299 + 1.
        let numberAt = dictionary.offset + 8 + 300 * 8 + 2 * row
        bytes[numberAt] = 0x2C
        bytes[numberAt + 1] = 0x01
        Fixtures.fixChecksums(&bytes)
        let file = try IndexFile(bytes: bytes, name: "bad")
        try file.prepareAll()
        #expect(file.identitiesView() == nil)
        #expect(file.identity(at: row) == FileIdentity(device: 0, inode: 0, size: 0, mtimeNanos: 0, ctimeNanos: 0))
        #expect(file.identity(at: row + 1) == good.identity(at: row + 1))
        #expect(file.value(of: .lastUsedDate, at: row) == nil)
        #expect(file.value(of: .lastUsedDate, at: row + 1) == good.value(of: .lastUsedDate, at: row + 1))
        let reader = try #require(file.columnView(.lastUsedDate)).reader()
        #expect(reader.cell(row) == nil)
        #expect(reader.cell(row + 1) != nil)
        #expect(throws: FSFindError.self) { _ = try IndexBuilder(old: file) }
    }
}
