import CPlatform
import FSFindCrawl
import FSFindIndexFormat
import FSFindModel
import FSFindText
import Foundation
import Glibc

/// A watcher's batches write a delta beside the base instead of the whole index, so a change
/// costs in proportion to the change and the delta, not to the index (`docs/index-format.md`,
/// "Small updates"); the delta is folded into the base when it grows, and before any other
/// writer starts from the base.
extension Indexer {
    /// Looks again at `changed` paths only, each below a recorded root: one that exists is crawled
    /// (a file: itself; a folder: its subtree) with its root's options, one that does not is
    /// removed with everything below it; the rest of the index is carried over. What `fsfind
    /// watch` runs for a batch of events. Paths a crawl of their root would skip (hidden, excluded)
    /// and paths under no root are ignored.
    ///
    /// The result is a new delta: the old delta's rows outside the batch, and the batch's paths as
    /// they are now. The base is read, never written, unless the delta has grown past
    /// ``DeltaFoldPolicy``'s limits: then it is folded in.
    ///
    /// The folder of each changed path is looked at again alone (its own row: an entry made or
    /// removed changes its times), not what is inside it.
    ///
    /// - Parameters:
    ///   - alone: more folders to look at alone (``reconcile(holding:)``: folders whose own times
    ///     changed).
    ///   - refreshed: roots crawled whole for this batch (``reconcile(holding:)``): their last
    ///     refresh time becomes ``now``.
    ///   - cameAlone: the batch is a change that came alone (``BatchTiming``'s prompt batch), not
    ///     part of a burst: the delta is then folded at the lower limit.
    ///   - foldsHere: false to leave a fold that is due to the caller (``IndexSummary/foldDue``).
    func update(
        changed: Set<[UInt8]>, alone: Set<[UInt8]> = [], refreshed: [[UInt8]] = [], cameAlone: Bool = false,
        foldsHere: Bool = true, holding lock: IndexLock
    ) throws(FSFindError) -> IndexSummary {
        try lock.check(writing: indexPath)
        let clock = ContinuousClock.now
        let deltaPath = IndexSnapshot.deltaPath(forIndex: indexPath)
        IndexSnapshot.removeTemporaryFiles(ofIndex: indexPath)
        let snapshot: IndexSnapshot
        do {
            snapshot = try IndexSnapshot(path: indexPath)
            // Every section of the delta checked now (it is small), so damage anywhere in it is
            // recognised here, not by the batch half-way.
            _ = try snapshot.delta?.readerOfEverything()
        } catch
            where error.code == .indexCorrupt && access(deltaPath, F_OK) == 0
            && (try? IndexFile(path: indexPath)) != nil
        {
            // The base opens on its own, so the damage is the delta's (its header, or a section
            // found bad when read): what it held is found again by reading every root.
            reporter?.problem(path: Array(deltaPath.utf8), message: "\(error.message); reading every folder again")
            unlink(deltaPath)
            return try run(roots: [], options: CrawlOptions(), holding: lock)
        }
        if snapshot.delta == nil { unlink(deltaPath) }  // one written for another base: stale
        // A batch adds words to the store the rows' numbers belong to: one deleted, made again or
        // damaged holds none of the others, so every file is read again (the refresh says why).
        if try storeLacksWords(named: snapshot.textGenerations()) {
            return try run(roots: [], options: CrawlOptions(), holding: lock)
        }
        var roots = try snapshot.roots()
        for index in roots.indices where refreshed.contains(roots[index].path) { roots[index].lastRefresh = now }
        let (crawling, removing) = batchPlan(changed: changed, alone: alone, roots: roots)
        guard !crawling.isEmpty || !removing.isEmpty || !refreshed.isEmpty else {
            var summary = IndexSummary()
            summary.items = snapshot.itemCount
            return summary
        }
        let baseItems = snapshot.base.itemCount
        let storePath = TextStore.path(forIndex: indexPath)
        var summary: IndexSummary
        do {
            summary = try writeDelta(
                snapshot: consume snapshot, roots: roots, crawling: crawling, removing: removing, clock: clock,
                holding: lock)
        } catch  where error.code == .indexCorrupt && error.path == storePath {
            // Damage the batch met in the store: a refresh checks it, starts it again and reads
            // every file's words, instead of failing every batch after this one.
            reporter?.problem(
                path: Array(storePath.utf8), message: "\(error.message); reading every file's words again")
            return try run(roots: [], options: CrawlOptions(), holding: lock)
        }
        // The batch's snapshot and in-memory previous file are gone by now: a fold maps the base
        // again and must not count its pages twice.
        let written = try IndexFile(path: deltaPath)
        let policy = DeltaFoldPolicy.current(baseItems: baseItems)
        let folds = policy.folds(items: written.itemCount, bytes: written.fileSize, cameAlone: cameAlone)
        if folds, !foldsHere {
            summary.foldDue = true
        } else if folds {
            // What the batch freed goes back to the system first: glibc keeps a freed heap, and
            // the fold's peak would come on top of the batch's (`benchmarks/RESULTS.md`, "Numbers
            // that were in code comments").
            fsfind_release_free_memory()
            try compact(holding: lock)
            summary.seconds = Self.seconds(since: clock)
        }
        return summary
    }

