import CrawlFixtures
import FSFindTestSupport
import Foundation
import Glibc
import Testing

@testable import FSFindCrawl
@testable import FSFindIndexFormat
@testable import FSFindIndexer
@testable import FSFindModel

/// A path deleted while it is being indexed is a deletion, not a failure: a busy build tree under
/// `fsfind watch` deletes files between the event and the batch, and between a folder's listing
/// and its reading, all the time. Each test deletes at the very step it names, so none depends on
/// timing.
@Suite struct VanishedPathTests {
    /// Remembers every problem the indexer reports.
    final class Problems: IndexReporter, @unchecked Sendable {
        var lines: [String] = []
        func progress(_ line: String) {}
        func problem(path: [UInt8], message: String) {
            lines.append(String(decoding: path, as: UTF8.self) + ": " + message)
        }
        func missingRoot(path: [UInt8], reason: String, keptUntil: Date?) {}
    }

    /// A folder listed in its parent and deleted (or replaced by a file) before the crawl opens it:
    /// no diagnostic, no entry for it or anything that was below it.
    @Test func aFolderDeletedBeforeItIsReadIsNotADiagnostic() throws {
        let tree = CrawlTestTree()
        tree.file(pathBytes("a.txt"), contents: CrawlSamples.text)
        tree.folder(pathBytes("gone"))
        tree.file(pathBytes("gone"), pathBytes("inner.txt"), contents: CrawlSamples.text)
        tree.folder(pathBytes("replaced"))
        tree.file(pathBytes("replaced"), pathBytes("x.txt"))
        let rootPath = String(decoding: tree.root, as: UTF8.self)
        var entries: [CrawlEntry] = []
        var diagnostics: [CrawlDiagnostic] = []
        // The serial crawl reports a folder's files before it opens its subfolders: the root's
        // entry comes after both subfolders were listed and stat'ed, before either is opened.
        try Crawler(options: CrawlOptions()).crawl(
            root: tree.root,
            entry: { entry in
                if entry.path == tree.root {
                    try? FileManager.default.removeItem(atPath: rootPath + "/gone")
                    try? FileManager.default.removeItem(atPath: rootPath + "/replaced")
                    tree.file(pathBytes("replaced"), contents: CrawlSamples.text)
                }
                entries.append(entry)
            },
            diagnostic: { diagnostics.append($0) })
        #expect(diagnostics.map(\.message).isEmpty)
        #expect(tree.relative(entries) == [[], pathBytes("a.txt")])
    }

    /// A watcher's batch names a path that exists when the batch looks and is gone when its crawl
    /// begins (the crawl of such a path used to throw "cannot read …", failing the whole batch,
    /// retried 30 s later): what was indexed below it is removed, the rest of the batch applied,
    /// and nothing is reported.
    @Test func aBatchPathDeletedBeforeItsCrawlIsADeletion() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/tree"
        for name in ["keep.txt", "build/one.o", "build/two.o", "src/new.c"] {
            let path = root + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("x\n".utf8).write(to: URL(fileURLWithPath: path))
        }
        let index = folder.file("index.fsfind")
        let start = Date(timeIntervalSinceReferenceDate: 700_000_000)
        _ = try Indexer(indexPath: index, now: start).run(roots: [Array(root.utf8)], options: CrawlOptions())
        let build = Array((root + "/build").utf8)
        let source = Array((root + "/src/new.c").utf8)
        try FileManager.default.removeItem(atPath: root + "/build")
        try Data("int main;\n".utf8).write(to: URL(fileURLWithPath: root + "/src/new.c"))

        // What `update` does once it has found both paths there (its `writeDelta`), with `build`
        // deleted in between.
        let problems = Problems()
        let indexer = Indexer(indexPath: index, reporter: problems, now: start.addingTimeInterval(60))
        let snapshot = try IndexSnapshot(path: index)
        let roots = try snapshot.roots()
        let output = try DeltaOutput(snapshot: snapshot, batch: [build, source], alone: [])
        let lock = try IndexLock(indexPath: index, wait: true) { _ in }
        _ = try indexer.refresh(
            from: try PreviousIndex(file: output.previous), roots: roots,
            crawling: [build, source].map { IndexRoot(path: $0, options: roots[0].options, lastRefresh: indexer.now) },
            dropping: [], clock: .now, delta: output, holding: lock)

        let paths = try IndexSnapshot(path: index).allPaths().map { String(decoding: $0, as: UTF8.self) }
        #expect(paths == [root, root + "/keep.txt", root + "/src", root + "/src/new.c"])
        #expect(problems.lines.isEmpty)
    }

    /// A recorded root deleted while it is to be crawled keeps its items, as a missing root does:
    /// it may be a drive unmounted, not a deletion.
    @Test func aRecordedRootGoneBeforeItsCrawlKeepsItsItems() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/tree"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: root + "/one.txt"))
        let index = folder.file("index.fsfind")
        _ = try Indexer(indexPath: index).run(roots: [Array(root.utf8)], options: CrawlOptions())
        try FileManager.default.moveItem(atPath: root, toPath: folder.path + "/away")
        let previous = try PreviousIndex(file: try IndexFile(path: index))
        let roots = try previous.file.roots()
        let lock = try IndexLock(indexPath: index, wait: true) { _ in }
        _ = try Indexer(indexPath: index).refresh(
            from: previous, roots: roots, crawling: roots, dropping: [], clock: .now, holding: lock)
        let paths = try IndexSnapshot(path: index).allPaths().map { String(decoding: $0, as: UTF8.self) }
        #expect(paths == [root, root + "/one.txt"])
    }
}

extension IndexSnapshot {
    /// Every visible path, in order.
    fileprivate func allPaths() -> [[UInt8]] { (0..<itemCount).map { path(at: $0) } }
}
