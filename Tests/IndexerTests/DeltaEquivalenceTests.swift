import FSFindTestSupport
import Foundation
import Glibc
import Testing

@testable import FSFindIndexFormat
@testable import FSFindIndexer
@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// A watcher's batches write a delta beside the base (`docs/index-format.md`, "Small updates");
/// these tests check that the base and delta read together are exactly what indexing the same tree
/// from scratch gives, batch after batch, with the same random changes and odd names as
/// ``RefreshEquivalenceTests``; that queries over the pair answer as over the scratch index; and
/// that folding the delta in changes nothing a reader sees.
@Suite struct DeltaEquivalenceTests {
    @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func baseAndDeltaEqualIndexingFromScratch(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let folder = TemporaryFolder()
        let tree = Array((folder.path + "/tree").utf8)
        let other = Array((folder.path + "/other").utf8)
        for root in [tree, other] {
            try RefreshEquivalenceTests.makeFolder(root)
            for _ in 0..<25 { try RefreshEquivalenceTests.addRandom(under: root, &random) }
        }
        let index = folder.file("watched.fsfind")
        let start = Date(timeIntervalSinceReferenceDate: 700_000_000)
        _ = try Indexer(indexPath: index, now: start).run(roots: [tree, other], options: CrawlOptions())
        let base = try IndexFile(path: index)
        for round in 1...8 {
            let before = Self.signatures(under: tree)
            for _ in 0..<4 { try RefreshEquivalenceTests.changeRandomly(tree, &random) }
            let after = Self.signatures(under: tree)
            // What inotify names: paths made, gone or written; some rounds also every folder
            // above them, crawled again (as after a lost event's refresh of a folder) or alone (as
            // after an attribute change on a folder).
            var changed = Set(Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.map(\.bytes))
            var alone: Set<[UInt8]> = []
            for path in changed where round % 3 != 0 {
                var folder = path
                while let slash = folder.lastIndex(of: UInt8(ascii: "/")), slash > tree.count {
                    folder = Array(folder[..<slash])
                    if round % 3 == 1 { changed.insert(folder) } else { alone.insert(folder) }
                }
            }
            let now = start.addingTimeInterval(Double(round) * 60)
            let lock = try IndexLock(indexPath: index, wait: true) { _ in }
            _ = try Indexer(indexPath: index, now: now).update(changed: changed, alone: alone, holding: lock)
            withExtendedLifetime(lock) {}

            // The base is never rewritten by a batch; the delta holds the batch.
            let snapshot = try IndexSnapshot(path: index)
            #expect(snapshot.base.headerChecksum == base.headerChecksum, "round \(round)")
            #expect(snapshot.delta != nil, "round \(round)")
            let scratch = folder.file("scratch\(round).fsfind")
            _ = try Indexer(indexPath: scratch, full: true, now: now).run(
                roots: [tree, other], options: CrawlOptions())
            let expected = try IndexFile(path: scratch).allItems()
            let got = try snapshot.allItems()
            #expect(got.map(\.path) == expected.map(\.path), "round \(round)")
            #expect(snapshot.itemCount == expected.count)
            for (item, want) in zip(got, expected) {
                // Folders too: a batch looks at the folder of each changed path again.
                #expect(item.identity == want.identity, "\(PathBytes.display(item.path))")
                #expect(
                    RefreshEquivalenceTests.comparable(item.attributes)
                        == RefreshEquivalenceTests.comparable(want.attributes), "\(PathBytes.display(item.path))")
            }
            // Every merged row is found again by its path, and its path is where it sorts.
            for row in 0..<snapshot.itemCount {
                #expect(snapshot.rowIndex(ofPath: snapshot.path(at: row)) == row)
                #expect(snapshot.lowerBound(snapshot.path(at: row)) == row)
            }
            // A folder's rows, found by binary search over the merged list, are those below it.
            for folder in [tree, Array("/".utf8)] + got.map(\.path).filter({ $0.count % 3 == 0 }) {
                let found = snapshot.rows(within: folder).flatMap { Array($0) }
                let expected = (0..<snapshot.itemCount).filter {
                    PathBytes.isWithin(snapshot.path(at: $0), folder: folder)
                }
                #expect(found == expected, "\(PathBytes.display(folder))")
            }
            // Queries over base + delta answer as over the scratch index, in path order.
            for text in ["kMDItemFSName == \"*a*\"c", "Heading", "kind == \"*text*\"c", "kMDItemFSSize > 20"] {
                let query = try CompiledQuery(try Query.parse(text), context: QueryContext(now: Date(), timeZone: .gmt))
                let isFreeText = !query.root.freeTextLeaves.isEmpty
                let request = SearchRequest(sort: .path)
                let merged = try Searcher(index: snapshot).search(query, isFreeText: isFreeText, request: request)
                    .map { snapshot.path(at: $0) }
                let whole = IndexSnapshot(try IndexFile(path: scratch))
                let reference = try Searcher(index: whole).search(query, isFreeText: isFreeText, request: request)
                    .map { whole.path(at: $0) }
                #expect(merged == reference, "\(text), round \(round)")
                // Split among threads (as on a large index), the scan answers as one thread does.
                for threads in [2, 3] {
                    var split = request
                    split.scanThreads = threads
                    let parts = try Searcher(index: snapshot).search(query, isFreeText: isFreeText, request: split)
                        .map { snapshot.path(at: $0) }
                    #expect(parts == reference, "\(text) on \(threads) threads, round \(round)")
                    // In relevance order too, with a scope: the same rows in the same order.
                    let ranked = SearchRequest(scope: .text)
                    var rankedSplit = ranked
                    rankedSplit.scanThreads = threads
                    let one = try Searcher(index: snapshot).search(query, isFreeText: isFreeText, request: ranked)
                    let many = try Searcher(index: snapshot).search(query, isFreeText: isFreeText, request: rankedSplit)
                    #expect(one == many, "\(text) ranked on \(threads) threads, round \(round)")
                }
                // `-onlyin` folders, found as blocks of rows in each file, keep what is below them.
                let folders = got.map(\.path).filter { $0.count % 4 == 1 }.prefix(3)
                for onlyIn in [[tree]] + folders.map({ [$0] }) + [Array(folders)] {
                    let inside = try Searcher(index: snapshot).search(
                        query, isFreeText: isFreeText, request: SearchRequest(onlyIn: onlyIn, sort: .path)
                    ).map { snapshot.path(at: $0) }
                    let wanted = reference.filter { path in onlyIn.contains { PathBytes.isWithin(path, folder: $0) } }
                    #expect(inside == wanted, "\(text) within \(onlyIn.map(PathBytes.display)), round \(round)")
                }
            }
            // The interactive scan split among threads finds and ranks what one thread does, over
            // every row or an earlier scan's matches, with and without a location (every fourth
            // round: each costs a second of a debug build).
            guard round % 4 == 0 else { continue }
            let context = QueryContext(now: now, timeZone: .gmt)
            let one = InteractiveScan(
                reader: try snapshot.readerOfEverything(), ranker: ResultRanker(now: now), limit: 7)
            // With the row summaries over base and delta: a letter counted from their bits.
            let summarized = InteractiveScan(
                reader: try snapshot.readerOfEverything(), ranker: ResultRanker(now: now), limit: 7)
            summarized.summarize()
            for typed in ["a", "heading", "e t", "kind:folder", ""] {
                let query = FieldQuery(SearchField(typed), context: context)
                for scope in [Scope.all, .text] {
                    #expect(
                        try summarized.run(query, scope: scope, onlyIn: nil)
                            == one.run(query, scope: scope, onlyIn: nil),
                        "\(typed) in \(scope) with the summaries")
                }
                for (threads, onlyIn) in [(2, nil), (3, nil), (2, tree), (3, tree)] as [(Int, [UInt8]?)] {
                    var split = one
                    split.partitions = PartitionedScan(threads: threads)
                    let whole = try #require(try one.run(query, scope: .all, onlyIn: onlyIn))
                    #expect(try split.run(query, scope: .all, onlyIn: onlyIn) == whole, "\(typed) on \(threads)")
                    let narrowed = try one.run(query, scope: .text, onlyIn: onlyIn, candidates: whole.matched)
                    #expect(
                        try split.run(query, scope: .text, onlyIn: onlyIn, candidates: whole.matched) == narrowed,
                        "\(typed) narrowed on \(threads)")
                }
            }
        }

        // Folding the delta in: one file again, holding exactly what the pair held.
        let pair = try IndexSnapshot(path: index).allItems()
        let lock = try IndexLock(indexPath: index, wait: true) { _ in }
        #expect(try Indexer(indexPath: index).compact(holding: lock))
        withExtendedLifetime(lock) {}
        #expect(access(IndexSnapshot.deltaPath(forIndex: index), F_OK) != 0)
        let file = try IndexFile(path: index)
        try file.prepareAll()
        let sections = try CheckedSections(file)
        let strings = (0..<sections.stringCount).map { Array(sections.string(UInt32($0))) }
        #expect(Set(strings).count == strings.count, "every distinct string once")
        // Every row below a folder names its parent (only the roots store whole paths).
        let rootPaths = try file.roots().map(\.path)
        for row in 0..<file.itemCount where sections.parent(row) == IndexFormat.absent32 {
            #expect(rootPaths.contains(file.path(at: row)), "\(PathBytes.display(file.path(at: row)))")
        }
        let folded = try file.allItems()
        #expect(folded.map(\.path) == pair.map(\.path))
        for (item, want) in zip(folded, pair) {
            #expect(item.identity == want.identity)
            #expect(item.attributes == want.attributes, "\(PathBytes.display(item.path))")
        }
    }

    /// What a watcher runs at start and after a lost event: changes made while none ran are found
    /// by a crawl and written as a delta (the base stays), including the removal of a file only
    /// the delta knew; the result reads as a scratch index of the tree.
    @Test(arguments: [21, 22, 23] as [UInt64])
    func reconcilingWritesWhatChangedAsADelta(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let folder = TemporaryFolder()
        let tree = Array((folder.path + "/tree").utf8)
        try RefreshEquivalenceTests.makeFolder(tree)
        for _ in 0..<30 { try RefreshEquivalenceTests.addRandom(under: tree, &random) }
        let index = folder.file("i.fsfind")
        let start = Date(timeIntervalSinceReferenceDate: 700_000_000)
        _ = try Indexer(indexPath: index, now: start).run(roots: [tree], options: CrawlOptions())
        let base = try IndexFile(path: index).headerChecksum
        // A file only the delta knows, then gone while no watcher runs.
        let ghost = tree + Array("/ghost.txt".utf8)
        try RefreshEquivalenceTests.write(ghost, Array("boo\n".utf8))
        var lock: IndexLock? = try IndexLock(indexPath: index, wait: true) { _ in }
        _ = try Indexer(indexPath: index, now: start).update(changed: [ghost], holding: lock!)
        lock = nil
        unlink(String(decoding: ghost, as: UTF8.self))
        for _ in 0..<10 { try RefreshEquivalenceTests.changeRandomly(tree, &random) }
        let now = start.addingTimeInterval(600)
        lock = try IndexLock(indexPath: index, wait: true) { _ in }
        _ = try Indexer(indexPath: index, now: now).reconcile(holding: lock!)
        lock = nil
        let snapshot = try IndexSnapshot(path: index)
        #expect(snapshot.base.headerChecksum == base)
        #expect(snapshot.delta != nil)
        #expect(try snapshot.roots().first?.lastRefresh == now)
        let scratch = folder.file("scratch.fsfind")
        _ = try Indexer(indexPath: scratch, full: true, now: now).run(roots: [tree], options: CrawlOptions())
        let expected = try IndexFile(path: scratch).allItems()
        let got = try snapshot.allItems()
        #expect(got.map(\.path) == expected.map(\.path))
        for (item, want) in zip(got, expected) {
            #expect(item.identity == want.identity, "\(PathBytes.display(item.path))")
            #expect(
                RefreshEquivalenceTests.comparable(item.attributes)
                    == RefreshEquivalenceTests.comparable(want.attributes),
                "\(PathBytes.display(item.path))")
        }
    }

    /// `fsfind forget` beside a watcher's delta: the delta is folded in first, so what it held for
    /// the roots that stay is kept, and the forgotten root's items go from both files.
    @Test func forgettingARootKeepsTheDeltasChangesToTheOthers() throws {
        let folder = TemporaryFolder()
        let kept = Array((folder.path + "/kept").utf8)
        let dropped = Array((folder.path + "/dropped").utf8)
        for root in [kept, dropped] {
            try RefreshEquivalenceTests.makeFolder(root)
            try RefreshEquivalenceTests.write(root + Array("/old.txt".utf8), Array("old\n".utf8))
        }
        let index = folder.file("i.fsfind")
        _ = try Indexer(indexPath: index).run(roots: [kept, dropped], options: CrawlOptions())
        let added = [kept + Array("/new.txt".utf8), dropped + Array("/new.txt".utf8)]
        for path in added { try RefreshEquivalenceTests.write(path, Array("new\n".utf8)) }
        let lock = try IndexLock(indexPath: index, wait: true) { _ in }
        _ = try Indexer(indexPath: index).update(changed: Set(added), holding: lock)
        #expect(try IndexSnapshot(path: index).delta != nil)
        #expect(try Indexer(indexPath: index).forget(roots: [dropped], holding: lock) == 3)
        withExtendedLifetime(lock) {}
        let snapshot = try IndexSnapshot(path: index)
        #expect(snapshot.delta == nil)
        #expect(snapshot.rowIndex(ofPath: added[0]) != nil)
        #expect(
            try snapshot.allItems().map(\.path) == [kept, kept + Array("/new.txt".utf8), kept + Array("/old.txt".utf8)])
    }

    /// A delta written for another base (left by a compaction killed between its rename and its
    /// unlink) is not read, and the next writer removes it.
    @Test func aDeltaOfAnotherBaseIsIgnoredAndRemoved() throws {
        let folder = TemporaryFolder()
        let tree = Array((folder.path + "/tree").utf8)
        try RefreshEquivalenceTests.makeFolder(tree)
        try RefreshEquivalenceTests.write(tree + Array("/one.txt".utf8), Array("one\n".utf8))
        let index = folder.file("i.fsfind")
        _ = try Indexer(indexPath: index).run(roots: [tree], options: CrawlOptions())
        try RefreshEquivalenceTests.write(tree + Array("/two.txt".utf8), Array("two\n".utf8))
        var lock: IndexLock? = try IndexLock(indexPath: index, wait: true) { _ in }
        _ = try Indexer(indexPath: index).update(changed: [tree + Array("/two.txt".utf8)], holding: lock!)
        lock = nil
        #expect(try IndexSnapshot(path: index).itemCount == 3)
        let delta = try Data(contentsOf: URL(fileURLWithPath: IndexSnapshot.deltaPath(forIndex: index)))
        // A new base (as a compaction writes) with the old delta still beside it.
        _ = try Indexer(indexPath: index, now: Date().addingTimeInterval(5)).run(roots: [], options: CrawlOptions())
        try delta.write(to: URL(fileURLWithPath: IndexSnapshot.deltaPath(forIndex: index)))
        let snapshot = try IndexSnapshot(path: index)
        #expect(snapshot.delta == nil)
        #expect(snapshot.itemCount == 3)
        lock = try IndexLock(indexPath: index, wait: true) { _ in }
        #expect(try Indexer(indexPath: index).compact(holding: lock!) == false)
        #expect(access(IndexSnapshot.deltaPath(forIndex: index), F_OK) != 0)
    }

    /// A damaged delta is a clear error for a reader, naming the delta; `fsfind index` removes it
    /// and reads every root again, so nothing it held is lost.
    @Test func aDamagedDeltaIsNamedAndTheNextRefreshReadsEverythingAgain() throws {
        let folder = TemporaryFolder()
        let tree = Array((folder.path + "/tree").utf8)
        let other = Array((folder.path + "/other").utf8)
        for root in [tree, other] { try RefreshEquivalenceTests.makeFolder(root) }
        let index = folder.file("i.fsfind")
        _ = try Indexer(indexPath: index).run(roots: [tree, other], options: CrawlOptions())
        let added = other + Array("/later.txt".utf8)
        try RefreshEquivalenceTests.write(added, Array("later\n".utf8))
        var lock: IndexLock? = try IndexLock(indexPath: index, wait: true) { _ in }
        _ = try Indexer(indexPath: index).update(changed: [added], holding: lock!)
        lock = nil
        let deltaPath = IndexSnapshot.deltaPath(forIndex: index)
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: deltaPath)))
        let sections = try IndexFile(path: deltaPath).sections
        // A byte of a section changed behind its checksum: the overlay (read when a snapshot
        // opens), and the strings (read by a query, and by the watcher's next batch).
        func damaged(_ kind: SectionKind) throws -> [UInt8] {
            let section = try #require(sections.first { $0.kind == kind })
            var bytes = good
            bytes[section.offset + 3] ^= 0xFF
            return bytes
        }
        try Data(try damaged(.overlay)).write(to: URL(fileURLWithPath: deltaPath))
        do {
            _ = try IndexSnapshot(path: index)
            Issue.record("a damaged delta was read")
        } catch {
            #expect(error.code == .indexCorrupt)
            #expect(error.message.contains(".delta"), "\(error.message)")
        }
        // A watcher's next batch gets past it too (it used to fail, and be retried, for ever):
        // the damaged delta goes and every root is read again.
        let copy = folder.file("copy.fsfind")
        try FileManager.default.copyItem(atPath: index, toPath: copy)
        try Data(try damaged(.strings)).write(to: URL(fileURLWithPath: IndexSnapshot.deltaPath(forIndex: copy)))
        let another = tree + Array("/another.txt".utf8)
        try RefreshEquivalenceTests.write(another, Array("another\n".utf8))
        lock = try IndexLock(indexPath: copy, wait: true) { _ in }
        _ = try Indexer(indexPath: copy).update(changed: [another], holding: lock!)
        lock = nil
        let afterBatch = try IndexSnapshot(path: copy)
        #expect(afterBatch.rowIndex(ofPath: added) != nil)
        #expect(afterBatch.rowIndex(ofPath: another) != nil)
        // Refreshing only `tree` still finds what the lost delta held under `other`.
        let summary = try Indexer(indexPath: index).run(roots: [tree], options: CrawlOptions())
        #expect(summary.items >= 3)
        let snapshot = try IndexSnapshot(path: index)
        #expect(snapshot.rowIndex(ofPath: added) != nil)
        #expect(access(deltaPath, F_OK) != 0)
    }

    /// Every path under `root` with what a change to it alters: inode, type, size, mtime, ctime.
    static func signatures(under root: [UInt8]) -> [ByteKey: [Int]] {
        var result: [ByteKey: [Int]] = [:]
        for path in RefreshEquivalenceTests.entries(under: root) {
            var status = stat()
            guard PathBytes.withCString(path, { lstat($0, &status) }) == 0 else { continue }
            result[ByteKey(path)] = [
                Int(status.st_ino), Int(status.st_mode), Int(status.st_size), status.st_mtim.tv_sec,
                status.st_mtim.tv_nsec, status.st_ctim.tv_nsec,
            ]
        }
        return result
    }

}
