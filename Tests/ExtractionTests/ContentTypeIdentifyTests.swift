import CrawlFixtures
import FSFindTestSupport
import Foundation
import Glibc
import Testing

@testable import FSFindCrawl
@testable import FSFindExtraction
@testable import FSFindIndexFormat
@testable import FSFindManual
@testable import FSFindModel
@testable import FSFindPlatform

@Suite struct ContentTypeIdentifyTests {
    /// A tree of tiny real files and what each must be identified as (UTI, MIME type).
    private static let samples: [(name: String, contents: [UInt8], uti: String, mime: String)] = [
        ("image.png", CrawlSamples.png, "public.png", "image/png"),
        ("photo.jpg", CrawlSamples.jpeg, "public.jpeg", "image/jpeg"),
        ("anim.gif", CrawlSamples.gif, "com.compuserve.gif", "image/gif"),
        ("song.mp3", CrawlSamples.mp3, "public.mp3", "audio/mpeg"),
        ("paper.pdf", CrawlSamples.pdf, "com.adobe.pdf", "application/pdf"),
        ("page.html", CrawlSamples.html, "public.html", "text/html"),
        ("notes.md", CrawlSamples.markdown, "net.daringfireball.markdown", "text/plain"),
        ("main.c", CrawlSamples.cSource, "public.c-source", "text/x-c"),
        ("plain.txt", CrawlSamples.text, "public.plain-text", "text/plain"),
        ("bundle.zip", CrawlSamples.zip, "public.zip-archive", "application/zip"),
        ("report.docx", CrawlSamples.zip, "org.openxmlformats.wordprocessingml.document", "application/zip"),
        ("hello.gz", CrawlSamples.gzip, "org.gnu.gnu-zip-archive", "application/gzip"),
        ("true", CrawlSamples.elf, "public.unix-executable", "application/x-pie-executable"),
        ("empty", [], "public.data", "inode/x-empty"),
        // The content decides, not the name.
        ("notes.txt", CrawlSamples.mp3, "public.mp3", "audio/mpeg"),
        ("picture.png", CrawlSamples.jpeg, "public.jpeg", "image/jpeg"),
    ]

    private func sampleTree() -> CrawlTestTree {
        let tree = CrawlTestTree()
        for sample in Self.samples { tree.file(pathBytes(sample.name), contents: sample.contents) }
        tree.folder(pathBytes("sub"))
        tree.symlink(pathBytes("link"), to: "image.png")
        tree.fifo(pathBytes("pipe"))
        return tree
    }

    @Test func magicMatchesFileCommand() throws {
        let tree = sampleTree()
        let magic = try Magic()
        for sample in Self.samples {
            let path = tree.path(pathBytes(sample.name))
            let answer = try magic.mimeType(ofFileAt: path, expected: nil)
            #expect(answer == sample.mime, "\(sample.name)")
            // Same answer as `file -b --mime-type`, the benchmark's reference.
            #expect(try Self.fileCommandAnswer(path) == answer, "\(sample.name)")
        }
    }