    /// What a batch crawls and removes: each changed path (crawled if it is there, removed with
    /// what was below it if it went), then the folder of each alone, as its own row.
    private func batchPlan(changed: Set<[UInt8]>, alone: Set<[UInt8]>, roots: [IndexRoot]) -> (
        crawling: [IndexRoot], removing: [[UInt8]]
    ) {
        // Shortest first, so a path below another changed path is skipped: that one's crawl (or
        // removal) covers it. Ancestors are looked up, not compared pairwise: a burst is thousands.
        var covered: Set<[UInt8]> = []
        /// True when `path`, or a folder above it, is crawled or removed whole already.
        func isCovered(_ path: [UInt8]) -> Bool {
            let ends = path.indices.dropFirst().filter { path[$0] == UInt8(ascii: "/") } + [path.count]
            return ends.contains { covered.contains(Array(path[..<$0])) }
        }
        var crawling: [IndexRoot] = []
        var removing: [[UInt8]] = []
        for path in changed.sorted(by: { $0.count < $1.count }) {
            if isCovered(path) { continue }
            guard let root = roots.admitting(path) else { continue }
            if Self.whyMissing(path) == nil {
                crawling.append(IndexRoot(path: path, options: root.options, lastRefresh: now))
                covered.insert(path)
            } else if path != root.path {
                // A root that went keeps its items, as in a refresh (``missingRootRetention``).
                removing.append(path)
                covered.insert(path)
            }
        }
        var folders = alone
        for path in changed {
            if let slash = path.lastIndex(of: UInt8(ascii: "/")), slash > 0 { folders.insert(Array(path[..<slash])) }
        }
        for folder in folders.sorted(by: { $0.count < $1.count }) {
            if isCovered(folder) { continue }
            guard let root = roots.admitting(folder) else { continue }
            if Self.whyMissing(folder) == nil {
                crawling.append(FolderAlone.root(folder, now: now))
            } else if folder != root.path {
                removing.append(folder)  // gone since: with what was below it
                covered.insert(folder)
            }
        }
        return (crawling, removing)
    }

    /// The batch's refresh, written as the new delta.
    private func writeDelta(
        snapshot: consuming IndexSnapshot, roots: [IndexRoot], crawling: [IndexRoot], removing: [[UInt8]],
        clock: ContinuousClock.Instant, holding lock: IndexLock
    ) throws(FSFindError) -> IndexSummary {
        let output = try DeltaOutput(
            snapshot: snapshot, batch: crawling.filter { !FolderAlone.isAlone($0) }.map(\.path) + removing,
            alone: crawling.filter(FolderAlone.isAlone).map(\.path))
        return try refresh(
            from: PreviousIndex(file: output.previous), roots: roots, crawling: crawling, dropping: [],
            removing: removing, clock: clock, delta: output, holding: lock)
    }

