import Foundation
import Testing

@testable import FSFindCrawl
@testable import FSFindExtraction
@testable import FSFindModel

/// Compressed text files: a gzip file of one member is inflated at once by libdeflate
/// (``Gunzip``), and everything else (several members, a compressed tar, more than the limit)
/// by libarchive, with the same text either way.
@Suite struct CompressedTextTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsfind-gz-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// `bytes` written to `name` and gzip'ed (`name.gz`); returns that path.
    private func gzip(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try run("/bin/gzip", ["-n", path])
        return path + ".gz"
    }

    private func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    private func text(_ path: String, limit: Int = 1 << 20) throws -> String? {
        let file = try CrawledFile(opening: Array(path.utf8), expected: nil)
        return try ArchiveTextExtractor().text(file, tree: ["org.gnu.gnu-zip-archive", "public.data"], limit: limit)
    }

    private func inflatedAtOnce(_ path: String, limit: Int = 1 << 20) throws -> [UInt8]? {
        try Gunzip.shared.get().contents(of: Array(try Data(contentsOf: URL(fileURLWithPath: path))), limit: limit)
    }

    @Test func oneMemberIsInflatedAtOnceAndTheRestByLibarchive() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let changelog = String(repeating: "fsfind (0.1) unstable; urgency=medium — café\n", count: 2000)
        let one = try gzip(Array(changelog.utf8), "changelog")
        #expect(try inflatedAtOnce(one) == Array(changelog.utf8))
        #expect(try text(one) == changelog)
        // More than the limit: libarchive reads up to it.
        #expect(try inflatedAtOnce(one, limit: 1000) == nil)
        #expect(try text(one, limit: 1000)?.utf8.count ?? 0 <= 1000)
        #expect(try text(one, limit: 1000)?.hasPrefix("fsfind (0.1)") == true)
        // Two members: libdeflate stops at the first, libarchive reads both.
        let first = try Data(contentsOf: URL(fileURLWithPath: try gzip(Array("first member\n".utf8), "a")))
        let second = try Data(contentsOf: URL(fileURLWithPath: try gzip(Array("second member\n".utf8), "b")))
        let two = folder.appendingPathComponent("two.gz").path
        try (first + second).write(to: URL(fileURLWithPath: two))
        #expect(try inflatedAtOnce(two) == nil)
        #expect(try text(two) == "first member\nsecond member\n")
        // Latin-1 inside: the same decoding either way.
        let latin1 = try gzip(Array("caf".utf8) + [0xE9, 0x0A], "latin1")
        let latin1Text = try text(latin1)
        #expect(latin1Text == "café\n", "\(String(describing: latin1Text?.unicodeScalars.map(\.value)))")
        // A compressed tar: its members, named.
        let inner = folder.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try Data("readme words\n".utf8).write(to: inner.appendingPathComponent("README"))
        let tarball = folder.appendingPathComponent("docs.tar.gz").path
        try run("/bin/tar", ["-czf", tarball, "-C", folder.path, "docs"])
        let members = try #require(try text(tarball))
        #expect(members.contains("== docs/README ==") && members.contains("readme words"), "\(members)")
    }

    /// A gzip file's text inflated straight into its string (``Gunzip/text(of:limit:)``) is the
    /// text ``PlainText`` reads from its bytes, whatever they are.
    @Test func textInflatedInPlaceIsTheTextOfTheBytes() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let gunzip = try Gunzip.shared.get()
        let contents: [[UInt8]] = [
            Array("plain ASCII\n".utf8), Array("UTF-8: café, 東京, 🙂\n".utf8),
            [0xEF, 0xBB, 0xBF] + Array("marked UTF-8\n".utf8), [0xFF, 0xFE, 0x61, 0x00, 0x62, 0x00],
            Array("caf".utf8) + [0xE9, 0x0A], Array(Array("cut at the end é".utf8).dropLast()),
            [0x61, 0x00, 0x62, 0x01, 0x02],
            Array("short".utf8), Array(String(repeating: "a longer line of words\n", count: 5000).utf8),
        ]
        for (n, bytes) in contents.enumerated() {
            let file = Array(try Data(contentsOf: URL(fileURLWithPath: try gzip(bytes, "c\(n)"))))
            let expected = PlainText.decode(try #require(gunzip.contents(of: file, limit: 1 << 20)))
            #expect(gunzip.text(of: file, limit: 1 << 20) == expected, "contents \(n)")
            #expect(gunzip.text(of: file, limit: bytes.count - 1) == nil)
        }
    }
}
