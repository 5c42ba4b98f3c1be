import CrawlFixtures
import Foundation
import Glibc
import Testing

@testable import FSFindCrawl
@testable import FSFindExtraction
@testable import FSFindIndexFormat
@testable import FSFindManual
@testable import FSFindModel
@testable import FSFindPlatform

@Suite struct CrawlerTests {
    @Test func rootComesFirstAndOrderIsStable() throws {
        let tree = CrawlTestTree()
        tree.folder(pathBytes("b"))
        tree.file(pathBytes("b"), pathBytes("inner.txt"), contents: CrawlSamples.text)
        tree.file(pathBytes("a.txt"), contents: CrawlSamples.text)
        tree.file(pathBytes("c.txt"))
        let (entries, diagnostics) = try tree.crawl()
        #expect(diagnostics.isEmpty)
        #expect(entries.first?.path == tree.root)
        #expect(entries.first?.fileType == .directory)
        #expect(
            tree.relative(entries) == [
                [], pathBytes("a.txt"), pathBytes("c.txt"), pathBytes("b"), pathBytes("b/inner.txt"),
            ])
        let again = try tree.crawl()
        #expect(again.entries.map(\.path) == entries.map(\.path))
    }

    @Test func oddNamesSurviveAsBytes() throws {
        let tree = CrawlTestTree()
        let names: [[UInt8]] = [
            pathBytes("with space.txt"),
            pathBytes("new\nline.txt"),
            [0x62, 0x61, 0x64, 0xFF, 0xFE, 0x2E, 0x74, 0x78, 0x74],  // "bad\xFF\xFE.txt"
            [UInt8](repeating: UInt8(ascii: "x"), count: 250),
            [UInt8](repeating: UInt8(ascii: "y"), count: 255),
            pathBytes("ünïcödé ✓.md"),
        ]
        for name in names { tree.file(name, contents: CrawlSamples.text) }
        let (entries, diagnostics) = try tree.crawl()
        #expect(diagnostics.isEmpty)
        let found = Set(entries.dropFirst().map { Array($0.name) })
        #expect(found == Set(names))
        for entry in entries.dropFirst() {
            #expect(entry.path == PathBytes.join(tree.root, Array(entry.name)))
            #expect(entry.nameStart == tree.root.count + 1)
            #expect(entry.fileType == .regular)
            #expect(entry.identity.size == Int64(CrawlSamples.text.count))
        }
    }

    @Test func sixtyDeepChainIncludingPathsLongerThanPathMax() throws {
        let tree = CrawlTestTree()
        // 60 levels of 100-byte names: about 6,000 bytes, beyond PATH_MAX (4,096).
        var components: [[UInt8]] = []
        for level in 0..<60 {
            components.append(Array(String(format: "%02d-", level).utf8) + [UInt8](repeating: 0x64, count: 97))
            let result = PathBytes.withCString(tree.path(components)) { mkdir($0, 0o755) }
            if result != 0 {
                // mkdir(2) itself cannot take such paths; create the level relative to its parent.
                let parent = try PathBytes.open(tree.path(Array(components.dropLast())), flags: O_RDONLY | O_DIRECTORY)
                _ = PathBytes.withCString(components.last!) { mkdirat(parent.rawValue, $0, 0o755) }
                try parent.close()
            }
        }
        let deepest = tree.path(components + [pathBytes("bottom.md")])
        #expect(deepest.count > Int(PATH_MAX))
        let fd = try PathBytes.open(deepest, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC)
        _ = try CrawlSamples.markdown.withUnsafeBytes { try fd.writeAll($0) }
        try fd.close()

        let (entries, diagnostics) = try tree.crawl()
        #expect(diagnostics.isEmpty)
        #expect(entries.count == 1 + 60 + 1)
        #expect(entries.last?.path == deepest)
        #expect(entries.last?.fileType == .regular)

        // The identifier reaches it too, through the same long-path open.
        let items = Identifier.identify(entries, workers: 2)
        #expect(items.last?.attributes[.contentType] == .text("net.daringfireball.markdown"))
        #expect(items.last?.problem == nil)
    }

    @Test func symlinksAreRecordedNeverFollowed() throws {
        let tree = CrawlTestTree()
        tree.folder(pathBytes("dir"))
        tree.file(pathBytes("dir"), pathBytes("f.txt"), contents: CrawlSamples.text)
        tree.symlink(pathBytes("a"), to: "b")
        tree.symlink(pathBytes("b"), to: "a")
        tree.symlink(pathBytes("dir"), pathBytes("up"), to: "..")
        tree.symlink(pathBytes("dir"), pathBytes("self"), to: ".")
        tree.symlink(pathBytes("dangling"), to: "/nonexistent/nowhere")
        tree.symlink(pathBytes("to-dir"), to: "dir")
        let (entries, diagnostics) = try tree.crawl()
        #expect(diagnostics.isEmpty)
        let types = Dictionary(uniqueKeysWithValues: zip(tree.relative(entries), entries.map(\.fileType)))
        #expect(types.count == 9)
        for link in ["a", "b", "dir/up", "dir/self", "dangling", "to-dir"] {
            #expect(types[pathBytes(link)] == .symlink, "\(link)")
        }
        #expect(types[pathBytes("dir")] == .directory)
        #expect(types[pathBytes("dir/f.txt")] == .regular)
        // Symlink size is the length of its target, as lstat says.
        let dangling = try #require(entries.first { $0.name.elementsEqual(pathBytes("dangling")) })
        #expect(dangling.identity.size == Int64("/nonexistent/nowhere".utf8.count))
    }

    @Test func symlinkRootIsAnEntryNotFollowed() throws {
        let tree = CrawlTestTree()
        tree.folder(pathBytes("real"))
        tree.file(pathBytes("real"), pathBytes("x.txt"))
        let link = tree.symlink(pathBytes("link"), to: "real")
        let (entries, _) = try tree.crawl(root: link)
        #expect(entries.count == 1)
        #expect(entries.first?.fileType == .symlink)
    }

    @Test func fifoIsListedAndNeverOpened() throws {
        let tree = CrawlTestTree()
        tree.fifo(pathBytes("pipe"))
        tree.file(pathBytes("after.txt"), contents: CrawlSamples.text)
        let (entries, diagnostics) = try tree.crawl()
        #expect(diagnostics.isEmpty)
        let pipe = try #require(entries.first { $0.name.elementsEqual(pathBytes("pipe")) })
        #expect(pipe.fileType == .fifo)
        // Opening the FIFO for reading without O_NONBLOCK would block forever: finishing is the test.
        let items = Identifier.identify(entries, workers: 2)
        let item = try #require(items.first { $0.path == pipe.path })
        #expect(item.attributes[.kind] == .text("Named pipe"))
        #expect(item.attributes[.contentTypeTree] == .textList(["public.item"]))
        #expect(item.attributes[.mimeType] == .text("inode/fifo"))
        #expect(item.problem == nil)
    }

    @Test func hiddenEntriesNeedIncludeHidden() throws {
        let tree = CrawlTestTree()
        tree.file(pathBytes(".secret"), contents: CrawlSamples.text)
        tree.folder(pathBytes(".config"))
        tree.file(pathBytes(".config"), pathBytes("settings.json"), contents: pathBytes("{}\n"))
        tree.file(pathBytes("visible.txt"), contents: CrawlSamples.text)
        let hidden = try tree.crawl()
        #expect(tree.relative(hidden.entries) == [[], pathBytes("visible.txt")])
        let shown = try tree.crawl(CrawlOptions(includeHidden: true))
        #expect(
            Set(tree.relative(shown.entries))
                == Set([
                    [], pathBytes(".secret"), pathBytes("visible.txt"), pathBytes(".config"),
                    pathBytes(".config/settings.json"),
                ]))
    }

    @Test func hiddenRootIsStillCrawled() throws {
        let tree = CrawlTestTree()
        let root = tree.folder(pathBytes(".cache"))
        tree.file(pathBytes(".cache"), pathBytes("x.txt"))
        let (entries, _) = try tree.crawl(root: root)
        #expect(entries.count == 2)
    }

    @Test func excludesMatchNameOrPath() throws {
        let tree = CrawlTestTree()
        tree.folder(pathBytes("node_modules"))
        tree.file(pathBytes("node_modules"), pathBytes("dep.js"))
        tree.folder(pathBytes("src"))
        tree.file(pathBytes("src"), pathBytes("main.c"))
        tree.file(pathBytes("src"), pathBytes("debug.log"))
        tree.folder(pathBytes("build"))
        tree.file(pathBytes("build"), pathBytes("out.o"))
        tree.file(pathBytes("keep.txt"))
        let root = String(decoding: tree.root, as: UTF8.self)
        let options = CrawlOptions(excludes: ["node_modules", "*.log", "\(root)/build"])
        let (entries, diagnostics) = try tree.crawl(options)
        #expect(diagnostics.isEmpty)
        #expect(
            Set(tree.relative(entries)) == Set([[], pathBytes("keep.txt"), pathBytes("src"), pathBytes("src/main.c")]))
    }

    @Test func missingRootThrows() {
        #expect(throws: FSFindError.self) {
            try Crawler(options: CrawlOptions()).crawl(
                root: pathBytes("/nonexistent/fsfind/root"), entry: { _ in },
                diagnostic: { _ in })
        }
    }

    @Test func trailingSlashIsTrimmed() throws {
        let tree = CrawlTestTree()
        tree.file(pathBytes("a.txt"))
        let (entries, _) = try tree.crawl(root: tree.root + [0x2F, 0x2F])
        #expect(entries.map(\.path) == [tree.root, tree.path(pathBytes("a.txt"))])
    }

    @Test func datesAndIdentityComeFromStatx() throws {
        let tree = CrawlTestTree()
        let path = tree.file(pathBytes("dated.txt"), contents: CrawlSamples.text)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 5), timespec(tv_sec: 1_500_000_000, tv_nsec: 7)]
        _ = PathBytes.withCString(path) { utimensat(AT_FDCWD, $0, &times, 0) }
        let (entries, _) = try tree.crawl()
        let entry = try #require(entries.last)
        var status = stat()
        _ = PathBytes.withCString(path) { lstat($0, &status) }
        #expect(entry.identity.device == UInt64(status.st_dev))
        #expect(entry.identity.inode == UInt64(status.st_ino))
        #expect(entry.identity.mtimeNanos == 1_500_000_000 * 1_000_000_000 + 7)
        #expect(entry.accessTime.timeIntervalSince1970 == 1_000_000_000.000000005)
        #expect(entry.modificationTime == Date(timeIntervalSince1970: 1_500_000_000.000000007))
        #expect(entry.mode & 0o777 == 0o644)
    }

    /// Root ignores permission bits, so an unreadable folder needs a thread without
    /// CAP_DAC_OVERRIDE / CAP_DAC_READ_SEARCH. Capabilities are per thread on Linux: this test drops
    /// them from its own thread's effective set, crawls synchronously, then restores them.
    @Test func unreadableFolderIsAnItemAndADiagnostic() throws {
        let tree = CrawlTestTree()
        let locked = tree.folder(pathBytes("locked"))
        tree.file(pathBytes("locked"), pathBytes("inside.txt"), contents: CrawlSamples.text)
        let secret = tree.file(pathBytes("secret.txt"), contents: CrawlSamples.text)
        tree.file(pathBytes("open.txt"), contents: CrawlSamples.text)
        let listOnly = tree.folder(pathBytes("list-only"))
        tree.file(pathBytes("list-only"), pathBytes("a.txt"))
        tree.file(pathBytes("list-only"), pathBytes("b.txt"))
        tree.chmod(locked, 0)
        tree.chmod(secret, 0)
        tree.chmod(listOnly, 0o444)  // names can be read, entries cannot be stat'ed

        let result = try DroppedFileCapabilities.run {
            let crawl = try tree.crawl()
            return (crawl, Identifier.identify(crawl.entries, workers: 1))
        }
        let ((entries, diagnostics), items) = try #require(result, "cannot drop capabilities here")
        #expect(
            Set(tree.relative(entries))
                == Set([
                    [], pathBytes("locked"), pathBytes("list-only"), pathBytes("open.txt"), pathBytes("secret.txt"),
                ]))
        #expect(diagnostics.map(\.path) == [listOnly, locked])
        #expect(diagnostics.allSatisfy { $0.message.contains("Permission denied") })
        let listOnlyItem = try #require(items.first { $0.path == listOnly })
        #expect(listOnlyItem.problem?.kind == .unreadable)
        let folder = try #require(items.first { $0.path == locked })
        #expect(folder.problem?.kind == .unreadable)
        #expect(folder.attributes[.contentType] == .text("public.folder"))
        let file = try #require(items.first { $0.path == secret })
        #expect(file.problem?.kind == .unreadable)
        #expect(file.attributes[.contentType] == .text("public.data"))
        #expect(file.attributes[.contentTypeTree] == .textList(["public.data", "public.item"]))
        #expect(file.attributes[.fileSize] == .number(Double(CrawlSamples.text.count)))
        #expect(file.attributes[.mimeType] == nil)
        let open = try #require(items.first { $0.path == tree.path(pathBytes("open.txt")) })
        #expect(open.problem == nil)
        #expect(open.attributes[.contentType] == .text("public.plain-text"))
    }
}

