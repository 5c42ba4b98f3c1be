import CPlatform
import FSFindCrawl
import FSFindExtraction
import FSFindIndexFormat
import FSFindModel
import FSFindText
import Foundation
import Glibc

/// Runs `fsfind index`: crawls roots, reuses what is unchanged, identifies the rest, and replaces
/// the index file atomically.
///
/// Entries under roots that this run does not crawl are carried over untouched, so indexing
/// `~/Music` never drops `~/Documents`, and a recorded root that has gone missing keeps its items
/// (for ``missingRootRetention``) while the others are refreshed. An entry whose ``FileIdentity`` (device, inode, size, mtime,
/// ctime) equals the old one keeps its metadata without being opened again, unless `full`.
package struct Indexer: Sendable {
    package var indexPath: String
    package var full: Bool
    package var reporter: (any IndexReporter)?
    /// The instant recorded as `addedDate` for new items and as the roots' refresh time.
    package var now: Date
    /// How content attributes are read: in worker processes for `fsfind index`, in process for
    /// tests and tools that have no worker executable.
    package var pipeline: ExtractionPipeline
    /// The language the text store stems in (``TextStore/languages``); nil keeps the store's. A
    /// change starts the store again, so every file is read once.
    package var language: String?

    package init(
        indexPath: String, full: Bool = false, reporter: (any IndexReporter)? = nil, language: String? = nil,
        now: Date = Date(), pipeline: ExtractionPipeline = ExtractionPipeline()
    ) {
        self.indexPath = indexPath
        self.full = full
        self.reporter = reporter
        self.language = language
        self.now = now
        self.pipeline = pipeline
    }

    /// ``run(roots:options:holding:)`` under a lock this call takes (waiting for another holder)
    /// and releases.
    package func run(roots: [[UInt8]], options: CrawlOptions) throws(FSFindError) -> IndexSummary {
        let lock = try IndexLock(indexPath: indexPath, wait: true) { _ in }
        defer { withExtendedLifetime(lock) {} }
        return try run(roots: roots, options: options, holding: lock)
    }

    /// Crawls `roots` (absolute, resolved paths) with `options`, or every recorded root with its
    /// recorded options when `roots` is empty, and writes the new index.
    ///
    /// - Parameter lock: the index's lock, which the caller must hold for the whole run (the
    ///   argument makes that a requirement, not a convention).
    package func run(roots requested: [[UInt8]], options: CrawlOptions, holding lock: IndexLock) throws(FSFindError)
        -> IndexSummary
    {
        guard lock.indexPath == indexPath else {
            throw FSFindError.broken("the lock held is for \(lock.indexPath), not \(indexPath)")
        }
        let clock = ContinuousClock.now
        // The caller holds the index lock, so any temporary file beside the index is a leftover
        // of a run that was killed before its rename.
        IndexWriter.removeTemporaryFiles(of: indexPath)
        // A watcher's delta is folded in first: this run starts from one whole file.
        do {
            try compact(holding: lock)
        } catch  where error.code == .indexCorrupt {
            reporter?.problem(path: Array(indexPath.utf8), message: "\(error.message); reading every folder again")
            if !requested.isEmpty { _ = try run(roots: [], options: options, holding: lock) }
        }
        let (previous, olderRoots) = try openPrevious()
        // An index whose text store is new (made by an older fsfind, with `--no-content`, with the
        // store deleted or of an older layout), damaged or another than the index's has no words
        // for its unchanged files: read every file once, as `--full` would.
        // Likewise an index an older fsfind wrote, without the columns every item now has
        // (the owner, which every item has, tags …): its kept rows would lack them.
        let olderColumns = previous.map { $0.file.itemCount > 0 && !$0.file.hasColumn(.fsOwnerUserID) } ?? false
        var storeIsNew = false
        if let previous, !olderColumns { storeIsNew = try storeLacksWords(of: previous.file) }
        if previous != nil, olderColumns || storeIsNew {
            return try Indexer(
                indexPath: indexPath, full: true, reporter: reporter, language: language, now: now, pipeline: pipeline
            ).runReading(
                requested: requested, options: options, previous: previous, olderRoots: olderRoots, clock: clock)
        }
        return try runReading(
            requested: requested, options: options, previous: previous, olderRoots: olderRoots, clock: clock)
    }

    /// ``run(roots:options:holding:)`` once the previous index is open.
    private func runReading(
        requested: [[UInt8]], options: CrawlOptions, previous: PreviousIndex?, olderRoots: [IndexRoot],
        clock: ContinuousClock.Instant
    ) throws(FSFindError) -> IndexSummary {
        var roots = previous.flatMap { try? $0.file.roots() } ?? olderRoots
        var toCrawl: [IndexRoot]
        var expired: [IndexRoot] = []
        if requested.isEmpty {
            guard !roots.isEmpty else {
                throw FSFindError(
                    .usage, "no folders are recorded in \(indexPath)",
                    remedy: .nameFolders)
            }
            // A recorded root that is gone (deleted, unmounted, renamed) must not stop the
            // others from being refreshed: its items stay, as they were, until it has been
            // missing for `missingRootRetention`, and it is named on every run.
            toCrawl = []
            for root in roots {
                guard let reason = Self.whyMissing(root.path) else {
                    toCrawl.append(root)
                    continue
                }
                let keptUntil = root.lastRefresh.addingTimeInterval(Self.missingRootRetention)
                if keptUntil <= now {
                    expired.append(root)
                    reporter?.missingRoot(path: root.path, reason: reason, keptUntil: nil)
                } else {
                    reporter?.missingRoot(path: root.path, reason: reason, keptUntil: keptUntil)
                }
            }
            roots.removeAll { root in expired.contains { $0.path == root.path } }
        } else {
            toCrawl = requested.map { IndexRoot(path: $0, options: options, lastRefresh: now) }
            for root in toCrawl {
                roots.removeAll { $0.path == root.path }
                roots.append(root)
            }
            roots.sort { $0.path.lexicographicallyPrecedes($1.path) }
        }
        do {
            return try refresh(from: previous, roots: roots, crawling: toCrawl, dropping: expired, clock: clock)
        } catch  where error.code == .indexCorrupt && previous != nil {
            // Damage the checksums did not catch, found while copying: start again from nothing,
            // crawling every recorded root so that none is lost.
            reporter?.problem(path: Array(indexPath.utf8), message: "\(error.message); rebuilding it from scratch")
            let all = roots.compactMap { root in
                toCrawl.first { $0.path == root.path } ?? (Self.whyMissing(root.path) == nil ? root : nil)
            }
            return try refresh(from: nil, roots: roots, crawling: all, dropping: [], clock: clock)
        }
    }

    /// How long the items of a recorded root that has gone missing are kept, counted from its last
    /// complete refresh: long enough for a drive that is away for a holiday, short enough that a
    /// folder deleted for good leaves the index within a month. `fsfind forget` drops one at once.
    package static let missingRootRetention: TimeInterval = 30 * 24 * 3600

    /// True when nothing is at `path` any more (`ENOENT`, or `ENOTDIR`: a folder on its way is a
    /// file now): a path read with a problem is then taken as deleted, not as unreadable.
    static func isGone(_ path: [UInt8]) -> Bool {
        PathBytes.withCString(PathBytes.trimmed(path), { FileStatus.of($0, in: AT_FDCWD) }) == nil
            && Crawler.meansDeleted(errno)
    }

    /// Why the recorded root at `path` cannot be crawled now (its `stat` fails), or nil.
    static func whyMissing(_ path: [UInt8]) -> String? {
        guard PathBytes.withCString(PathBytes.trimmed(path), { FileStatus.of($0, in: AT_FDCWD) }) == nil else {
            return nil
        }
        return String(cString: strerror(errno))
    }

    /// Removes `forgotten` (recorded roots, by path) and their items from the index, under the
    /// lock the caller holds; items that also lie under a remaining root stay. Returns how many
    /// items went.
    /// - Throws: ``FSFindError`` (`.usage`) naming a path that is not a recorded root.
    package func forget(roots forgotten: [[UInt8]], holding lock: IndexLock) throws(FSFindError) -> Int {
        guard lock.indexPath == indexPath else {
            throw FSFindError.broken("the lock held is for \(lock.indexPath), not \(indexPath)")
        }
        // A damaged delta is removed by the attempt; its changes come back with the next refresh.
        _ = try? compact(holding: lock)
        let previous = try PreviousIndex(file: try IndexFile(path: indexPath))
        var roots = try previous.file.roots()
        var dropped: [IndexRoot] = []
        for path in forgotten {
            guard let root = roots.first(where: { $0.path == PathBytes.trimmed(path) }) else {
                let recorded = roots.map { PathBytes.display($0.path) }.joined(separator: ", ")
                throw FSFindError(
                    .usage,
                    "\(PathBytes.display(path)) is not a folder of the index \(indexPath) (its folders: \(recorded))")
            }
            dropped.append(root)
            roots.removeAll { $0.path == root.path }
        }
        var plan = RefreshPlan(oldCount: previous.count)
        let removed = Self.drop(dropped, keeping: roots, from: previous, in: &plan)
        var builder = try IndexBuilder(old: previous.file)
        let rows = plan.rows(builder: builder, previous: previous)
        try builder.write(
            rows: rows, oldLastUsed: plan.lastUsed, roots: roots, createdAt: now, replacing: indexPath
        ).commit()
        // The forgotten files' words go too (readers already ignore them: no row names them).
        if access(TextStore.path(forIndex: indexPath), F_OK) == 0 {
            try removeStaleText(
                from: try TextStore(path: TextStore.path(forIndex: indexPath), create: true), paths: nil)
        }
        return removed
    }

    /// Marks the rows under `dropped` roots removed, except those under a root in `remaining`
    /// (an enclosing root, or one nested inside); returns how many.
    static func drop(
        _ dropped: [IndexRoot], keeping remaining: [IndexRoot], from previous: PreviousIndex, in plan: inout RefreshPlan
    ) -> Int {
        var removed = 0
        for root in dropped {
            // An enclosing root still covers every item below this one.
            if remaining.contains(where: { PathBytes.isWithin(root.path, folder: $0.path) }) { continue }
            let nested = remaining.filter { PathBytes.isWithin($0.path, folder: root.path) }
            for range in previous.rows(within: root.path) {
                for row in range where plan.state[row] == .unseen {
                    if !nested.isEmpty {
                        let path = previous.file.path(at: row)
                        if nested.contains(where: { PathBytes.isWithin(path, folder: $0.path) }) { continue }
                    }
                    plan.state[row] = .removed
                    removed += 1
                }
            }
        }
        return removed
    }

    /// One pass: crawl, keep what is unchanged, read what is new or changed, write the file.
    ///
    /// The crawl, libmagic and the extractors run as one pipeline (``RefreshStream``); this thread
    /// extracts and stages each chunk in crawl order, so the plan and the builder see exactly the
    /// sequence a serial crawl would give.
    func refresh(
        from previous: PreviousIndex?, roots allRoots: [IndexRoot], crawling toCrawl: [IndexRoot],
        dropping expired: [IndexRoot], removing gone: [[UInt8]] = [], clock: ContinuousClock.Instant,
        delta: DeltaOutput? = nil
    ) throws(FSFindError) -> IndexSummary {
        var roots = allRoots
        let oldCount = previous?.count ?? 0
        var builder = try IndexBuilder(old: previous?.file)
        var plan = RefreshPlan(oldCount: oldCount)
        var summary = IndexSummary()
        var progress = IndexProgress(items: 0, elapsed: 0, currentFolder: "")
        var lastReport = clock
        var stream = RefreshStream(
            roots: toCrawl, full: full, identifyThreads: Self.identifyThreads, crawlThreads: Self.crawlThreads)
        // Chunks wait here until they hold enough files for the extractors: one extraction call
        // per few thousand files keeps both workers busy (per 256-entry chunk, their idle tails
        // cost a first index 17%), while the crawl and libmagic go on ahead.
        var waiting: [RefreshStream.Chunk] = []
        var waitingReads = 0
        var waitingText = 0
        // Crawl roots that were gone when their crawl began (``RefreshStream/Step/vanished(_:)``).
        var vanished: [[UInt8]] = []
        // The words of new and changed files go into the text store in one transaction, committed
        // before the index is replaced; what the new index no longer names is removed after
        // (`docs/full-text.md`: a reader of either index sees a consistent pair).
        // A first index starts a new store: whatever one was left beside a deleted or damaged
        // index names no row of it.
        let store = try openTextStore(fresh: previous == nil)
        // Set and not cleared: the last run was killed between its commit and its collection.
        let collectEverything = try store?.collectionPending() ?? false
        let words = try store?.begin()
        try words?.markCollectionPending()
        // SQLite indexes the words on a thread of its own while the next batch is read.
        let feeder = words.map { TextStoreFeeder($0) }
        if feeder != nil { stream.identifyNice = Self.identifyNiceWithWords }
        // The extraction workers pack the words and cut them with the store's tokenizer, so the
        // feeder's thread (the longest serial step of a run with words) only indexes them.
        var pipeline = self.pipeline
        pipeline.wordCutter = store?.wordCutterSpec
        // Files with the same bytes as an earlier one of the run name its words, not read again.
        let twins = TextTwins()
        func stage() throws(FSFindError) {
            let batch = waiting.flatMap(\.items)
            let roles = feeder == nil ? [:] : twins.roles(of: batch, pipeline: pipeline)
            var items = pipeline.run(batch, withoutText: Set(roles.filter(\.value.isTwin).keys)).makeIterator()
            var position = 0
            var rootDone = false
            for chunk in waiting {
                for step in chunk.steps {
                    switch step {
                    case .keep(let row, let accessTime):
                        plan.keep(row, accessTime: accessTime)
                    case .read(let entry, let oldRow, let sameFile):
                        // One item per read step, in the same order (the identify stage's contract).
                        guard var item = items.next() else { throw FSFindError.broken("a chunk lost an item") }
                        let role = roles[position]
                        position += 1
                        // Deleted between the crawl and its reading (libmagic's or an extractor's
                        // open found nothing): not an error and not an item. Its old row, unseen,
                        // goes with the rest of what its crawled root no longer has.
                        if item.problem != nil, Self.isGone(item.path) {
                            if case .original(let slot) = role { twins.settle(slot, document: nil, failed: true) }
                            continue
                        }
                        // An unreadable file is an error, named on stderr (folders are named by the
                        // crawl that could not list them).
                        if let problem = item.problem, problem.kind == .unreadable, entry.fileType != .directory {
                            reporter?.problem(path: item.path, message: problem.reason)
                        }
                        if oldRow >= 0 {
                            plan.state[oldRow] = .replaced
                            summary.changed += 1
                        } else {
                            summary.new += 1
                        }
                        item.attributes[.addedDate] =
                            sameFile.flatMap { previous?.file.value(of: .addedDate, at: $0) } ?? .date(now)
                        if let feeder {
                            try storeWords(
                                of: &item, role: role, feeder: feeder, twins: twins, pipeline: pipeline,
                                summary: &summary)
                        }
                        plan.staged(try builder.stage(item), replacing: oldRow)
                        progress.read += 1
                    case .problem(let path, let message):
                        reporter?.problem(path: path, message: message)
                    case .progress(let items, let folder, let toRead):
                        progress.items = items
                        progress.currentFolder = folder
                        progress.toRead = toRead
                        progress.elapsed = Self.seconds(since: clock)
                        reporter?.progress(progress)
                    case .rootDone(let path, let items, let toRead):
                        if let index = roots.firstIndex(where: { $0.path == path }) { roots[index].lastRefresh = now }
                        progress.items = items
                        progress.toRead = toRead
                        rootDone = true
                    case .vanished(let path):
                        vanished.append(path)
                    }
                }
            }
            // A batch's items were made on the identify threads and its texts on the extraction
            // threads, and both were freed on this one or the feeder's, each thread with its own
            // malloc arena, whose holes stay resident: the free pages are given back after every
            // batch that read a thousand files or any text (not after the hundreds of batches of a
            // refresh that mostly keeps rows). A first index of /usr/share/doc peaked at 241-270
            // MiB without, 188-205 with; one of 1,000,000 entries without words at 547 MiB
            // without, 493 with (benchmarks/RESULTS.md).
            if waitingReads >= Self.extractionBatch / 4 || waitingText > 0 { fsfind_release_free_memory() }
            waiting = []
            waitingReads = 0
            waitingText = 0
            // While files are read (the long part of a first index) the line moves too.
            if let reporter, progress.read > 0, rootDone || lastReport.duration(to: .now) > .milliseconds(100) {
                lastReport = .now
                progress.toRead = max(progress.toRead, progress.read)
                progress.elapsed = Self.seconds(since: clock)
                reporter.progress(progress)
            }
        }
        let outcome = try stream.run(previous: previous) { (chunk) throws(FSFindError) in
            previous?.comparedSteps(chunk.steps.count)
            waiting.append(chunk)
            waitingReads += chunk.items.count
            waitingText += chunk.items.reduce(0) { $0 + pipeline.textBytes(for: $1) }
            // A batch's worth of files, or as many chunks as the queue holds (a refresh that keeps
            // nearly every row must not wait for files that never come), or as much text as one
            // batch may hold in memory.
            if waitingReads >= Self.extractionBatch || waiting.count >= RefreshStream.identifiedCapacity
                || waitingText >= Self.textBatchBytes
            {
                try stage()
            }
        }
        try stage()
        // The crawl's threads are gone: what their arenas still hold goes back before the write,
        // where a first index peaks (the last batch may have been too small to trim after).
        fsfind_release_free_memory()
        previous?.crawlFinished()
        summary.opened = outcome.filesOpened

        // Old entries under a crawled root that the crawl did not see are gone; the others, under
        // roots not crawled this time, are carried over.
        // A recorded root that went while it was to be crawled keeps its items, as a missing
        // root does; any other path that went (a watcher's batch names paths a build deletes a
        // moment later) is a deletion, with everything that was below it.
        let vanishedRoots = vanished.filter { path in allRoots.contains { $0.path == path } }
        if delta == nil {
            for path in vanishedRoots {
                reporter?.problem(path: path, message: "deleted while it was being indexed; its items are kept")
            }
        }
        let gone = gone + vanished.filter { !vanishedRoots.contains($0) }
        if let previous {
            // (A folder looked at alone, ``FolderAlone``, says nothing of what is inside it.)
            for root in toCrawl where !FolderAlone.isAlone(root) && !vanishedRoots.contains(root.path) {
                for range in previous.rows(within: root.path) { summary.removed += plan.remove(unseenIn: range) }
            }
            // Paths a watcher saw go, with everything below them.
            for path in gone {
                for range in previous.rows(within: path) { summary.removed += plan.remove(unseenIn: range) }
            }
            // Roots missing for longer than the retention go, with their items.
            summary.removed += Self.drop(expired, keeping: roots, from: previous, in: &plan)
        }
        let rows = plan.rows(builder: builder, previous: previous)
        // A watcher's batch writes the delta: its rows, and where each goes among the base's.
        let overlay = delta.map { $0.overlay(rows: rows, builder: builder) }
        // Written section by section into a temporary file (never whole in memory), renamed into
        // place once the words are committed; or, when nothing but the roots' times changed, the
        // previous file copied as it is.
        let file: IndexFileWriter
        if delta == nil, let previous,
            let unchanged = try Self.unchanged(
                previous, rows: rows, plan: plan, summary: summary, roots: roots, store: store)
        {
            file = try previous.file.copy(
                refreshed: roots.map(\.lastRefresh), lastUsed: unchanged.accessed ? plan.lastUsed : nil, createdAt: now,
                replacing: indexPath)
            (summary.unreadable, summary.unparsable) = (unchanged.unreadable, unchanged.unparsable)
            summary.copied = true
        } else {
            file = try builder.write(
                rows: rows, oldLastUsed: plan.lastUsed, roots: roots, createdAt: now, overlay: overlay,
                textGeneration: store?.generation,
                replacing: delta == nil ? indexPath : IndexSnapshot.deltaPath(forIndex: indexPath))
            summary.unreadable = builder.unreadableWritten
            summary.unparsable = builder.unparsableWritten
        }
        summary.items = overlay.map { rows.count + (delta?.base.itemCount ?? 0) - $0.hiddenCount } ?? rows.count
        try feeder?.finish()
        try words?.commit()
        try file.commit()
        if let store {
            // Only the paths whose old row went or changed can have stale words, unless a run was
            // killed after its commit (its words may name files never indexed): then everything
            // is checked. A file read again as it was replaces its own copy when added.
            try removeStaleText(
                from: store, paths: collectEverything ? nil : plan.changedPaths(previous))
        }
        summary.seconds = Self.seconds(since: clock)
        return summary
    }

    /// When a refresh wrote nothing but its roots' refresh times and its rows' access times, its
    /// previous file's problem counts (unreadable, unparsable) and whether an access time is new;
    /// nil when anything else would differ: an item new, changed or gone, a row not copied in
    /// place, other roots or options, another text store, or a file in an older format (which a
    /// refresh upgrades). The file is then copied instead of written again, only the
    /// `lastUsedDate` column encoded anew when an access time changed
    /// (``IndexFile/copy(refreshed:lastUsed:createdAt:replacing:)``): on the million-entry tree a
    /// second of a three-second refresh.
    private static func unchanged(
        _ previous: PreviousIndex, rows: [RowSource], plan: RefreshPlan, summary: IndexSummary, roots: [IndexRoot],
        store: TextStore?
    ) throws(FSFindError) -> (unreadable: Int, unparsable: Int, accessed: Bool)? {
        let file = previous.file
        guard summary.new == 0, summary.changed == 0, summary.removed == 0, file.isCurrentFormat,
            rows.count == file.itemCount, previous.count == file.itemCount
        else { return nil }
        for (position, row) in rows.enumerated() where row != .old(position) { return nil }
        let old = try file.roots()
        guard old.count == roots.count,
            zip(old, roots).allSatisfy({ $0.path == $1.path && $0.options == $1.options })
        else { return nil }
        // The numbers of the rows' words belong to one store: the same one.
        if let documents = try file.textDocuments() {
            guard let generation = store?.generation, generation == documents.generation else { return nil }
        }
        // A kept row's access time replaces its stored one (``RefreshPlan/keep(_:accessTime:)``).
        guard let lastUsed = file.columnView(.lastUsedDate)?.reader() else { return nil }
        var accessed = false
        for (row, cell) in plan.lastUsed.enumerated() where cell != IndexFormat.absent64 && lastUsed.cell(row) != cell {
            accessed = true
            break
        }
        let (unreadable, unparsable) = try file.problemCounts()
        return (unreadable, unparsable, accessed)
    }

    /// At most this much text (by the files' sizes, capped at the text limit) waits in one
    /// extraction batch, so a folder of big logs cannot hold gigabytes in memory.
    private static let textBatchBytes = 16 << 20

    /// Queues `item`'s words for the text store (and gives it its document number): those the
    /// extraction worker cut, or the text it brought; for a twin (``TextTwins``), its original's
    /// document, or its own words when the original could not be read.
    private func storeWords(
        of item: inout IndexedItem, role: TextTwins.Role?, feeder: TextStoreFeeder, twins: TextTwins,
        pipeline: ExtractionPipeline, summary: inout IndexSummary
    ) throws(FSFindError) {
        if case .twin(let slot) = role {
            if let document = twins.document(of: slot), !twins.originalFailed(slot) {
                item.textDocument = try feeder.link(path: item.path, identity: item.identity, document: document)
                summary.sharedWords += 1
                return
            }
            guard twins.originalFailed(slot), item.problem == nil else { return }
            // The original's words could not be read (it changed, or its reading failed): this
            // one reads its own.
            item = pipeline.run([item])[0]
        }
        if let cut = item.cutText {
            // Packed and cut by the extraction worker: the feeder's thread only indexes.
            item.textDocument = try feeder.add(path: item.path, identity: item.identity, cut: cut)
            item.cutText = nil
        } else if let content = item.content, !content.isEmpty {
            // Packed here, while the feeder's thread indexes earlier documents.
            item.textDocument = try feeder.add(
                path: item.path, identity: item.identity, text: content, packed: try TextStore.pack(content))
            item.content = nil
        }
        if case .original(let slot) = role {
            // Read with a problem, or written to while read: its words may not be its compared bytes'.
            twins.settle(slot, document: item.textDocument, failed: item.problem != nil || item.changedWhileRead)
        }
    }

    /// The text store beside the index, created when missing; nil when content is not read.
    /// With `verify`, checked page by page and started again when damaged (``TextStore/damage``).
    func openTextStore(fresh: Bool = false, verify: Bool = false) throws(FSFindError) -> TextStore? {
        guard pipeline.textLimit > 0 else { return nil }
        return try TextStore(
            path: TextStore.path(forIndex: indexPath), create: true, language: language, fresh: fresh, verify: verify)
    }

    /// Opens the text store as this run will write it (created when missing, checked page by page
    /// and started again when damaged) and says whether every file must be read again for its
    /// words, as `--full` does: the store is new (missing, made with `--no-content` or by an older
    /// fsfind, of an older layout or another language), was damaged, or is not the store whose
    /// document numbers `file`'s rows carry (made again under a watcher: its numbers name other
    /// words), which is then started again too. Said on the reporter when the index had words.
    private func storeLacksWords(of file: IndexFile) throws(FSFindError) -> Bool {
        let path = TextStore.path(forIndex: indexPath)
        let existed = access(path, F_OK) == 0
        guard let store = try openTextStore(verify: true) else { return false }
        let named = try file.textDocuments()?.generation
        let reason: String
        if let damage = store.damage {
            reason = "the text store is damaged (\(damage))"
        } else if store.isNew {
            guard !existed, named != nil else { return true }
            reason = "the text store was missing"
        } else if let named, named != store.generation {
            reason = "the text store is not the one the index was written with"
            _ = try openTextStore(fresh: true)
        } else {
            return false
        }
        reporter?.problem(path: Array(path.utf8), message: "\(reason); reading every file's words again")
        return true
    }

    /// True when a batch cannot add to the text store: the store is missing, damaged or another
    /// than the one whose numbers the rows carry (`generations`). Opens nothing for writing, so
    /// the refresh that follows (``storeLacksWords(of:)``) sees the store as the batch found it.
    func storeLacksWords(named generations: Set<UInt64>) throws(FSFindError) -> Bool {
        guard pipeline.textLimit > 0 else { return false }
        let path = TextStore.path(forIndex: indexPath)
        guard access(path, F_OK) == 0 else { return true }
        do throws(FSFindError) {
            let store = try TextStore(path: path, create: false)
            return !generations.isEmpty && store.generation.map { generations != [$0] } ?? true
        } catch  where error.code == .indexCorrupt || error.code == .indexMissing {
            return true
        }
    }

    /// Removes the documents of files the index just written no longer has, as they are: a
    /// changed file's old words, a deleted file's, and those a killed run left behind. Looks at
    /// the documents of `paths` (nil: of every path), and clears the pending mark.
    private func removeStaleText(from store: TextStore, paths: [[UInt8]]?) throws(FSFindError) {
        if let paths, paths.isEmpty {
            // Nothing replaced or removed (a first index, a refresh that changed nothing or only
            // added): no document can be stale, and the index just written need not be read.
            try store.write { writer throws(FSFindError) in try writer.clearCollectionPending() }
            return
        }
        let index = try IndexSnapshot(path: indexPath)
        // The lookups read names, strings and identities, each checked whole on first use: a
        // section at a time here, pages given back.
        for file in index.files { try file.prepare([], identities: true, problems: false, releasingPages: true) }
        var lookups = 0
        let current = { (path: [UInt8], identity: FileIdentity) -> Bool in
            // Thousands of binary searches touch pages all over a million-row index: given back
            // every thousand, so a burst's batch does not keep the whole index resident.
            lookups += 1
            if lookups % 1024 == 0 { for file in index.files { file.releaseAllPages() } }
            guard let row = index.rowIndex(ofPath: path) else { return false }
            return index.identity(at: row) == identity
        }
        _ = try store.write { writer throws(FSFindError) in
            if let paths {
                _ = try writer.removeDocuments(atPaths: paths, keeping: current)
            } else {
                _ = try writer.removeDocuments(keeping: current)
            }
            try writer.clearCollectionPending()
        }
    }

    /// Opens and verifies the old index; a missing one is an empty start, a damaged one is
    /// reported and rebuilt. One written by an older fsfind is rebuilt too, crawling the roots it
    /// records (returned as the second value), so an upgrade keeps the folders a cron line
    /// refreshes.
    private func openPrevious() throws(FSFindError) -> (PreviousIndex?, [IndexRoot]) {
        do {
            return (try PreviousIndex(file: try IndexFile(path: indexPath)), [])
        } catch  where error.code == .indexMissing {
            return (nil, [])
        } catch  where error.code == .indexCorrupt {
            let roots = IndexFile.rootsOfOlderFormat(path: indexPath) ?? []
            let remedy = roots.isEmpty ? "rebuilding it from scratch" : "rebuilding it from its recorded folders"
            reporter?.problem(path: Array(indexPath.utf8), message: "\(error.message); \(remedy)")
            return (nil, roots)
        }
    }

    /// Threads that list and stat folders: one per core, up to 4 (past that the disk, not the
    /// cores, is the limit).
    static let crawlThreads = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4)

    /// Files handed to the extractors at once (see `refresh`).
    private static let extractionBatch = 4096

    /// How much nicer the libmagic threads are in a run that reads words: the text store's writer is
    /// one thread, the longest serial step of such a run, and among three libmagic threads, two
    /// extraction workers and the indexer's thread it got a third of a core until libmagic was done,
    /// then worked alone at the end. At nice 10 (a tenth of its weight) a first index of
    /// /usr/share/doc took 4.90 s instead of 5.37 (six alternating rounds; nice 5: 5.29, nice 19:
    /// as 10). A run without words has no such thread and keeps libmagic at the run's priority.
    static let identifyNiceWithWords: Int32 = 10

    /// Threads that run libmagic: one per core, plus one to cover the waits of the crawl and the
    /// extractors (measured on two cores: 2 % faster than one per core; docs/pipeline.md).
    private static let identifyThreads = max(ProcessInfo.processInfo.activeProcessorCount, 1) + 1
}
