import CPlatform
import FSFindCrawl
import FSFindIndexFormat
import FSFindModel
import FSFindPlatform
import Foundation
import Glibc
import SystemPackage

/// `fsfind watch`'s loop: inotify events in, small batches of paths out to ``Indexer/update``.
///
/// Every indexed folder is watched (the folders come from the index just written, so no second
/// crawl). A change that comes alone is applied as soon as its events are read; events that keep
/// coming are gathered until they pause (``BatchTiming``), so a checkout of thousands of files is
/// a few batches, not thousands. The paths they name are looked at again under the index lock,
/// which `fsfind index` shares: the two never write at once.
/// A lost event (the kernel's queue overflowed) makes the next batch a refresh of every root. The
/// process waits in `poll` on the inotify and signal descriptors with no timeout when nothing is
/// pending, so an idle watcher uses no CPU. SIGTERM or SIGINT ends it between batches (a batch
/// being written is finished; events not yet applied are found by the next start's refresh).
final class LiveIndexer {
    /// How often folders that could not be watched (the inotify limit) are refreshed.
    static let defaultUnwatchedRefresh: Duration = .seconds(300)
    /// How long a batch that failed (a full disk, say) waits before it is tried again.
    static let retryAfter: Duration = .seconds(30)

    private var indexer: Indexer
    private let watcher: FolderWatcher
    private let status: IndexLock
    private let report: (WatchReport) -> Void
    private let unwatchedRefresh: Duration
    private var limitReached = false
    /// Folders left unwatched by the limit, refreshed every ``unwatchedRefresh``.
    private var unwatched: Set<[UInt8]> = []
    /// The roots as the index last recorded them: what is indexed again if the index file is
    /// deleted under the watcher.
    private var roots: [IndexRoot] = []
    /// New versions of the index, to notice roots `fsfind index PATH` or `fsfind forget` added or
    /// removed while the watcher runs. Nil when the index's folder cannot be watched.
    private let indexChanges: IndexChanges?
    /// The index's own files, whose events are not changes (``IndexOwnFiles``).
    private let ownFiles: IndexOwnFiles
    /// Where a fold that a batch leaves due runs: a process of its own, or (nil) this one.
    private let fold: FoldProcess?

    /// - Parameters:
    ///   - status: the held `.watch.lock`, where the last update is recorded for `fsfind status`.
    ///   - watchLimit: fewer watches than the kernel allows (``FolderWatcher/init(limit:)``).
    ///   - unwatchedRefresh: how often folders left unwatched by the limit are refreshed.
    ///   - fold: the process that folds the delta when a batch leaves it too large; nil: in this one.
    init(
        indexer: Indexer, status: IndexLock, watchLimit: Int? = nil,
        unwatchedRefresh: Duration = defaultUnwatchedRefresh, fold: FoldProcess? = nil,
        report: @escaping (WatchReport) -> Void
    ) throws(FSFindError) {
        self.unwatchedRefresh = unwatchedRefresh
        self.fold = fold
        self.indexer = indexer
        self.status = status
        self.report = report
        self.watcher = try FolderWatcher(limit: watchLimit)
        self.indexChanges = try? IndexChanges(indexPath: indexer.indexPath)
        self.ownFiles = IndexOwnFiles(indexPath: indexer.indexPath)
    }

    /// Brings the index up to date before watching: the folders an existing index holds are
    /// watched first, so a change made during the refresh is an event, not a loss; then `requested`
    /// roots are indexed (every recorded root refreshed when it is empty), and the folders the new
    /// index holds are watched.
    func start(roots requested: [[UInt8]], options: CrawlOptions) throws(FSFindError) -> IndexSummary {
        if access(indexer.indexPath, F_OK) == 0 { try watchIndexedFolders(within: nil) }
        // Roots it already records (or none named): a crawl compared with the index, the changes
        // written as a delta; a new root: indexed as `fsfind index PATH` does.
        let recorded = (try? IndexSnapshot(path: indexer.indexPath).roots()) ?? []
        let known = requested.allSatisfy { path in
            recorded.contains { $0.path == path && $0.options == options }
        }
        let summary = try withIndexLock { lock throws(FSFindError) in
            known && !recorded.isEmpty
                ? try indexer.reconcile(foldsHere: fold == nil, holding: lock)
                : try indexer.run(roots: requested, options: options, holding: lock)
        }
        foldIfDue(summary)
        try watchIndexedFolders(within: nil)
        for root in roots where PathBytes.withCString(root.path, { access($0, F_OK) }) != 0 {
            watchForReturn(of: root.path)
        }
        recordUpdate()
        fsfind_release_free_memory()
        return summary
    }