/// Runs a closure on the current thread without the capabilities that let root ignore file
/// permissions (through glibc's `capset`/`capget`, which act on the calling thread only).
enum DroppedFileCapabilities {
    private struct Header {
        var version: UInt32 = 0x2008_0522  // _LINUX_CAPABILITY_VERSION_3
        var pid: Int32 = 0
    }

    private struct Data {
        var effective: UInt32 = 0
        var permitted: UInt32 = 0
        var inheritable: UInt32 = 0
    }

    private typealias Call = @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Int32

    /// nil when the capabilities cannot be changed (then the test cannot prove anything).
    static func run<T>(_ body: () throws -> T) rethrows -> T? {
        guard geteuid() == 0 else { return try body() }  // Not root: permissions already apply.
        let libc = dlopen(nil, RTLD_NOW)
        guard let getSymbol = dlsym(libc, "capget"), let setSymbol = dlsym(libc, "capset") else { return nil }
        let capget = unsafeBitCast(getSymbol, to: Call.self)
        let capset = unsafeBitCast(setSymbol, to: Call.self)
        var header = Header()
        var saved = (Data(), Data())
        guard capget(&header, &saved) == 0 else { return nil }
        var dropped = saved
        dropped.0.effective &= ~(UInt32(1) << 1 | UInt32(1) << 2)  // CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        guard capset(&header, &dropped) == 0 else { return nil }
        defer { _ = capset(&header, &saved) }
        return try body()
    }
}
