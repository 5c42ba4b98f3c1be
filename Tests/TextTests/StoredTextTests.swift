import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindModel
@testable import FSFindText

/// The form the text store keeps a text in: Zstandard now, zlib in stores written before, both
/// read back; damage is nil, never a trap.
@Suite struct StoredTextTests {
    static let texts = [
        "", "a", "Dear Frédéric, 東京\u{0C}page two", String(repeating: "changelog line\n", count: 20_000),
    ]

    private func unpack(_ packed: [UInt8]) -> [UInt8]? {
        packed.withUnsafeBytes { StoredText.unpack($0) }
    }

    @Test func textsComeBackAndAreKeptWithZstandard() throws {
        for text in Self.texts {
            let packed = try StoredText.pack(text)
            #expect(unpack(packed) == Array(text.utf8))
            if !text.isEmpty { #expect(Array(packed[8..<12]) == Zstd.magic, "a Zstandard frame after the length") }
        }
        let long = try StoredText.pack(Self.texts[3])
        #expect(long.count < Self.texts[3].utf8.count / 20, "repetitive text shrinks")
    }

    @Test func zlibFormsOfEarlierStoresAreStillRead() throws {
        for text in Self.texts {
            let old = StoredText.header(text.utf8.count) + (try Deflate.shared.get().compress(Array(text.utf8)))
            #expect(old.count < 10 || old[8] == 0x78, "a zlib stream after the length")
            #expect(unpack(old) == Array(text.utf8))
        }
    }

    /// `gzip -n` of `bytes`, as a changelog is shipped.
    private static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("t")
        try Data(bytes).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-n", "-9", file.path]
        try process.run()
        process.waitUntilExit()
        return Array(try Data(contentsOf: folder.appendingPathComponent("t.gz")))
    }

    /// A gzip file that holds exactly a text is its stored form, read back through zlib; one whose
    /// text is not its bytes (another encoding, cut, several members, bytes after the trailer) is not.
    @Test func aGzipFileHoldingExactlyItsTextIsItsStoredForm() throws {
        for text in Self.texts where !text.isEmpty {
            let file = try Self.gzip(Array(text.utf8))
            let stored = try #require(StoredText.gzipFile(file, holding: text), "\(text.prefix(20))")
            #expect(Array(stored.dropFirst(8)) == file, "the file as it is, after the length")
            #expect(unpack(stored) == Array(text.utf8))
            // Damage is nil.
            #expect(unpack(Array(stored.dropLast(9))) == nil)
        }
        let text = Self.texts[3]
        // Latin-1 bytes decode to a longer UTF-8 text.
        let latin1 = try Self.gzip(Array("caf".utf8) + [0xE9])
        #expect(StoredText.gzipFile(latin1, holding: "café") == nil)
        // Cut at the text limit.
        #expect(StoredText.gzipFile(try Self.gzip(Array(text.utf8)), holding: String(text.prefix(1000))) == nil)
        // Two members: the trailer is the second's.
        let two = try Self.gzip(Array("first part\n".utf8)) + (try Self.gzip(Array("second part\n".utf8)))
        #expect(StoredText.gzipFile(two, holding: "first part\nsecond part\n") == nil)
        // Read back (as libarchive reads them) when stored some other way, and bytes after a member
        // that do not start another are not read.
        #expect(unpack(StoredText.header(23) + two) == Array("first part\nsecond part\n".utf8))
        #expect(unpack(StoredText.header(11) + (try Self.gzip(Array("first part\n".utf8))) + [0, 0, 0]) != nil)
        // Bytes after the trailer.
        #expect(StoredText.gzipFile(try Self.gzip(Array(text.utf8)) + [0, 0, 0, 0], holding: text) == nil)
        // Not gzip at all.
        #expect(StoredText.gzipFile(Array(text.utf8), holding: text) == nil)
    }

    @Test func damageIsNil() throws {
        let packed = try StoredText.pack(Self.texts[2])
        for length in 0..<packed.count { #expect(unpack(Array(packed.prefix(length))) == nil, "cut at \(length)") }
        var wrongLength = packed
        wrongLength[0] &+= 1
        #expect(unpack(wrongLength) == nil, "a frame holding another size than the length says")
        var huge = packed
        huge[7] = 0x7F
        #expect(unpack(huge) == nil)
        var flipped = packed
        flipped[flipped.count - 3] ^= 0xFF
        #expect(unpack(flipped) != Array(Self.texts[2].utf8))
    }
}

/// How a store is kept on disk: a new store's first transaction is written with a rollback
/// journal, then the store is in write-ahead-log mode for readers and later writers; freed pages
/// go back to the file system.
@Suite struct TextStoreFileTests {
    private static func pragma(_ name: String, _ path: String) throws -> String {
        let database = try SQLiteDatabase(path: path, create: false)
        let statement = try database.prepare("PRAGMA \(name)")
        _ = try statement.step()
        return statement.text(0)
    }

    @Test func aNewStoreIsLoggedAfterItsFirstCommitAndKeepsNoFreePages() throws {
        let folder = TemporaryFolder()
        let path = folder.file("s.text")
        let store = try TextStore(path: path, create: true)
        let texts = (0..<300).map { n in (0..<200).map { "word\($0 * n % 997)" }.joined(separator: " ") }
        try store.write { writer throws(FSFindError) in
            for (n, text) in texts.enumerated() {
                try writer.add(
                    source: .plainText(
                        FileIdentity(device: 1, inode: UInt64(n), size: 1, mtimeNanos: 1, ctimeNanos: 1)),
                    text: text)
            }
            #expect(access(path + "-wal", F_OK) != 0, "nobody reads a store no index names: no log yet")
        }
        #expect(try Self.pragma("journal_mode", path) == "wal")
        #expect(try Self.pragma("auto_vacuum", path) == "2")
        // Forgetting most documents frees pages; the commit gives them back.
        _ = try store.write { writer throws(FSFindError) in
            try writer.removeUnnamed(among: nil) { _, identity in identity.inode < 10 }
        }
        #expect(try Self.pragma("freelist_count", path) == "0")
        #expect(try store.documentCount() == 10)
    }
}
