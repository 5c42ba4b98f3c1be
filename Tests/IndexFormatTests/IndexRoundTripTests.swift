import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindManual
@testable import FSFindModel

@Suite struct IndexRoundTripTests {
    @Test func crc32cCheckValue() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum([]) == 0)
        // Slice-by-8 and the byte loop agree on every split.
        let bytes = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let whole = CRC32C.checksum(bytes)
        for split in 0...bytes.count {
            let first = CRC32C.checksum(Array(bytes[..<split]))
            let both = Array(bytes[split...]).withUnsafeBytes { CRC32C.update(first, $0) }
            #expect(both == whole)
        }
    }

    /// A file written section by section (``IndexFileWriter``) reads exactly as one encoded in
    /// memory, its directory's unused room a padding section; nothing replaces the target until
    /// `commit`, and a writer dropped before it leaves no file behind.
    @Test func aStreamedFileReadsAsOneEncodedInMemory() throws {
        let folder = TemporaryFolder()
        let original = Fixtures.contents()
        let expected = Fixtures.sorted(original)
        func builder() throws -> IndexBuilder {
            var builder = try IndexBuilder(old: nil)
            for item in expected.items { try builder.stage(item) }
            return builder
        }
        let rows = expected.items.indices.map { RowSource.staged($0) }
        var inMemory = try builder()
        let image = try inMemory.encode(rows: rows, roots: original.roots, createdAt: original.createdAt)
        let path = folder.file("streamed.fsfind")
        var streaming = try builder()
        let writer = try streaming.write(
            rows: rows, roots: original.roots, createdAt: original.createdAt, replacing: path
        ).file
        #expect(access(path, F_OK) != 0, "not in place before commit")
        try writer.commit()
        let streamed = try IndexFile(path: path)
        try streamed.prepareAll()
        #expect(try streamed.contents() == expected)
        #expect(try IndexFile(bytes: image.bytes, name: "memory").contents() == expected)
        #expect(streamed.sections.filter { $0.kind == .padding }.count == 1)
        #expect(streamed.sections.count == image.sections.count + 1)

        // Dropped before commit: the old file stays, no temporary file is left.
        var again = try builder()
        _ = try again.write(rows: [], roots: [], createdAt: Date(), replacing: path)
        #expect(try IndexFile(path: path).itemCount == expected.items.count)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp.") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// Each attribute has its own index code, and the code names it back.
    @Test func indexCodesAreUniqueAndNameTheirAttribute() {
        #expect(Set(Attribute.allCases.map(\.indexCode)).count == Attribute.allCases.count)
        for attribute in Attribute.allCases { #expect(Attribute(indexCode: attribute.indexCode) == attribute) }
        for unknown: UInt32 in [0, 45, 200, .max] { #expect(Attribute(indexCode: unknown) == nil) }
    }

    @Test func roundTripEveryAttributeType() throws {
        let folder = TemporaryFolder()
        let path = folder.file("nested/deeper/index.fsfind")  // parent folders are created
        let original = Fixtures.contents()
        try IndexWriter.write(original, to: path)
        let expected = Fixtures.sorted(original)

        let file = try IndexFile(path: path)
        #expect(file.formatVersion == Int(IndexFormat.version))
        #expect(file.itemCount == expected.items.count)
        #expect(file.createdAt == original.createdAt)
        #expect(file.fileSize == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
        #expect(try file.roots() == original.roots)
        #expect(try file.allItems() == expected.items)
        #expect(try file.contents() == expected)

        for (index, item) in expected.items.enumerated() {
            #expect(file.path(at: index) == item.path)
            #expect(file.name(at: index) == Array(IndexFormat.lastComponent(item.path)))
            #expect(file.identity(at: index) == item.identity)
            #expect(file.problem(at: index) == item.problem)
            #expect(file.attributes(at: index) == item.attributes)
            #expect(file.item(at: index) == item)
            #expect(file.rowIndex(ofPath: item.path) == index)
            let row = file.row(index)
            for attribute in Attribute.allCases {
                let value = row.value(of: attribute)
                #expect(
                    value == item.attributes[attribute], "\(attribute) of \(String(decoding: item.path, as: UTF8.self))"
                )
                // Byte-exact text, not just canonically equal (NFD stays NFD).
                if case .text(let a) = value, case .text(let b) = item.attributes[attribute] {
                    #expect(Array(a.utf8) == Array(b.utf8))
                }
            }
        }
        #expect(file.rowIndex(ofPath: Array("/data/nope".utf8)) == nil)
        #expect(file.rowIndex(ofPath: []) == nil)
        #expect(file.rowIndex(ofPath: Array("/zzz".utf8)) == nil)
        #expect(row(file, "/data/music/song.mp3")?.value(of: .path) == .text("/data/music/song.mp3"))
        // No temporary file is left beside the index.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.file("nested/deeper"))
        #expect(leftovers == ["index.fsfind"])
    }

    private func row(_ file: IndexFile, _ path: String) -> UncheckedRow? {
        file.rowIndex(ofPath: Array(path.utf8)).map(file.row)
    }

    @Test func pathsWithRootAndWithoutParents() throws {
        let folder = TemporaryFolder()
        let path = folder.file("index.fsfind")
        let items = [
            Fixtures.item("/", folder: true), Fixtures.item("/a", folder: true), Fixtures.item("/a/b"),
            Fixtures.item("/a//c"), Fixtures.item("/x/y/z"), Fixtures.item("relative/name"), Fixtures.item("/a/"),
            Fixtures.item("plain"), Fixtures.item(""),
        ]
        try IndexWriter.write(
            IndexContents(roots: [], items: items, createdAt: Date(timeIntervalSinceReferenceDate: 0)), to: path)
        let file = try IndexFile(path: path)
        #expect(try file.allItems() == IndexWriter.sortedUnique(items))
        for item in items { #expect(file.rowIndex(ofPath: item.path).map(file.path(at:)) == item.path) }
    }

    @Test func emptyIndexAndDuplicates() throws {
        let folder = TemporaryFolder()
        let path = folder.file("index.fsfind")
        try IndexWriter.write(
            IndexContents(roots: [], items: [], createdAt: Date(timeIntervalSinceReferenceDate: 5)), to: path)
        let empty = try IndexFile(path: path)
        #expect(empty.itemCount == 0)
        #expect(try empty.allItems().isEmpty)
        #expect(try empty.roots().isEmpty)
        #expect(empty.rowIndex(ofPath: Array("/".utf8)) == nil)

        let first = Fixtures.item("/d", n: 1)
        let second = Fixtures.item("/d", [.title: .text("second")], n: 2)
        try IndexWriter.write(IndexContents(roots: [], items: [first, second], createdAt: Date()), to: path)
        #expect(try IndexFile(path: path).allItems() == [second])
    }

    @Test func mismatchedValueTypeIsRefused() {
        let folder = TemporaryFolder()
        let item = Fixtures.item("/x", [.duration: .text("long")])
        #expect(throws: FSFindError.self) {
            try IndexWriter.write(IndexContents(roots: [], items: [item], createdAt: Date()), to: folder.file("i"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("i")))
    }

    @Test func missingFileIsIndexMissing() {
        let folder = TemporaryFolder()
        do {
            _ = try IndexFile(path: folder.file("absent.fsfind"))
            Issue.record("opened a missing file")
        } catch {
            #expect(error.code == .indexMissing)
        }
    }

    @Test func readerKeepsOldFileAcrossAtomicReplace() throws {
        let folder = TemporaryFolder()
        let path = folder.file("index.fsfind")
        let old = Fixtures.contents()
        try IndexWriter.write(old, to: path)
        let reader = try IndexFile(path: path)
        try reader.prepare([.fsName])  // verify some sections before, some after the replace

        let new = IndexContents(
            roots: [], items: (0..<50).map { Fixtures.item("/new/\($0)", n: UInt64($0)) }, createdAt: Date())
        try IndexWriter.write(new, to: path)

        #expect(try reader.allItems() == Fixtures.sorted(old).items)
        #expect(try reader.roots() == old.roots)
        let fresh = try IndexFile(path: path)
        #expect(try fresh.allItems() == Fixtures.sorted(new).items)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["index.fsfind"])
    }

    @Test func lazyVerificationTouchesOnlyNeededSections() throws {
        let folder = TemporaryFolder()
        let path = folder.file("index.fsfind")
        let original = Fixtures.contents()
        try IndexWriter.write(original, to: path)
        let clean = try IndexFile(path: path)
        guard let durationSection = clean.columns[.duration] else {
            Issue.record("no duration column")
            return
        }
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[clean.sections[durationSection].offset + 9] ^= 0x10
        let damagedPath = folder.file("damaged.fsfind")
        try Data(bytes).write(to: URL(fileURLWithPath: damagedPath))

        let file = try IndexFile(path: damagedPath)  // opening reads only the header
        try file.prepare([.fsName, .title, .contentType, .contentTypeTree])
        let song = try #require(file.rowIndex(ofPath: Array("/data/music/song.mp3".utf8)))
        #expect(file.row(song).value(of: .title) == .text("Été \u{1F3B5} — naïve"))
        #expect(file.row(song).value(of: .duration) == nil)  // damaged section reads as absent
        let error = expectCorrupt(damagedPath) { () throws(FSFindError) in try file.prepare([.duration]) }
        #expect(error?.message.contains("duration") == true)
        expectCorrupt(damagedPath) { () throws(FSFindError) in _ = try file.allItems() }
        expectCorrupt(damagedPath) { () throws(FSFindError) in try file.prepareAll() }
    }

    @Test func concurrentReadersShareOneFile() async throws {
        let folder = TemporaryFolder()
        let path = folder.file("index.fsfind")
        let items = (0..<2_000).map { Fixtures.item("/c/\($0)", [.title: .text("t\($0 % 7)")], n: UInt64($0)) }
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let file = try IndexFile(path: path)
        let expected = IndexWriter.sortedUnique(items)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var bad = 0
                    for index in stride(from: worker, to: file.itemCount, by: 8) {
                        if file.item(at: index) != expected[index] { bad += 1 }
                    }
                    return bad
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test func scanOverDamagedColumnStaysFast() throws {
        // A failed checksum is remembered: 5,000 row reads of a damaged column checksum it once.
        let folder = TemporaryFolder()
        let path = folder.file("index.fsfind")
        let items = (0..<5_000).map { Fixtures.item("/s/\($0)", [.duration: .number(Double($0))], n: UInt64($0)) }
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let section = try #require(
            try IndexFile(path: path).columns[.duration].map { try IndexFile(path: path).sections[$0] })
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[section.offset + section.length / 2] ^= 1
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let file = try IndexFile(path: path)
        try file.prepare([.fsName])
        var present = 0
        for index in 0..<file.itemCount where file.row(index).value(of: .duration) != nil { present += 1 }
        #expect(present == 0)
        #expect(file.row(0).value(of: .fsName) != nil)
    }
}
