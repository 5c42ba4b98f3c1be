import FSFindCrawl
import FSFindModel

/// `fsfind watch`'s two entry points: the command takes the watcher's lock, prepares the process
/// (signals, priority) and then hands over; the loop's parts stay behind ``watch``.
extension LiveIndexer {
    /// The lock that makes the caller the index's only watcher (`INDEX.watch.lock`), to hold until
    /// exit; a second watcher is told who holds it.
    package static func lock(watching indexPath: String) throws(FSFindError) -> IndexLock {
        do {
            return try IndexLock(indexPath: indexPath, suffix: WatcherStatus.lockSuffix, wait: false) { _ in }
        } catch  where error.code == .locked {
            let pid = IndexLock.holder(of: indexPath + WatcherStatus.lockSuffix)?.pid ?? 0
            throw FSFindError(.locked, "another 'fsfind watch' (pid \(pid)) is already watching \(indexPath)")
        }
    }

    /// Brings the index up to date (``start(roots:options:)``), tells `started` what that did,
    /// then watches until SIGTERM or SIGINT (``run()``) and returns the signal that ended it.
    /// - Parameters:
    ///   - status: the lock ``lock(watching:)`` took.
    ///   - watchLimit: fewer watches than the kernel allows (``FolderWatcher/init(limit:)``).
    ///   - unwatchedRefresh: how often folders left unwatched by the limit are refreshed (nil: ``defaultUnwatchedRefresh``).
    ///   - foldCommand: the program and arguments that fold the delta in a process of their own
    ///     (`fsfind fold-worker --index INDEX`, which calls ``Indexer/foldDelta(ofIndex:)``); nil
    ///     folds in this process.
    package static func watch(
        indexer: Indexer, status: IndexLock, roots: [[UInt8]], options: CrawlOptions, watchLimit: Int?,
        unwatchedRefresh: Duration?, foldCommand: (executable: String, arguments: [String])? = nil,
        report: @escaping (Report) -> Void, started: (IndexSummary) -> Void
    ) throws(FSFindError) -> Int32 {
        let live = try LiveIndexer(
            indexer: indexer, status: status, watchLimit: watchLimit,
            unwatchedRefresh: unwatchedRefresh ?? defaultUnwatchedRefresh,
            fold: foldCommand.map { FoldProcess(executable: $0.executable, arguments: $0.arguments) }, report: report)
        started(try live.start(roots: roots, options: options))
        return try live.run()
    }
}