    /// What `file -b --mime-type` says of `path`.
    static func fileCommandAnswer(_ path: [UInt8]) throws -> String {
        let pipe = Spawning.pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/file")
        process.arguments = ["-b", "--mime-type", String(decoding: path, as: UTF8.self)]
        process.standardOutput = pipe
        try Spawning.run(process)
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Files longer than libmagic's first read: a JSON document is recognised only whole (read
    /// in part it is text), so a text answer is asked again with libmagic's own limit; text
    /// stays text and a binary's answer comes from its start.
    @Test func filesLongerThanTheFirstReadGetFilesAnswer() throws {
        let tree = CrawlTestTree()
        let length = Magic.firstRead + 100_000
        var json = Array("[".utf8)
        while json.count < length { json += Array(#"{"name": "entry", "value": 12345},"#.utf8) }
        json += Array(#"{"last": true}]"#.utf8)
        let text = Array(String(repeating: "a line of plain words\n", count: length / 22 + 1).utf8)
        let png = CrawlSamples.png + [UInt8](repeating: 0, count: length)
        let samples: [(name: String, contents: [UInt8], mime: String)] = [
            ("big.json", json, "application/json"), ("big.txt", text, "text/plain"), ("big.png", png, "image/png"),
        ]
        let magic = try Magic()
        for sample in samples {
            tree.file(pathBytes(sample.name), contents: sample.contents)
            let path = tree.path(pathBytes(sample.name))
            let answer = try magic.mimeType(ofFileAt: path, expected: nil)
            #expect(answer == sample.mime, "\(sample.name)")
            #expect(try Self.fileCommandAnswer(path) == answer, "\(sample.name)")
        }
        // The same cookie after a second, longer read: the next file still gets the first one.
        tree.file(pathBytes("small.json"), contents: Array(#"{"a": [1, 2, 3]}"#.utf8))
        #expect(try magic.mimeType(ofFileAt: tree.path(pathBytes("small.json")), expected: nil) == "application/json")
    }

    @Test func magicRefusesWhatIsNotARegularFile() throws {
        let tree = sampleTree()
        let magic = try Magic()
        #expect(throws: FSFindError.self) { try magic.mimeType(ofFileAt: tree.path(pathBytes("link")), expected: nil) }
        #expect(throws: FSFindError.self) { try magic.mimeType(ofFileAt: tree.path(pathBytes("pipe")), expected: nil) }
        #expect(throws: FSFindError.self) {
            try magic.mimeType(ofFileAt: tree.path(pathBytes("missing")), expected: nil)
        }
        #expect(throws: FSFindError.self) { try magic.mimeType(ofFileAt: tree.path(pathBytes("sub")), expected: nil) }
    }

    @Test func identifyFillsAttributes() throws {
        let tree = sampleTree()
        let (entries, diagnostics) = try tree.crawl()
        #expect(diagnostics.isEmpty)
        let items = Identifier.identify(entries)
        #expect(items.map(\.path) == entries.map(\.path))
        let byName = Dictionary(
            uniqueKeysWithValues: items.map {
                (String(decoding: $0.path.split(separator: 0x2F).last ?? [], as: UTF8.self), $0)
            })

        for sample in Self.samples {
            let item = try #require(byName[sample.name])
            #expect(item.attributes[.contentType] == .text(sample.uti), "\(sample.name)")
            #expect(item.attributes[.mimeType] == .text(sample.mime), "\(sample.name)")
            #expect(item.attributes[.contentTypeTree] == .textList(ContentTypeTable.tree(of: sample.uti)))
            #expect(item.attributes[.fileSize] == .number(Double(sample.contents.count)), "\(sample.name)")
            #expect(item.problem == nil, "\(sample.name)")
        }

        let png = try #require(byName["image.png"])
        let entry = try #require(entries.first { $0.path == png.path })
        #expect(png.attributes[.path] == .text(String(decoding: png.path, as: UTF8.self)))
        #expect(png.attributes[.fsName] == .text("image.png"))
        #expect(png.attributes[.displayName] == .text("image.png"))
        #expect(png.attributes[.kind] == .text("PNG image"))
        #expect(png.attributes[.contentModificationDate] == .date(entry.modificationTime))
        #expect(png.attributes[.lastUsedDate] == .date(entry.accessTime))
        #expect(png.attributes[.contentCreationDate] == .date(entry.birthTime ?? entry.modificationTime))
        #expect(png.attributes[.fsCreationDate] == entry.birthTime.map { .date($0) })
        #expect(png.attributes[.addedDate] == nil)
        #expect(png.identity == entry.identity)

        let folder = try #require(byName["sub"])
        #expect(folder.attributes[.contentType] == .text("public.folder"))
        #expect(folder.attributes[.kind] == .text("Folder"))
        #expect(folder.attributes[.fileSize] == nil)
        #expect(folder.attributes[.mimeType] == .text("inode/directory"))

        let link = try #require(byName["link"])
        #expect(link.attributes[.contentType] == .text("public.symlink"))
        #expect(link.attributes[.kind] == .text("Symbolic link"))
        #expect(link.attributes[.fileSize] == .number(Double("image.png".utf8.count)))
    }

    @Test func invalidUTF8NameShowsReplacementCharacter() throws {
        let tree = CrawlTestTree()
        let name: [UInt8] = [0x72, 0xE9, 0x73, 0x75, 0x6D, 0xFF, 0x2E, 0x6D, 0x64]  // "r\xE9sum\xFF.md"
        tree.file(name, contents: CrawlSamples.markdown)
        let (entries, _) = try tree.crawl()
        let item = try #require(Identifier.identify(entries).last)
        #expect(item.path == tree.path(name))
        #expect(item.attributes[.displayName] == .text("r\u{FFFD}sum\u{FFFD}.md"))
        #expect(item.attributes[.fsName] == .text("r\u{FFFD}sum\u{FFFD}.md"))
        #expect(item.attributes[.contentType] == .text("net.daringfireball.markdown"))
    }

    @Test func sameResultsWithOneOrTwoWorkers() throws {
        let tree = sampleTree()
        // Enough entries that two workers really split the work.
        for index in 0..<200 {
            let sample = Self.samples[index % Self.samples.count]
            tree.file(pathBytes("copy-\(index)-\(sample.name)"), contents: sample.contents)
        }
        let (entries, _) = try tree.crawl()
        let one = Identifier.identify(entries, workers: 1)
        let two = Identifier.identify(entries, workers: 2)
        let eight = Identifier.identify(entries, workers: 8)
        #expect(one.count == entries.count)
        #expect(one == two)
        #expect(one == eight)
        #expect(Identifier.identify([], workers: 2).isEmpty)
    }

    @Test func identifyingDoesNotChangeAccessTimes() throws {
        let tree = CrawlTestTree()
        let path = tree.file(pathBytes("old.md"), contents: CrawlSamples.markdown)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        _ = PathBytes.withCString(path) { utimensat(AT_FDCWD, $0, &times, 0) }
        let (entries, _) = try tree.crawl()
        _ = Identifier.identify(entries)
        let after = try tree.crawl()
        #expect(after.entries.last?.accessTime == Date(timeIntervalSince1970: 1_000_000_000))
    }
}
