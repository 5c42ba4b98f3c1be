import CPlatform
import FSFindExtraction
import FSFindIndexFormat
import FSFindModel
import FSFindText

/// One refresh pass, from the crawl's first chunk to the commit: the state its phases hand one
/// another. ``Indexer/refresh(from:roots:crawling:dropping:removing:clock:delta:holding:)`` runs
/// the phases in order:
///
/// 1. **compare** (``compare(_:)``, ``removeUnseen(crawled:gone:expired:quietly:)``): the crawl
///    against the previous index, chunk by chunk in crawl order, gathered into batches by the
///    ``RefreshBatchPolicy``; then the old rows the crawl did not see go;
/// 2. **stage a batch** (``stageBatch()``): the batch's files extracted, their words queued for
///    the text store, their items staged in the update;
/// 3. **finish** (``finish(delta:holding:)``): the new index written beside the old one (or the old
///    one copied), not yet in place;
/// 4. **commit** (``CommitOrder``): the words, then the index, then the stale words.
struct RefreshRun {
    let indexer: Indexer
    let previous: PreviousIndex?
    let clock: ContinuousClock.Instant
    /// Every root the new index records; a crawled root's refresh time becomes ``Indexer/now``
    /// when its crawl is done.
    var roots: [IndexRoot]
    /// The new index: the previous one's rows kept, replaced or removed, and the items read.
    var update: IndexUpdate
    var summary = IndexSummary()
    var progress = IndexProgress(items: 0, elapsed: 0, currentFolder: "")
    var lastReport: ContinuousClock.Instant
    let policy: RefreshBatchPolicy
    /// Chunks compared and not yet staged, and what they hold.
    var waiting: [RefreshStream.Chunk] = []
    var waitingSize = RefreshBatchPolicy.Waiting()
    /// Crawl roots that were gone when their crawl began (``RefreshStream/Step/vanished(_:)``).
    var vanished: [[UInt8]] = []
    /// Where the words go; nil when the run reads none (`--no-content`).
    let words: RefreshWords?
    /// The indexer's pipeline, cutting words with the store's tokenizer.
    let pipeline: ExtractionPipeline

    init(
        indexer: Indexer, previous: PreviousIndex?, roots: [IndexRoot], clock: ContinuousClock.Instant,
        policy: RefreshBatchPolicy = RefreshBatchPolicy()
    ) throws(FSFindError) {
        self.indexer = indexer
        self.previous = previous
        self.roots = roots
        self.clock = clock
        self.policy = policy
        lastReport = clock
        update = try IndexUpdate(previous: previous?.file)
        // A first index starts a new store: whatever one was left beside a deleted or damaged
        // index names no row of it.
        words = try indexer.openTextStore(fresh: previous == nil).map { store throws(FSFindError) in
            try RefreshWords(store: store)
        }
        // The extraction workers pack the words and cut them with the store's tokenizer, so the
        // feeder's thread (the longest serial step of a run with words) only indexes them.
        var pipeline = indexer.pipeline
        pipeline.wordCutter = words?.store.wordCutterSpec
        self.pipeline = pipeline
    }

    // MARK: - Compare

    /// Runs `stream` (the crawl, compared entry by entry with the previous index, and libmagic)
    /// and takes its chunks in crawl order, staging a batch whenever the policy says it is full.
    mutating func compare(_ stream: RefreshStream) throws(FSFindError) {
        let outcome = try stream.run(previous: previous) { (chunk) throws(FSFindError) in
            previous?.comparedSteps(chunk.steps.count)
            waiting.append(chunk)
            waitingSize.add(
                files: chunk.items.count, textBytes: chunk.items.reduce(0) { $0 + pipeline.textBytes(for: $1) })
            if policy.isFull(waitingSize) { try stageBatch() }
        }
        // The identify threads are gone, their libmagic cookies closed: what those freed goes
        // back before the last batch is read, where a first index peaks with both workers alive.
        fsfind_release_free_memory()
        try stageBatch()
        // The crawl's threads are gone: what their arenas still hold goes back before the write,
        // where a first index peaks (the last batch may have been too small to trim after).
        fsfind_release_free_memory()
        previous?.crawlFinished()
        summary.opened = outcome.filesOpened
    }

    /// Marks removed the old rows the crawl did not see under a crawled root (those under roots
    /// not crawled this time are carried over), those below a path a watcher saw go (`gone`), and
    /// those of `expired` roots. A recorded root that went while it was to be crawled keeps its
    /// items, as a missing root does (named on the reporter unless `quietly`); any other path that
    /// went (a watcher's batch names paths a build deletes a moment later) is a deletion, with
    /// everything that was below it.
    mutating func removeUnseen(
        crawled: [IndexRoot], gone: [[UInt8]], expired: [IndexRoot], quietly: Bool
    ) {
        let vanishedRoots = vanished.filter { path in roots.contains { $0.path == path } }
        if !quietly {
            for path in vanishedRoots {
                indexer.reporter?.problem(path: path, message: "deleted while it was being indexed; its items are kept")
            }
        }
        let gone = gone + vanished.filter { !vanishedRoots.contains($0) }
        guard let previous else { return }
        // (A folder looked at alone, ``FolderAlone``, says nothing of what is inside it.)
        for root in crawled where !FolderAlone.isAlone(root) && !vanishedRoots.contains(root.path) {
            for range in previous.rows(within: root.path) { summary.removed += update.remove(unseenIn: range) }
        }
        for path in gone {
            for range in previous.rows(within: path) { summary.removed += update.remove(unseenIn: range) }
        }
        // Roots missing for longer than the retention go, with their items.
        summary.removed += Indexer.drop(expired, keeping: roots, from: previous, in: &update)
    }
}