    /// Brings the index up to date with every recorded root, as a refresh does, but writes what
    /// changed as a delta: the crawl is compared with the index, and only the paths that differ
    /// (new, changed, gone, and those the delta already holds) are looked at again by
    /// ``update(changed:alone:refreshed:cameAlone:foldsHere:holding:)``. What `fsfind watch` runs
    /// when it starts and after a lost event: it costs a crawl and the changes, not a rewrite of
    /// the index, and holds no copy of it in memory.
    ///
    /// Falls back to ``run(roots:options:holding:)`` where a refresh has more to do: no index or
    /// a damaged one, one an older fsfind wrote, a new text store, a recorded root that is
    /// missing (its retention), or more changes than a delta holds.
    ///
    /// - Parameter foldsHere: fold a delta left past its limit in this process; false: say so
    ///   (``IndexSummary/foldDue``), for a watcher that folds in a process of its own.
    func reconcile(foldsHere: Bool = true, holding lock: IndexLock) throws(FSFindError) -> IndexSummary {
        try lock.check(writing: indexPath)
        let clock = ContinuousClock.now
        func refresh() throws(FSFindError) -> IndexSummary {
            try run(roots: [], options: CrawlOptions(), holding: lock)
        }
        let found = try reconcileChanges()
        // What the comparison freed goes back to the system before the delta or the refresh
        // allocates its own (glibc keeps a freed heap; at a watcher's start it came on top).
        fsfind_release_free_memory()
        guard let (changed, alone, roots, limit) = found else { return try refresh() }
        // More than a delta holds: the refresh rewrites the index once.
        guard changed.count + alone.count <= limit else { return try refresh() }
        var summary = try update(
            changed: changed, alone: alone, refreshed: roots.map(\.path), foldsHere: foldsHere, holding: lock)
        summary.seconds = Self.seconds(since: clock)
        return summary
    }

    /// What a crawl finds changed since the index was written, for ``reconcile(holding:)``: the
    /// paths to look at again, the folders to look at alone, the roots and the most a delta holds;
    /// nil when a refresh has more to do.
    ///
    /// The crawl's comparison in a function of its own, so what it holds (the previous index's
    /// tables, the snapshot's mappings, the rows seen) is gone before the delta is written and
    /// folded: kept, it was on top of a fold at a watcher's start (`benchmarks/RESULTS.md`,
    /// "Numbers that were in code comments").
    private func reconcileChanges() throws(FSFindError) -> (
        changed: Set<[UInt8]>, alone: Set<[UInt8]>, roots: [IndexRoot], limit: Int
    )? {
        guard let snapshot = try? IndexSnapshot(path: indexPath), let roots = try? snapshot.roots(),
            snapshot.base.itemCount == 0 || snapshot.base.hasColumn(.fsOwnerUserID),
            roots.allSatisfy({ Self.whyMissing($0.path) == nil }), !roots.isEmpty,
            try !storeLacksWords(named: snapshot.textGenerations())
        else { return nil }
        let base = snapshot.base
        let previous: PreviousIndex
        do {
            previous = try PreviousIndex(file: base, forCopying: false)
        } catch {
            return nil
        }
        // The delta's paths are looked at again whatever the crawl finds: one that went while no
        // watcher ran is not in the base for the crawl to miss.
        var changed: Set<[UInt8]> = []
        var alone: Set<[UInt8]> = []
        // Read whole, as a batch checks it (a delta is small: ``DeltaFoldPolicy``).
        if let delta = try snapshot.delta?.readerOfEverything() {
            // A folder of the delta alone: its entries are rows of their own, or the base's.
            for row in 0..<delta.itemCount {
                let path = delta.path(at: row)
                if case .text("public.folder")? = delta.value(of: .contentType, at: row) {
                    alone.insert(path)
                } else {
                    changed.insert(path)
                }
            }
        }
        var seen = [Bool](repeating: false, count: base.itemCount)
        let limit = DeltaFoldPolicy.current(baseItems: base.itemCount).burstItems
        let stream = RefreshStream(roots: roots, full: false, identifyThreads: 1, crawlThreads: Self.crawlThreads)
        _ = try stream.run(previous: previous) { (chunk) throws(FSFindError) in
            previous.comparedSteps(chunk.steps.count)
            for step in chunk.steps {
                switch step {
                case .keep(let row, _):
                    seen[row] = true
                case .read(let entry, let oldRow, _):
                    if oldRow >= 0 { seen[oldRow] = true }
                    // A folder that was there: its own row only; its entries are judged one by one.
                    if oldRow >= 0, entry.fileType == .directory {
                        if alone.count <= limit { alone.insert(entry.path) }
                    } else if changed.count <= limit {
                        changed.insert(entry.path)
                    }
                case .problem(let path, let message):
                    reporter?.problem(path: path, message: message)
                case .progress, .rootDone, .vanished:
                    break
                }
            }
        }
        for root in roots {
            for range in base.rows(within: root.path) {
                for row in range where !seen[row] && changed.count <= limit {
                    changed.insert(previous.reader.path(at: row))
                }
            }
        }
        return (changed, alone, roots, limit)
    }

