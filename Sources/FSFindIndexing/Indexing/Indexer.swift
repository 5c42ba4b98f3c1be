import FSFindIndex
import FSFindModel
import Foundation
import Glibc

/// Runs `fsfind index`: crawls roots, reuses what is unchanged, identifies the rest, and replaces
/// the index file atomically.
///
/// Entries under roots that this run does not crawl are carried over untouched, so indexing
/// `~/Music` never drops `~/Documents`. An entry whose ``FileIdentity`` (device, inode, size, mtime,
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

    package init(
        indexPath: String, full: Bool = false, reporter: (any IndexReporter)? = nil, now: Date = Date(),
        pipeline: ExtractionPipeline = ExtractionPipeline()
    ) {
        self.indexPath = indexPath
        self.full = full
        self.reporter = reporter
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
        let (previous, olderRoots) = try openPrevious()
        var roots = previous.flatMap { try? $0.file.roots() } ?? olderRoots
        let toCrawl: [IndexRoot]
        if requested.isEmpty {
            guard !roots.isEmpty else {
                throw FSFindError(.usage, "no folders are recorded in \(indexPath)",
                                  remedy: .nameFolders)
            }
            toCrawl = roots
        } else {
            toCrawl = requested.map { IndexRoot(path: $0, options: options, lastRefresh: now) }
            for root in toCrawl {
                roots.removeAll { $0.path == root.path }
                roots.append(root)
            }
            roots.sort { $0.path.lexicographicallyPrecedes($1.path) }
        }
        do {
            return try refresh(from: previous, roots: roots, crawling: toCrawl, clock: clock)
        } catch where error.code == .indexCorrupt && previous != nil {
            // Damage the checksums did not catch, found while copying: start again from nothing,
            // crawling every recorded root so that none is lost.
            reporter?.problem(path: Array(indexPath.utf8), message: "\(error.message); rebuilding it from scratch")
            let all = roots.map { root in
                toCrawl.first { $0.path == root.path } ?? root
            }
            return try refresh(from: nil, roots: roots, crawling: all, clock: clock)
        }
    }

    /// One pass: crawl, keep what is unchanged, read what is new or changed, write the file.
    private func refresh(
        from previous: PreviousIndex?, roots allRoots: [IndexRoot], crawling toCrawl: [IndexRoot],
        clock: ContinuousClock.Instant
    ) throws(FSFindError) -> IndexSummary {
        var roots = allRoots
        let oldCount = previous?.count ?? 0
        var builder = try IndexBuilder(old: previous?.file)
        var plan = RefreshPlan(oldCount: oldCount)
        var summary = IndexSummary()
        var progressItems = 0
        for root in toCrawl {
            var toIdentify: [CrawlEntry] = []
            var toIdentifyOld: [Int] = []
            try crawl(root, startedAt: clock, counted: &progressItems) { entry in
                let oldRow = previous?.row(of: entry)
                if let oldRow, plan.state[oldRow] != .unseen { return }  // crawled already, through an overlapping root
                // An unchanged file whose parser failed would fail (or hang) again: it keeps its
                // problem until it changes or `--full` asks to retry. An unreadable one is retried.
                if !full, let oldRow, let file = previous?.file, file.identity(at: oldRow) == entry.identity,
                    file.problem(at: oldRow)?.kind != .unreadable
                {
                    plan.keep(oldRow, accessTime: entry.accessTime)
                } else {
                    if let oldRow { plan.state[oldRow] = .replaced }
                    toIdentify.append(entry)
                    toIdentifyOld.append(oldRow ?? -1)
                }
            }
            // In batches, so the progress line moves while files are read (the slow part).
            for start in stride(from: 0, to: toIdentify.count, by: Self.batchSize) {
                let end = min(start + Self.batchSize, toIdentify.count)
                let batch = Array(toIdentify[start..<end])
                for (offset, var item) in identifyAndExtract(batch, filesOpened: &summary.opened).enumerated() {
                    let oldRow = toIdentifyOld[start + offset]
                    let before = oldRow >= 0 ? oldRow : previous?.row(sameFileAs: item.identity)
                    if oldRow >= 0 { summary.changed += 1 } else { summary.new += 1 }
                    item.attributes[.addedDate] = before.flatMap { previous?.file.value(of: .addedDate, at: $0) } ?? .date(now)
                    plan.staged(try builder.stage(item), replacing: oldRow)
                }
                if let reporter, let last = batch.last {
                    reporter.progress(IndexProgress(
                        items: progressItems, elapsed: Self.seconds(since: clock),
                        currentFolder: PathBytes.display(Array(last.path.prefix(last.nameStart))),
                        read: end, toRead: toIdentify.count))
                }
            }
            if let index = roots.firstIndex(where: { $0.path == root.path }) { roots[index].lastRefresh = now }
        }

        // Old entries under a crawled root that the crawl did not see are gone; the others, under
        // roots not crawled this time, are carried over.
        if let previous {
            for root in toCrawl {
                for range in previous.rows(within: root.path) { summary.removed += plan.remove(unseenIn: range) }
            }
        }
        let rows = plan.rows(staged: builder.staged, previous: previous)
        let image = try builder.encode(rows: rows, oldLastUsed: plan.lastUsed, roots: roots, createdAt: now)
        summary.items = rows.count
        summary.unreadable = builder.unreadableWritten
        summary.unparsable = builder.unparsableWritten
        try IndexWriter.replaceAtomically(path: indexPath, with: image)
        summary.seconds = Self.seconds(since: clock)
        return summary
    }

    /// Reads what the new and changed entries are: their content type now, their content
    /// attributes once extraction exists.
    ///
    /// The one place that opens files; unchanged entries never reach it. Extraction of content
    /// attributes belongs right after `identify`, on the same items.
    private func identifyAndExtract(_ entries: [CrawlEntry], filesOpened: inout Int) -> [IndexedItem] {
        pipeline.run(Identifier.identify(entries, filesOpened: &filesOpened))
    }

    /// Opens and verifies the old index; a missing one is an empty start, a damaged one is
    /// reported and rebuilt. One written by an older fsfind is rebuilt too, crawling the roots it
    /// records (returned as the second value), so an upgrade keeps the folders a cron line
    /// refreshes.
    private func openPrevious() throws(FSFindError) -> (PreviousIndex?, [IndexRoot]) {
        do {
            return (try PreviousIndex(file: try IndexFile(path: indexPath)), [])
        } catch where error.code == .indexMissing {
            return (nil, [])
        } catch where error.code == .indexCorrupt {
            let roots = IndexFile.rootsOfOlderFormat(path: indexPath) ?? []
            let remedy = roots.isEmpty ? "rebuilding it from scratch" : "rebuilding it from its recorded folders"
            reporter?.problem(path: Array(indexPath.utf8), message: "\(error.message); \(remedy)")
            return (nil, roots)
        }
    }

    private func crawl(
        _ root: IndexRoot, startedAt clock: ContinuousClock.Instant, counted: inout Int, each: (CrawlEntry) -> Void
    ) throws(FSFindError) {
        var lastReport = ContinuousClock.now
        var count = counted
        let reporter = self.reporter
        try Crawler(options: root.options).crawl(
            root: root.path, threads: Self.crawlThreads,
            entry: { entry in
                each(entry)
                count += 1
                if let reporter, count & 255 == 0, lastReport.duration(to: .now) > .milliseconds(100) {
                    lastReport = .now
                    let folder = PathBytes.display(Array(entry.path.prefix(entry.nameStart)))
                    reporter.progress(IndexProgress(items: count, elapsed: Self.seconds(since: clock), currentFolder: folder))
                }
            },
            diagnostic: { diagnostic in reporter?.problem(path: diagnostic.path, message: diagnostic.message) })
        counted = count
    }

    /// Threads that list and stat folders: one per core, up to 4 (past that the disk, not the
    /// cores, is the limit).
    private static let crawlThreads = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4)

    /// Entries identified between two progress reports: a few hundred milliseconds of work, and
    /// hundreds of 16-entry claims per worker, so the workers stay balanced.
    private static let batchSize = 4096

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let duration = start.duration(to: .now)
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
