import FSFindTestSupport
import Foundation
import Glibc
import IndexFixtures
import Synchronization
import Testing

@testable import FSFindCrawl
@testable import FSFindIndexFormat
@testable import FSFindIndexer
@testable import FSFindManual
@testable import FSFindModel
@testable import FSFindPlatform

/// A refresh copies unchanged rows from the old file and merges in what it read; these tests check
/// that the result is exactly what indexing the same tree from scratch gives, after random
/// additions, changes, deletions and renames of files and folders, with odd names that sort around
/// `/` (`a`, `a-b`, `a.txt`, `a/x`, `a0`), non-UTF-8 bytes and newlines, and a second root that
/// the refresh does not crawl.
@Suite struct RefreshEquivalenceTests {
    static let names: [[UInt8]] = [
        Array("a".utf8), Array("a.txt".utf8), Array("a-b".utf8), Array("a0".utf8), Array("b".utf8),
        Array("é.md".utf8), Array("e\u{301}.md".utf8), Array("x y.html".utf8), Array("new\nline".utf8),
        [0xFF, 0x41, 0x2E, 0x74], Array("README.md".utf8), Array("index.html".utf8),
        Array(repeating: UInt8(ascii: "n"), count: 200), Array("Z".utf8), Array("a.b.c".utf8),
    ]

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func refreshEqualsIndexingFromScratch(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let folder = TemporaryFolder()
        let tree = Array((folder.path + "/tree").utf8)
        let other = Array((folder.path + "/other").utf8)
        for root in [tree, other] {
            try Self.makeFolder(root)
            for _ in 0..<25 { try Self.addRandom(under: root, &random) }
        }
        let index = folder.file("refreshed.fsfind")
        let first = Date(timeIntervalSinceReferenceDate: 700_000_000)
        let second = first.addingTimeInterval(3600)
        _ = try Indexer(indexPath: index, now: first).run(roots: [tree, other], options: CrawlOptions())
        let before = try IndexFile(path: index).allItems()

        for _ in 0..<12 { try Self.changeRandomly(tree, &random) }
        // Half the seeds refresh every recorded root, half only the changed one.
        let crawl = seed % 2 == 0 ? [] : [tree]
        let summary = try Indexer(indexPath: index, now: second).run(roots: crawl, options: CrawlOptions())
        // What the refresh's crawl read, before the scratch index below opens files (and may
        // move their access times).
        var accessTimes: [ByteKey: Date] = [:]
        for root in [tree, other] {
            try Crawler(options: CrawlOptions()).crawl(
                root: root, entry: { accessTimes[ByteKey($0.path)] = $0.accessTime }, diagnostic: { _ in })
        }
        let scratch = folder.file("scratch.fsfind")
        _ = try Indexer(indexPath: scratch, full: true, now: second).run(roots: [tree, other], options: CrawlOptions())

        let refreshed = try IndexFile(path: index).allItems()
        let expected = try IndexFile(path: scratch).allItems()
        #expect(refreshed.map(\.path) == expected.map(\.path))
        #expect(summary.items == expected.count)
        for (got, want) in zip(refreshed, expected) {
            #expect(got.identity == want.identity, "\(PathBytes.display(got.path))")
            #expect(got.problem == want.problem, "\(PathBytes.display(got.path))")
            #expect(
                Self.comparable(got.attributes) == Self.comparable(want.attributes), "\(PathBytes.display(got.path))")
        }
        // A path seen before keeps the date it was first added (an editor's save replaces the
        // inode); so does a renamed file (same inode, size and mtime); others get this run's.
        let earlierPaths = Set(before.map { ByteKey($0.path) })
        for item in refreshed {
            let renamed = before.contains {
                $0.identity.inode == item.identity.inode && $0.identity.size == item.identity.size
                    && $0.identity.mtimeNanos == item.identity.mtimeNanos
            }
            let expected = earlierPaths.contains(ByteKey(item.path)) || renamed ? first : second
            #expect(item.attributes[.addedDate] == .date(expected), "\(PathBytes.display(item.path))")
        }
        // A kept row takes the access time its crawl read (nothing opens it, so it is still current).
        let earlierByPath = Dictionary(before.map { (ByteKey($0.path), $0) }, uniquingKeysWith: { $1 })
        let identities = Dictionary(before.map { (ByteKey($0.path), $0.identity) }, uniquingKeysWith: { $1 })
        // (Rows of a root this run did not crawl are carried over as they were.)
        for item in refreshed where identities[ByteKey(item.path)] == item.identity {
            let crawled = crawl.isEmpty || PathBytes.isWithin(item.path, folder: tree)
            let expected =
                crawled
                ? accessTimes[ByteKey(item.path)].map { .date($0) }
                : earlierByPath[ByteKey(item.path)]?.attributes[.lastUsedDate]
            #expect(item.attributes[.lastUsedDate] == expected, "\(PathBytes.display(item.path))")
        }
        #expect(try IndexFile(path: index).roots().map(\.path) == [other, tree])
        // Carried and newly read strings meet in one table: every distinct string once.
        let file = try IndexFile(path: index)
        try file.prepareAll()
        let sections = try CheckedSections(file)
        let strings = (0..<sections.stringCount).map { Array(sections.string(UInt32($0))) }
        #expect(Set(strings).count == strings.count)
    }

    /// Everything but the dates a refresh may legitimately see differently: when it was added
    /// (kept on refresh, new on a scratch index) and last used (reading a file may touch atime).
    static func comparable(_ attributes: AttributeSet) -> AttributeSet {
        var copy = attributes
        copy[.addedDate] = nil
        copy[.lastUsedDate] = nil
        return copy
    }

    // MARK: - Random trees

    static func addRandom(under root: [UInt8], _ random: inout SplitMix64) throws {
        var folder = root
        // Somewhere up to two folders down, making folders on the way.
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            folder = PathBytes.join(folder, names.randomElement(using: &random) ?? [])
            if !isFolder(folder) {
                if exists(folder) { return }
                try makeFolder(folder)
            }
        }
        let path = PathBytes.join(folder, names.randomElement(using: &random) ?? [])
        guard !exists(path) else { return }
        try write(path, contents(&random))
    }

    static func changeRandomly(_ root: [UInt8], _ random: inout SplitMix64) throws {
        let all = entries(under: root)
        guard let target = all.randomElement(using: &random) else { return }
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            try addRandom(under: root, &random)
        case 1:
            // Delete (a folder with everything in it).
            removeTree(target)
        case 2:
            if isFolder(target) {
                try addRandom(under: target, &random)
            } else {
                try write(target, contents(&random) + Array(" changed".utf8))
            }
        default:
            // Rename within the same folder (a rename keeps the inode: addedDate must follow it).
            let parent = Array(target[..<(target.lastIndex(of: UInt8(ascii: "/")) ?? 0)])
            let destination = PathBytes.join(parent, (names.randomElement(using: &random) ?? []) + [UInt8(ascii: "2")])
            guard !exists(destination) else { return }
            let moved = PathBytes.withCString(target) { from in PathBytes.withCString(destination) { rename(from, $0) }
            }
            #expect(moved == 0)
        }
    }

    static func contents(_ random: inout SplitMix64) -> [UInt8] {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: Array("<html><head><title>Page \(random.next() % 100)</title></head></html>\n".utf8)
        case 1: Array("# Heading \(random.next() % 100)\n\nText.\n".utf8)
        default: Array("plain text \(random.next())\n".utf8)
        }
    }

    static func entries(under root: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        try? Crawler(options: CrawlOptions()).crawl(
            root: root, entry: { if $0.path != root { result.append($0.path) } }, diagnostic: { _ in })
        return result
    }

    static func exists(_ path: [UInt8]) -> Bool {
        var status = stat()
        return PathBytes.withCString(path) { lstat($0, &status) } == 0
    }

    static func isFolder(_ path: [UInt8]) -> Bool {
        var status = stat()
        return PathBytes.withCString(path) { lstat($0, &status) } == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    static func makeFolder(_ path: [UInt8]) throws {
        let made = PathBytes.withCString(path) { mkdir($0, 0o755) }
        try #require(made == 0, "mkdir \(PathBytes.display(path)): errno \(errno)")
    }

    static func write(_ path: [UInt8], _ bytes: [UInt8]) throws {
        let fd = PathBytes.withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        try #require(fd >= 0, "open \(PathBytes.display(path)): errno \(errno)")
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        try #require(written == bytes.count)
    }

    static func removeTree(_ path: [UInt8]) {
        if isFolder(path) {
            var children: [[UInt8]] = []
            try? Crawler(options: CrawlOptions(includeHidden: true)).crawl(
                root: path, entry: { if $0.path != path { children.append($0.path) } }, diagnostic: { _ in })
            // Deepest first.
            for child in children.sorted(by: { $0.count > $1.count }) {
                _ = PathBytes.withCString(child) { isFolder(child) ? rmdir($0) : unlink($0) }
            }
            _ = PathBytes.withCString(path) { rmdir($0) }
        } else {
            _ = PathBytes.withCString(path) { unlink($0) }
        }
    }
}