    /// Watches until SIGTERM or SIGINT; returns the signal that ended it.
    func run() throws(FSFindError) -> Int32 {
        // Blocked (the caller blocked them before any thread began, `fsfind_block_termination`;
        // again here for this thread), so they wait for the signal descriptor instead of ending
        // the process mid-batch.
        let signalDescriptor = try InotifyEvents.terminationDescriptor()
        defer { _ = try? signalDescriptor.close() }

        var batch = Batch()
        var timing = BatchTiming()
        var nextUnwatchedRefresh = ContinuousClock.now + unwatchedRefresh
        var retryAt: ContinuousClock.Instant?
        while true {
            var due: ContinuousClock.Instant?
            if let retryAt {
                due = retryAt
            } else if let batchDue = batch.due(timing, at: .now) {
                due = batchDue
            } else if limitReached {
                due = nextUnwatchedRefresh
            }
            var descriptors = [
                pollfd(fd: watcher.descriptor.rawValue, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalDescriptor.rawValue, events: Int16(POLLIN), revents: 0),
                // A negative descriptor is ignored by poll(2): no index changes to wait for.
                pollfd(fd: indexChanges?.descriptor.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            // An interrupted wait is tried again for what is left of it.
            let ready = retryingOnInterrupt { poll(&descriptors, 3, due.map(Self.milliseconds(until:)) ?? -1) }
            if ready < 0 {
                throw FSFindError.system("poll", .init(rawValue: errno), "cannot wait for changes")
            }
            if descriptors[1].revents != 0 {
                let number = fsfind_signalfd_read(signalDescriptor.rawValue)
                if number != 0 { return Int32(number) }
            }
            if descriptors[0].revents != 0, take(watcher.read(), into: &batch) { timing.noted(at: .now) }
            if descriptors[2].revents != 0, indexChanges?.replaced() == true { followRoots() }

            let now = ContinuousClock.now
            if let waiting = retryAt, now < waiting { continue }
            if let batchDue = batch.due(timing, at: now), retryAt != nil || now >= batchDue {
                let prompt = timing.isPrompt(paths: batch.paths, everything: batch.everything, at: now)
                let cpu = Self.processCPUTime()
                do throws(FSFindError) {
                    try apply(batch, prompt: prompt)
                    batch = Batch()
                    timing.applied(prompt: prompt, cost: Self.processCPUTime() - cpu, at: .now)
                    retryAt = nil
                } catch {
                    report(
                        .notice(
                            "could not update the index: \(error.message); trying again in "
                                + "\(Self.retryAfter.components.seconds) s"))
                    retryAt = now + Self.retryAfter
                }
            } else if limitReached, timing.firstEvent == nil, now >= nextUnwatchedRefresh {
                var refresh = Batch()
                refresh.changed = unwatched
                try? apply(refresh)
                nextUnwatchedRefresh = now + unwatchedRefresh
            }
        }
    }

    /// The events gathered for the next update.
    private struct Batch {
        var changed: Set<[UInt8]> = []
        /// Folders whose own row only is looked at again (``FolderWatcher/Events/alone``).
        var alone: Set<[UInt8]> = []
        /// Watched folders deleted or moved away: their watches (and those below) are dropped.
        var gone: Set<[UInt8]> = []
        /// Events were lost: every root is refreshed.
        var everything = false
        /// Files created and not yet closed after writing (``FolderWatcher/Events/unclosed``).
        var unclosed: Set<[UInt8]> = []

        var paths: Int { changed.count + alone.count }

        /// When `timing` says this batch is due; nil when nothing is pending.
        func due(_ timing: BatchTiming, at now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
            timing.due(paths: paths, unclosed: !unclosed.isEmpty, everything: everything, at: now)
        }
    }

    /// Adds what `events` say changed to `batch`; true when the batch changed (an event to time).
    private func take(_ events: FolderWatcher.Events, into batch: inout Batch) -> Bool {
        if events.overflowed {
            batch.everything = true
            report(.notice("some changes were lost (the kernel's event queue overflowed): refreshing every folder"))
        }
        for folder in events.gone where roots.contains(where: { $0.path == folder }) {
            report(
                .notice(
                    "the indexed folder \(PathBytes.display(folder)) was deleted or moved away; "
                        + "its items are kept until it returns or is forgotten, the other folders are still watched"))
            watchForReturn(of: folder)
        }
        for folder in events.newFolders where !limitReached {
            // Watched now, before the batch crawls it; what the limit leaves out is refreshed later.
            if let root = roots.admitting(folder) { watchTree(folder, of: root) }
        }
        // Only paths under a root: a missing root's parent is watched for its return, and its
        // other entries are none of the index's business.
        let indexed = { (path: [UInt8]) in
            self.roots.contains { PathBytes.isWithin(path, folder: $0.path) } && !self.ownFiles.contains(path)
        }
        let changed = events.changed.filter(indexed)
        let alone = events.alone.filter(indexed)
        batch.changed.formUnion(changed)
        batch.alone.formUnion(alone)
        batch.changed.formUnion(events.gone)
        batch.gone.formUnion(events.gone)
        batch.unclosed.subtract(events.settled)
        batch.unclosed.formUnion(events.unclosed.filter(indexed))
        return !changed.isEmpty || !alone.isEmpty || !events.gone.isEmpty || events.overflowed
    }

    /// Folds the delta in the fold's process when the batch (or the start's reconcile) left it
    /// due. Its lock is the index's, which the batch has let go; the batch itself is written, so a
    /// fold that fails loses nothing and the next batch tries again.
    private func foldIfDue(_ summary: IndexSummary) {
        guard summary.foldDue, let fold else { return }
        fsfind_release_free_memory()
        do throws(FSFindError) {
            try fold.run()
        } catch {
            report(.notice("\(error.message); the next batch tries again"))
        }
    }

    /// Applies one batch under the index lock, then watches the folders it brought; `prompt`: the
    /// batch is a change that came alone (``BatchTiming/isPrompt(paths:everything:at:)``).
    private func apply(_ batch: Batch, prompt: Bool = false) throws(FSFindError) {
        for folder in batch.gone { watcher.forget(below: folder) }
        indexer.now = Date()
        var everything = batch.everything
        let summary: IndexSummary
        if access(indexer.indexPath, F_OK) != 0 {
            // The index file was deleted under the watcher: index the roots it had again.
            report(.notice("the index file \(indexer.indexPath) was deleted: indexing every folder again"))
            summary = try reindex()
            everything = true
        } else {
            summary = try withIndexLock { lock throws(FSFindError) in
                everything
                    ? try indexer.reconcile(foldsHere: fold == nil, holding: lock)
                    : try indexer.update(
                        changed: batch.changed, alone: batch.alone, cameAlone: prompt, foldsHere: fold == nil,
                        holding: lock)
            }
        }
        foldIfDue(summary)
        if everything {
            try watchIndexedFolders(within: nil)
        } else {
            // Only a changed path that is a folder now can bring folders to watch: a batch of files
            // (most of them) does not open the index again to find none.
            let folders = batch.changed.filter(Self.isFolder)
            if !folders.isEmpty { try watchIndexedFolders(within: folders) }
        }
        recordUpdate()
        // A batch's buffers are freed but glibc keeps the pages; an idle watcher should not hold
        // a batch's worth of memory until the next one.
        fsfind_release_free_memory()
        report(.applied(paths: batch.changed.count, summary: summary, everything: everything))
    }

    /// Indexes the remembered roots again, each with its own options.
    private func reindex() throws(FSFindError) -> IndexSummary {
        var total = IndexSummary()
        for root in roots {
            let summary = try withIndexLock { lock throws(FSFindError) in
                try indexer.run(roots: [root.path], options: root.options, holding: lock)
            }
            total.items = summary.items
            total.new += summary.new
            total.seconds += summary.seconds
            total.opened += summary.opened
            total.sharedWords += summary.sharedWords
        }
        return total
    }

    private func withIndexLock<T>(_ body: (IndexLock) throws(FSFindError) -> T) throws(FSFindError) -> T {
        let lock = try IndexLock(indexPath: indexer.indexPath, wait: true) { _ in }
        defer { withExtendedLifetime(lock) {} }
        return try body(lock)
    }

    /// Watches every folder the index holds (within `paths`, when given), and remembers the roots.
    private func watchIndexedFolders(within paths: Set<[UInt8]>?) throws(FSFindError) {
        // What is read below checked first, each section's pages given back after its checksum.
        let index = try IndexSnapshot(path: indexer.indexPath).reader(for: [.contentType], releasingPages: true)
        roots = try index.snapshot.roots()
        var rows: [Range<Int>] = []
        if let paths {
            for path in paths { rows += index.snapshot.rows(within: path) }
        } else {
            rows = [0..<index.itemCount]
        }
        // Every row is looked at, so the index's pages are given back now and then and at the
        // end: kept, they were most of a watcher's memory at its start (`benchmarks/RESULTS.md`,
        // "Numbers that were in code comments").
        var looked = 0
        defer { for file in index.snapshot.files { file.releaseAllPages() } }
        for range in rows {
            for row in range {
                looked += 1
                if looked % (1 << 16) == 0 { for file in index.snapshot.files { file.releaseAllPages() } }
                guard case .text("public.folder")? = index.value(of: .contentType, at: row) else { continue }
                let folder = index.path(at: row)
                if limitReached {
                    unwatched.insert(folder)
                    continue
                }
                switch watcher.watch(folder) {
                case .success: unwatched.remove(folder)
                case .failure(.limitReached):
                    reachedLimit()
                    unwatched.insert(folder)
                case .failure(.other):
                    continue  // gone since the index was written: its parent's events cover it
                }
            }
        }
    }

    /// Whether `path` is a folder now (not a link to one).
    private static func isFolder(_ path: [UInt8]) -> Bool {
        guard let descriptor = try? PathBytes.open(path, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        else { return false }
        _ = try? descriptor.close()
        return true
    }

    /// After a new version of the index (the watcher's own, or an `fsfind index` or `forget`
    /// run's): a root added is watched with its tree, a root removed is no longer watched.
    private func followRoots() {
        guard let now = try? IndexSnapshot.roots(ofIndex: indexer.indexPath) else { return }
        let before = roots
        roots = now
        for root in now where !before.contains(where: { $0.path == root.path }) { watchTree(root.path, of: root) }
        for root in before where !now.contains(where: { $0.path == root.path }) {
            // Folders of another root inside it stay watched (watched again just below).
            watcher.forget(below: root.path)
            for inner in now where PathBytes.isWithin(inner.path, folder: root.path) {
                watchTree(inner.path, of: inner)
            }
        }
    }

    /// Watches `folder` and the folders below it that `root`'s options admit; the watch limit, if
    /// reached, is said once.
    private func watchTree(_ folder: [UInt8], of root: IndexRoot) {
        if watcher.watchTree(folder, admits: { root.options.admits($0, below: root.path) }) == .limitReached {
            reachedLimit()
        }
    }

    /// Watches the folder that held a root that is gone, so the root's return (recreated, moved
    /// back, a drive mounted again) is an event: the batch then crawls it and watches its tree.
    private func watchForReturn(of root: [UInt8]) {
        guard let slash = root.lastIndex(of: UInt8(ascii: "/")) else { return }
        let parent = slash == 0 ? [UInt8(ascii: "/")] : Array(root[..<slash])
        _ = watcher.watch(parent)
    }

    /// Says once that the watch limit is reached; from now on new folders are refreshed
    /// periodically instead of watched.
    private func reachedLimit() {
        guard !limitReached else { return }
        limitReached = true
        report(
            .notice(
                "the inotify watch limit is reached after \(watcher.count) folders: raise "
                    + "fs.inotify.max_user_watches (sysctl); the other folders are refreshed every "
                    + "\(unwatchedRefresh.components.seconds) s"))
    }

    /// The time of the last update, for `fsfind status` (``IndexLock/holder(of:)`` reads it).
    private func recordUpdate() {
        status.record([String(Date().timeIntervalSince1970)])
    }

    private static func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: instant)
        guard left > .zero else { return 0 }
        return Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
    }
}
