import CMagic
import CrawlFixtures
import SystemPackage
import Testing

@testable import FSFindCrawl
@testable import FSFindExtraction

@Suite struct MagicDatabaseTests {
    /// libmagic's own search path (Debian: `/etc/magic`, comments only, then the compiled
    /// `/usr/share/misc/magic`).
    private static func defaultSearchPath() throws -> [UInt8] {
        let library = try MagicLibrary.shared.get()
        let path = try #require(library.getpath(nil, 0))
        return Array(String(cString: path).utf8)
    }

    /// A source of comments and blank lines adds no test, so the compiled files are the whole
    /// database; a source with a test, or a `.mime.mgc` libmagic would look for first, is left to
    /// libmagic.
    @Test func onlyWhatLibmagicWouldLoadIsShared() throws {
        let system = try Self.defaultSearchPath()
        let tree = CrawlTestTree()
        let empty = tree.file(pathBytes("empty"), contents: Array("# local magic\n\n#\n".utf8))
        let withTest = tree.file(pathBytes("local"), contents: Array("# mine\n0\tstring\tXYZZY\tplugh\n".utf8))
        _ = tree.file(pathBytes("shadowed"), contents: Array("#\n".utf8))
        _ = tree.file(pathBytes("shadowed.mime.mgc"), contents: [1, 2, 3])
        let colon = [UInt8(ascii: ":")]

        #expect(MagicDatabase.load(searchPath: empty + colon + system) != nil)
        #expect(MagicDatabase.load(searchPath: withTest + colon + system) == nil)
        #expect(MagicDatabase.load(searchPath: tree.path(pathBytes("shadowed")) + colon + system) == nil)
        #expect(MagicDatabase.load(searchPath: tree.path(pathBytes("missing")) + colon + system) == nil)
        #expect(MagicDatabase.load(searchPath: empty) == nil)
    }

    /// Two cookies take the one copy and answer as `file` does, each on its own.
    @Test func cookiesShareTheCopyAndAnswerAsFile() throws {
        let tree = CrawlTestTree()
        let samples: [(String, [UInt8])] = [
            ("a.png", CrawlSamples.png), ("a.c", CrawlSamples.cSource), ("a.html", CrawlSamples.html),
            ("a.gz", CrawlSamples.gzip), ("a.elf", CrawlSamples.elf),
        ]
        let paths = samples.map { name, contents in tree.file(pathBytes(name), contents: contents) }
        let database = try #require(MagicDatabase.load(searchPath: Self.defaultSearchPath()))
        let library = try MagicLibrary.shared.get()
        let cookies = [library.open(MAGIC_MIME_TYPE | MAGIC_ERROR), library.open(MAGIC_MIME_TYPE | MAGIC_ERROR)]
        defer { for cookie in cookies { library.close(cookie) } }
        for cookie in cookies {
            let cookie = try #require(cookie)
            #expect(database.load(into: cookie, library: library))
            for path in paths {
                let file = try Magic.open(path, expected: nil)
                let answer = library.descriptor(cookie, file.descriptor.rawValue).map { String(cString: $0) }
                #expect(answer == (try ContentTypeIdentifyTests.fileCommandAnswer(path)))
            }
        }
    }
}