    /// Folds the delta of the index at `indexPath` under its lock: what `fsfind watch` runs in a
    /// process of its own, so the fold's memory (a copy of the whole base) is never the watcher's.
    package static func foldDelta(ofIndex indexPath: String) throws(FSFindError) {
        let lock = try IndexLock(indexPath: indexPath, wait: true) { _ in }
        defer { withExtendedLifetime(lock) {} }
        try Indexer(indexPath: indexPath).compact(holding: lock)
    }

    /// Folds the delta, when there is one, into a new base and removes it; removes a delta that
    /// belongs to another base (left by a compaction killed before its last step) or to no base.
    /// `fsfind index` and `forget` start with it, so they always start from one whole file and
    /// never lose a watcher's changes. Returns true when a delta was folded in.
    ///
    /// - Throws: ``FSFindError`` `.indexCorrupt` naming the delta when it is damaged (it is
    ///   removed first; what it held is found again by the next refresh of its roots).
    @discardableResult
    func compact(holding lock: IndexLock) throws(FSFindError) -> Bool {
        try lock.check(writing: indexPath)
        let deltaPath = IndexSnapshot.deltaPath(forIndex: indexPath)
        IndexSnapshot.removeTemporaryFiles(ofIndex: indexPath)
        guard access(deltaPath, F_OK) == 0 else { return false }
        guard (try? IndexFile(path: indexPath)) != nil else {
            // No base, or a damaged one (rebuilt by the refresh that follows): the delta is of no
            // use.
            unlink(deltaPath)
            return false
        }
        let snapshot: IndexSnapshot
        let delta: IndexReader?
        do {
            // Opened as every reader opens it; under the lock neither file changes in between.
            snapshot = try IndexSnapshot(path: indexPath)
            // The delta's own rows, read as a file of its own (row k is its row k).
            delta = try snapshot.delta?.readerOfEverything()
        } catch {
            unlink(deltaPath)
            throw error
        }
        // Written section by section, never whole in memory (a fold rewrites the whole base).
        guard let delta, let file = try snapshot.folded(delta: delta, createdAt: now, replacing: indexPath) else {
            unlink(deltaPath)  // written for another base
            return false
        }
        // The new base first, then the delta goes: a reader in between sees a delta whose stamp
        // is not the new base's and reads the base alone, which holds everything.
        try file.commit()
        unlink(deltaPath)
        return true
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let duration = start.duration(to: .now)
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// A folder looked at again alone: its own row, not what is inside it. Crawled as a root whose
/// every entry is excluded (the crawler never applies excludes to the root it is given), and
/// marked by that option so the refresh does not take its unseen entries for gone.
enum FolderAlone {
    static let excludeEverything = "*"

    static func root(_ folder: [UInt8], now: Date) -> IndexRoot {
        IndexRoot(
            path: folder, options: CrawlOptions(includeHidden: false, excludes: [excludeEverything]), lastRefresh: now)
    }

    static func isAlone(_ root: IndexRoot) -> Bool {
        root.options.excludes == [excludeEverything]
    }
}
