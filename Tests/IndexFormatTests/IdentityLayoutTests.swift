import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel

/// Format 4's identities (``IdentityLayout``): one device stored once, inodes and sizes in 4 bytes
/// when every row's fit, and every identity read back exactly, by the checked reader and the
/// scans' view, also when a refresh copies rows into a file of another layout.
@Suite struct IdentityLayoutTests {
    private static func items(_ identities: [FileIdentity]) -> [IndexedItem] {
        identities.enumerated().map { index, identity in
            var item = Fixtures.item("/i/\(1000 + index)", n: UInt64(index))
            item.identity = identity
            // Sizes and dates derived from the identity, as the crawler records them.
            item.attributes[.fileSize] = .number(Double(identity.size))
            item.attributes[.contentModificationDate] = .date(IndexFormat.modificationDate(nanos: identity.mtimeNanos))
            return item
        }
    }

    private static func identity(device: UInt64 = 0xFD01, inode: UInt64 = 12, size: Int64 = 4096) -> FileIdentity {
        FileIdentity(
            device: device, inode: inode, size: size, mtimeNanos: 1_700_000_000_123_456_789, ctimeNanos: -5)
    }

    @Test(
        arguments: [
            ([identity(), identity(inode: 13)], UInt32(7), 24),
            ([identity(), identity(device: 0xFD02)], 6, 32),
            ([identity(), identity(inode: 1 << 32)], 5, 28),
            ([identity(), identity(size: 1 << 32)], 3, 28),
            ([identity(), identity(size: -1)], 3, 28),
            ([identity(device: 7, inode: .max, size: .max), identity(device: .max, inode: 0, size: .min)], 0, 40),
        ] as [([FileIdentity], UInt32, Int)])
    func identitiesTakeTheNarrowestLayoutAndReadBackExactly(
        identities: [FileIdentity], bits: UInt32, recordSize: Int
    ) throws {
        let items = Self.items(identities)
        let image = try IndexWriter.encode(IndexContents(roots: [], items: items, createdAt: Date()))
        let file = try IndexFile(bytes: image.bytes, name: "identities")
        try file.prepareAll()
        #expect(file.sections[file.fixed.identities].format == bits)
        #expect(IdentityLayout(format: bits)?.recordSize == recordSize)
        let view = try #require(file.identitiesView())
        for (row, item) in IndexWriter.sortedUnique(items).enumerated() {
            #expect(file.identity(at: row) == item.identity)
            #expect(view.size(row) == item.identity.size)
            #expect(view.modificationNanos(row) == item.identity.mtimeNanos)
            #expect(view.changeNanos(row) == item.identity.ctimeNanos)
            #expect(file.value(of: .fileSize, at: row) == item.attributes[.fileSize])
        }
    }

    /// A refresh copies rows into a file whose layout the new rows widen, and back.
    @Test func aRefreshCopiesIdentitiesAcrossLayouts() throws {
        let items = Self.items((0..<200).map { Self.identity(inode: UInt64(100 + $0), size: Int64($0) * 1000) })
        let first = try IndexFile(
            bytes: try IndexWriter.encode(IndexContents(roots: [], items: items, createdAt: Date())).bytes,
            name: "first")
        #expect(first.sections[first.fixed.identities].format == 7)
        for wide in [Self.identity(device: 9, inode: 1 << 40, size: 1 << 40), Self.identity(inode: 5, size: 5)] {
            var builder = try IndexBuilder(old: first)
            var changed = items[17]
            changed.identity = wide
            changed.attributes[.fileSize] = .number(Double(wide.size))
            let staged = try builder.stage(changed)
            let rows = (0..<first.itemCount).map { $0 == 17 ? RowSource.staged(staged, replacing: 17) : .old($0) }
            let copy = try IndexFile(
                bytes: try builder.encode(rows: rows, roots: [], createdAt: Date()).bytes, name: "copy")
            var expected = IndexWriter.sortedUnique(items)
            expected[expected.firstIndex { $0.path == changed.path } ?? 0] = changed
            #expect(try copy.allItems() == expected)
            #expect(copy.sections[copy.fixed.identities].format == (wide.device == 9 ? 0 : 7))
        }
    }

    /// Bits this build does not know, wide numbers without a table, and a table the layout does
    /// not name (or a tabled layout without one) are damage, said as such.
    @Test(
        arguments: [(UInt8(32), "identity layout"), (16, "identity layout"), (8 | 7, "identity table")]
            as [(UInt8, String)])
    func unknownLayoutBitsAreDamage(format: UInt8, said: String) throws {
        var bytes = try IndexWriter.encode(
            IndexContents(roots: [], items: Self.items([Self.identity()]), createdAt: Date())
        ).bytes
        let file = try IndexFile(bytes: bytes, name: "good")
        bytes[48 + 32 * file.fixed.identities + 28] = format
        Fixtures.fixChecksums(&bytes)
        let error = expectCorrupt("bad") { () throws(FSFindError) in _ = try IndexFile(bytes: bytes, name: "bad") }
        #expect(error?.message.contains(said) == true, "\(error?.message ?? "")")
    }
}
