import FSFindCrawl
import FSFindModel

/// `fsfind watch`'s one entry point: the command prepares the process (signals, priority) once
/// the watcher's lock is held, and the lock, the loop and its parts stay behind ``watch``.
extension Indexer {
    /// Takes the index's watch lock (``LiveIndexer/lock(watching:)``), calls `locked`, brings the
    /// index up to date (``LiveIndexer/start(roots:options:)``), tells `started` what that did,
    /// then watches until SIGTERM or SIGINT (``LiveIndexer/run()``) and returns the signal that
    /// ended it. The lock is held until this returns.
    /// - Parameters:
    ///   - locked: what the command does once it is the index's only watcher, before any work.
    ///   - watchLimit: fewer watches than the kernel allows (``FolderWatcher/init(limit:)``).
    ///   - unwatchedRefresh: how often folders left unwatched by the limit are refreshed (nil:
    ///     ``LiveIndexer/defaultUnwatchedRefresh``).
    ///   - foldCommand: the program and arguments that fold the delta in a process of their own
    ///     (`fsfind fold-worker --index INDEX`, which calls ``Indexer/foldDelta(ofIndex:)``); nil
    ///     folds in this process.
    /// - Throws: ``FSFindError`` `.locked` naming the watcher that already runs, or what `locked`
    ///   throws.
    package func watch(
        roots: [[UInt8]], options: CrawlOptions, watchLimit: Int?, unwatchedRefresh: Duration?,
        foldCommand: (executable: String, arguments: [String])? = nil, locked: () throws(FSFindError) -> Void,
        report: @escaping (WatchReport) -> Void, started: (IndexSummary) -> Void
    ) throws(FSFindError) -> Int32 {
        let status = try LiveIndexer.lock(watching: indexPath)
        defer { withExtendedLifetime(status) {} }
        try locked()
        let live = try LiveIndexer(
            indexer: self, status: status, watchLimit: watchLimit,
            unwatchedRefresh: unwatchedRefresh ?? LiveIndexer.defaultUnwatchedRefresh,
            fold: foldCommand.map { FoldProcess(executable: $0.executable, arguments: $0.arguments) }, report: report)
        started(try live.start(roots: roots, options: options))
        return try live.run()
    }
}

extension LiveIndexer {
    /// The lock that makes the caller the index's only watcher (`INDEX.watch.lock`), to hold until
    /// exit; a second watcher is told who holds it.
    static func lock(watching indexPath: String) throws(FSFindError) -> IndexLock {
        do {
            return try IndexLock(indexPath: indexPath, suffix: WatcherStatus.lockSuffix, wait: false) { _ in }
        } catch  where error.code == .locked {
            let pid = IndexLock.holder(of: indexPath + WatcherStatus.lockSuffix)?.pid ?? 0
            throw FSFindError(.locked, "another 'fsfind watch' (pid \(pid)) is already watching \(indexPath)")
        }
    }
}
