import FSFindCrawl
import FSFindExtraction
import FSFindIndexFormat
import FSFindModel
import FSFindPlatform
import FSFindText
import Foundation
import Glibc
import SystemPackage

/// Runs `fsfind index`: crawls roots, reuses what is unchanged, identifies the rest, and replaces
/// the index file atomically.
///
/// Entries under roots that this run does not crawl are carried over untouched, so indexing
/// `~/Music` never drops `~/Documents`, and a recorded root that has gone missing keeps its items
/// (for ``missingRootRetention``) while the others are refreshed. An entry whose ``FileIdentity`` (device, inode, size, mtime,
/// ctime) equals the old one keeps its metadata without being opened again, unless `full`.
package struct Indexer: Sendable {
    var indexPath: String
    var full: Bool
    var reporter: (any IndexReporter)?
    /// The instant recorded as `addedDate` for new items and as the roots' refresh time.
    var now: Date
    /// How content attributes are read: in worker processes for `fsfind index`, in process for
    /// tests and tools that have no worker executable.
    var pipeline: ExtractionPipeline
    /// The language the text store stems in (``TextStore/languages``); nil keeps the store's. A
    /// change starts the store again, so every file is read once.
    var language: String?

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

    /// ``run(roots:options:holding:)`` under the index's lock, which this call takes and releases:
    /// `fsfind index` names no lock, so no caller can run without one.
    /// - Parameters:
    ///   - wait: wait for another holder (else throw `.locked` at once).
    ///   - onWait: called once with the holder's pid (0 when unknown) before waiting.
    package func run(
        roots: [[UInt8]], options: CrawlOptions, wait: Bool = true, onWait: (Int32) -> Void = { _ in }
    ) throws(FSFindError) -> IndexSummary {
        let lock = try IndexLock(indexPath: indexPath, wait: wait, onWait: onWait)
        defer { withExtendedLifetime(lock) {} }
        return try run(roots: roots, options: options, holding: lock)
    }

    /// Crawls `roots` (absolute, resolved paths) with `options`, or every recorded root with its
    /// recorded options when `roots` is empty, and writes the new index.
    ///
    /// - Parameter lock: the index's lock, which the caller must hold for the whole run (the
    ///   argument makes that a requirement, not a convention).
    func run(roots requested: [[UInt8]], options: CrawlOptions, holding lock: IndexLock) throws(FSFindError)
        -> IndexSummary
    {
        try lock.check(writing: indexPath)
        let clock = ContinuousClock.now
        // The caller holds the index lock, so any temporary file beside the index is a leftover
        // of a run that was killed before its rename.
        IndexSnapshot.removeTemporaryFiles(ofIndex: indexPath)
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
                requested: requested, options: options, previous: previous, olderRoots: olderRoots, clock: clock,
                holding: lock)
        }
        return try runReading(
            requested: requested, options: options, previous: previous, olderRoots: olderRoots, clock: clock,
            holding: lock)
    }

    /// ``run(roots:options:holding:)`` once the previous index is open.
    private func runReading(
        requested: [[UInt8]], options: CrawlOptions, previous: PreviousIndex?, olderRoots: [IndexRoot],
        clock: ContinuousClock.Instant, holding lock: IndexLock
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
            return try refresh(
                from: previous, roots: roots, crawling: toCrawl, dropping: expired, clock: clock, holding: lock)
        } catch  where error.code == .indexCorrupt && previous != nil {
            // Damage the checksums did not catch, found while copying: start again from nothing,
            // crawling every recorded root so that none is lost.
            reporter?.problem(path: Array(indexPath.utf8), message: "\(error.message); rebuilding it from scratch")
            let all = roots.compactMap { root in
                toCrawl.first { $0.path == root.path } ?? (Self.whyMissing(root.path) == nil ? root : nil)
            }
            return try refresh(from: nil, roots: roots, crawling: all, dropping: [], clock: clock, holding: lock)
        }
    }

    /// How long the items of a recorded root that has gone missing are kept, counted from its last
    /// complete refresh: long enough for a drive that is away for a holiday, short enough that a
    /// folder deleted for good leaves the index within a month. `fsfind forget` drops one at once.
    package static let missingRootRetention: TimeInterval = 30 * 24 * 3600

    /// True when nothing is at `path` any more (`ENOENT`, or `ENOTDIR`: a folder on its way is a
    /// file now): a path read with a problem is then taken as deleted, not as unreadable.
    static func isGone(_ path: [UInt8]) -> Bool {
        Crawler.missing(path).map { Crawler.meansDeleted($0.rawValue) } ?? false
    }

    /// Why the recorded root at `path` cannot be crawled now (its `stat` fails), or nil.
    static func whyMissing(_ path: [UInt8]) -> String? {
        Crawler.missing(path).map { String(cString: strerror($0.rawValue)) }
    }

    /// ``forget(roots:holding:)`` under the index's lock, taken and released as
    /// ``run(roots:options:wait:onWait:)`` takes it.
    package func forget(roots: [[UInt8]], wait: Bool, onWait: (Int32) -> Void) throws(FSFindError) -> Int {
        let lock = try IndexLock(indexPath: indexPath, wait: wait, onWait: onWait)
        defer { withExtendedLifetime(lock) {} }
        return try forget(roots: roots, holding: lock)
    }

    /// Removes `forgotten` (recorded roots, by path) and their items from the index, under the
    /// lock the caller holds; items that also lie under a remaining root stay. Returns how many
    /// items went.
    /// - Throws: ``FSFindError`` (`.usage`) naming a path that is not a recorded root.
    func forget(roots forgotten: [[UInt8]], holding lock: IndexLock) throws(FSFindError) -> Int {
        try lock.check(writing: indexPath)
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
        var update = try IndexUpdate(previous: previous.file)
        let removed = Self.drop(dropped, keeping: roots, from: previous, in: &update)
        let file = try update.write(roots: roots, createdAt: now, replacing: indexPath)
        // The forgotten files' words go too, after the index (readers already ignore them: no row
        // names them).
        let storePath = TextStore.path(forIndex: indexPath)
        let stale =
            access(storePath, F_OK) == 0
            ? CommitOrder.StaleWords(
                store: { () throws(FSFindError) in try TextStore(path: storePath, create: true) }, documents: nil)
            : nil
        try CommitOrder(holding: lock, feeder: nil, file: file, staleWords: stale).commit()
        return removed
    }

    /// Removes the rows under `dropped` roots, except those under a root in `remaining`
    /// (an enclosing root, or one nested inside); returns how many.
    static func drop(
        _ dropped: [IndexRoot], keeping remaining: [IndexRoot], from previous: PreviousIndex,
        in update: inout IndexUpdate
    ) -> Int {
        var removed = 0
        for root in dropped {
            // An enclosing root still covers every item below this one.
            if remaining.contains(where: { PathBytes.isWithin(root.path, folder: $0.path) }) { continue }
            let nested = remaining.filter { PathBytes.isWithin($0.path, folder: root.path) }.map(\.path)
            for range in previous.rows(within: root.path) {
                removed += update.remove(unseenIn: range, unless: nested)
            }
        }
        return removed
    }

    /// The text store beside the index, created when missing; nil when content is not read.
    /// With `verify`, checked page by page and started again when damaged (``TextStore/damage``).
    func openTextStore(fresh: Bool = false, verify: Bool = false) throws(FSFindError) -> TextStore? {
        guard pipeline.textLimit > 0 else { return nil }
        return try TextStore(
            path: TextStore.path(forIndex: indexPath), create: true, language: language, fresh: fresh, verify: verify)
    }

    /// Opens the text store as this run will write it (created when missing, checked page by page
    /// when it was written after the index (``TextStoreCheck``) and started again when damaged) and says whether every file must be read again for its
    /// words, as `--full` does: the store is new (missing, made with `--no-content` or by an older
    /// fsfind, of an older layout or another language), was damaged, or is not the store whose
    /// document numbers `file`'s rows carry (made again under a watcher: its numbers name other
    /// words), which is then started again too. Said on the reporter when the index had words.
    private func storeLacksWords(of file: IndexFile) throws(FSFindError) -> Bool {
        let path = TextStore.path(forIndex: indexPath)
        let existed = access(path, F_OK) == 0
        guard let store = try openTextStore(verify: TextStoreCheck.isNeeded(forIndex: indexPath)) else { return false }
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

    /// How much nicer the libmagic threads are in a run that reads words: the text store's writer is
    /// one thread, the longest serial step of such a run, and among three libmagic threads, two
    /// extraction workers and the indexer's thread it got a third of a core until libmagic was done,
    /// then worked alone at the end. At nice 10 (a tenth of its weight) a first index of
    /// /usr/share/doc was nearly a tenth faster; nice 5 gained less, nice 19 no more
    /// (`benchmarks/RESULTS.md`, "The first index with words under 3× the metadata-only one").
    /// A run without words has no such thread and keeps libmagic at the run's priority.
    static let identifyNiceWithWords: Int32 = 10

    /// Threads that run libmagic: one per core, plus one to cover the waits of the crawl and the
    /// extractors (on two cores a little faster than one per core: `docs/pipeline.md`).
    static let identifyThreads = max(ProcessInfo.processInfo.activeProcessorCount, 1) + 1
}