/// A refresh reads the old file's rows without decoding them; a file that is damaged yet has
/// matching checksums (a buggy writer) must still give a whole, readable index holding the tree,
/// never a crash: copying stops at the first inconsistency and the run starts again from the crawl.
@Suite struct RefreshOverDamagedIndexTests {
    @Test func damagedButConsistentFilesAreRefreshedOrRebuilt() throws {
        var random = SplitMix64(seed: 0xDA4A_6E01)
        let folder = TemporaryFolder()
        let tree = Array((folder.path + "/tree").utf8)
        try RefreshEquivalenceTests.makeFolder(tree)
        for _ in 0..<30 { try RefreshEquivalenceTests.addRandom(under: tree, &random) }
        let goodPath = folder.file("good.fsfind")
        _ = try Indexer(indexPath: goodPath).run(roots: [tree], options: CrawlOptions())
        let good = try Array(Data(contentsOf: URL(fileURLWithPath: goodPath)))
        let sections = try IndexFile(path: goodPath).sections
        let paths = Set(RefreshEquivalenceTests.entries(under: tree).map(ByteKey.init)).union([ByteKey(tree)])
        let path = folder.file("damaged.fsfind")
        let reporter = ProblemLog()
        for iteration in 0..<120 {
            var bytes = good
            let section = sections[Int(random.next() % UInt64(sections.count))]
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let at = section.offset + Int(random.next() % UInt64(section.length))
                bytes[at] = [0x00, 0xFF, 0x7F, 0x80, UInt8(truncatingIfNeeded: random.next())][Int(random.next() % 5)]
            }
            Fixtures.fixChecksums(&bytes)
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            _ = try Indexer(indexPath: path, reporter: reporter).run(roots: [tree], options: CrawlOptions())
            let refreshed = try IndexFile(path: path)
            let items = try refreshed.allItems()
            let found = Set(items.map { ByteKey($0.path) })
            #expect(paths.isSubset(of: found), "iteration \(iteration), \(section.name)")
        }
        // Both ways were taken: damage found (when opening or while copying: a rebuild) and
        // damage no check can see (a changed name or value), copied as is.
        let rebuilds = reporter.messages.withLock { $0.filter { $0.contains("rebuilding it") }.count }
        #expect(rebuilds > 0 && rebuilds < 120, "\(rebuilds) rebuilds")
    }

    final class ProblemLog: IndexReporter {
        let messages = Mutex<[String]>([])
        func progress(_ line: String) {}
        func problem(path: [UInt8], message: String) { messages.withLock { $0.append(message) } }
        func missingRoot(path: [UInt8], reason: String, keptUntil: Date?) {
            messages.withLock { $0.append("missing: \(reason)") }
        }
    }
}
