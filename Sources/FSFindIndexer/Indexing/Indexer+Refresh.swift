import FSFindExtraction
import FSFindIndexFormat
import FSFindModel

extension Indexer {
    /// One pass: crawl, keep what is unchanged, read what is new or changed, write the file; the
    /// phases of a ``RefreshRun`` in order.
    ///
    /// The crawl, libmagic and the extractors run as one pipeline (``RefreshStream``); this thread
    /// extracts and stages each batch in crawl order, so the update sees exactly the
    /// sequence a serial crawl would give.
    ///
    /// - Parameters:
    ///   - allRoots: every root the new index records.
    ///   - toCrawl: the roots (or, for a watcher's batch, paths) crawled this time.
    ///   - expired: recorded roots dropped with their items (``missingRootRetention``).
    ///   - gone: paths a watcher saw go, removed with everything below them.
    ///   - delta: set for a watcher's batch, which writes the delta instead of the index.
    ///   - lock: the index's lock, which the caller holds; the commit checks it guards this index.
    func refresh(
        from previous: PreviousIndex?, roots allRoots: [IndexRoot], crawling toCrawl: [IndexRoot],
        dropping expired: [IndexRoot], removing gone: [[UInt8]] = [], clock: ContinuousClock.Instant,
        delta: DeltaOutput? = nil, holding lock: IndexLock
    ) throws(FSFindError) -> IndexSummary {
        var run = try RefreshRun(indexer: self, previous: previous, roots: allRoots, clock: clock)
        var stream = RefreshStream(
            roots: toCrawl, full: full, identifyThreads: Self.identifyThreads, crawlThreads: Self.crawlThreads)
        if run.words != nil { stream.identifyNice = Self.identifyNiceWithWords }
        try run.compare(stream)
        // Every file is read. A watcher's batch keeps its workers for the next batch; an index
        // run ends them before the write (`docs/decisions.md`, "The memory of the whole process
        // tree").
        if delta == nil { run.pipeline.endIdleWorkers() }
        run.removeUnseen(crawled: toCrawl, gone: gone, expired: expired, quietly: delta != nil)
        let order = try run.finish(delta: delta, holding: lock)
        try order.commit()
        run.summary.seconds = Self.seconds(since: clock)
        return run.summary
    }
}
