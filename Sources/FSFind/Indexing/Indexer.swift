import Foundation
import Glibc

/// Runs `fsfind index`: crawls roots, reuses what is unchanged, identifies the rest, and replaces
/// the index file atomically.
///
/// Entries under roots that this run does not crawl are carried over untouched, so indexing
/// `~/Music` never drops `~/Documents`. An entry whose ``FileIdentity`` (device, inode, size, mtime,
/// ctime) equals the old one keeps its metadata without being opened again, unless `full`.
public struct Indexer: Sendable {
    public var indexPath: String
    public var full: Bool
    public var reporter: (any IndexReporter)?
    /// The instant recorded as `addedDate` for new items and as the roots' refresh time.
    public var now: Date
    /// Leave the run's items allocated when it returns, for a process that exits right after.
    ///
    /// Freeing a million items one small object at a time took longer than the refresh itself
    /// (58 of 90 s wall at 1,000,000 items on the benchmark machine), while the kernel reclaims a
    /// process's memory at once. The CLI sets this; a long-lived caller must not.
    public var abandonsMemoryOnReturn = false

    public init(indexPath: String, full: Bool = false, reporter: (any IndexReporter)? = nil, now: Date = Date()) {
        self.indexPath = indexPath
        self.full = full
        self.reporter = reporter
        self.now = now
    }

    /// Crawls `roots` (absolute, resolved paths) with `options`, or every recorded root with its
    /// recorded options when `roots` is empty, and writes the new index.
    public func run(roots requested: [[UInt8]], options: CrawlOptions) throws(FSFindError) -> IndexSummary {
        let clock = ContinuousClock.now
        let openedBefore = Magic.filesOpened.load(ordering: .relaxed)
        // The caller holds the index lock, so any temporary file beside the index is a leftover
        // of a run that was killed before its rename.
        IndexWriter.removeTemporaryFiles(of: indexPath)
        let previous = try loadPrevious()
        var roots = previous?.roots ?? []
        let toCrawl: [IndexRoot]
        if requested.isEmpty {
            guard !roots.isEmpty else {
                throw FSFindError(.usage, "no folders are recorded in \(indexPath)",
                                  remedy: "name the folders to index, for example 'fsfind index ~/Documents'")
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

        let old = previous?.items ?? []
        // Positions in `old`, not copies of the items: a million copies cost a million retains.
        var oldByPath: [ByteKey: Int] = [:]
        var oldByInode: [InodeKey: Int] = [:]
        oldByPath.reserveCapacity(old.count)
        oldByInode.reserveCapacity(old.count)
        for (position, item) in old.enumerated() {
            oldByPath[ByteKey(item.path)] = position
            oldByInode[InodeKey(item.identity)] = position
        }

        var summary = IndexSummary()
        // Old entries a crawl saw again (kept or replaced); the others are removed or, outside
        // every crawled root, carried over.
        var seen = [Bool](repeating: false, count: old.count)
        var items: [IndexedItem] = []
        items.reserveCapacity(old.count + 1024)
        var progressItems = 0
        for root in toCrawl {
            let crawled = try crawl(root, startedAt: clock, counted: &progressItems)
            var toIdentify: [CrawlEntry] = []
            for entry in crawled {
                let position = oldByPath[ByteKey(entry.path)]
                if let position { seen[position] = true }
                // An unchanged file whose parser failed would fail (or hang) again: it keeps its
                // problem until it changes or `--full` asks to retry. An unreadable one is retried.
                if !full, let position, old[position].identity == entry.identity,
                   old[position].problem?.kind != .unreadable {
                    items.append(Self.refreshed(old[position], from: entry))
                } else {
                    toIdentify.append(entry)
                }
            }
            // In batches, so the progress line moves while files are read (the slow part).
            for start in stride(from: 0, to: toIdentify.count, by: Self.batchSize) {
                let batch = Array(toIdentify[start..<min(start + Self.batchSize, toIdentify.count)])
                for var item in identifyAndExtract(batch) {
                    let position = oldByPath[ByteKey(item.path)] ?? oldByInode[InodeKey(item.identity)]
                    let before = position.map { old[$0] }
                    if let before, before.path == item.path { summary.changed += 1 } else { summary.new += 1 }
                    item.attributes[.addedDate] = before?.attributes[.addedDate] ?? .date(now)
                    items.append(item)
                }
                if let reporter, let last = batch.last {
                    reporter.progress(IndexProgress(
                        items: progressItems, elapsed: Self.seconds(since: clock),
                        currentFolder: PathBytes.display(Array(last.path.prefix(last.nameStart))),
                        read: start + batch.count, toRead: toIdentify.count))
                }
            }
            if let index = roots.firstIndex(where: { $0.path == root.path }) { roots[index].lastRefresh = now }
        }

        // Keep entries outside every crawled root; drop the ones a crawl no longer saw. Two
        // crawled roots may overlap: the writer keeps one item per path.
        for (position, item) in old.enumerated() where !seen[position] {
            if toCrawl.contains(where: { PathBytes.isWithin(item.path, folder: $0.path) }) {
                summary.removed += 1
            } else {
                items.append(item)
            }
        }
        let overlapping = toCrawl.contains { outer in
            toCrawl.contains { $0.path != outer.path && PathBytes.isWithin($0.path, folder: outer.path) }
        }
        if overlapping {
            // A folder crawled twice (as a root and inside another) gave two items per path.
            var last: [ByteKey: Int] = [:]
            for (position, item) in items.enumerated() { last[ByteKey(item.path)] = position }
            items = items.indices.filter { last[ByteKey(items[$0].path)] == $0 }.map { items[$0] }
        }
        summary.items = items.count
        summary.unreadable = items.reduce(0) { $0 + ($1.problem?.kind == .unreadable ? 1 : 0) }

        try IndexWriter.write(IndexContents(roots: roots, items: items, createdAt: now), to: indexPath)
        summary.seconds = Self.seconds(since: clock)
        summary.opened = Magic.filesOpened.load(ordering: .relaxed) - openedBefore
        if abandonsMemoryOnReturn {
            // Deliberately never released: see `abandonsMemoryOnReturn`.
            _ = Unmanaged.passRetained(Abandoned([previous as Any, old, items, oldByPath, oldByInode]))
        }
        return summary
    }

    /// Reads what the new and changed entries are: their content type now, their content
    /// attributes once extraction exists.
    ///
    /// The one place that opens files; unchanged entries never reach it. Extraction of content
    /// attributes belongs right after `identify`, on the same items.
    private func identifyAndExtract(_ entries: [CrawlEntry]) -> [IndexedItem] {
        ExtractionPipeline.configured.run(Identifier.identify(entries))
    }

    /// Loads the old index; a missing one is an empty start, a damaged one is reported and rebuilt.
    private func loadPrevious() throws(FSFindError) -> IndexContents? {
        do {
            let file = try IndexFile(path: indexPath)
            return IndexContents(roots: try file.roots(), items: try file.allItems(), createdAt: file.createdAt)
        } catch where error.code == .indexMissing {
            return nil
        } catch where error.code == .indexCorrupt {
            reporter?.problem(path: Array(indexPath.utf8), message: "\(error.message); rebuilding it from scratch")
            return nil
        }
    }

    private func crawl(_ root: IndexRoot, startedAt clock: ContinuousClock.Instant, counted: inout Int) throws(FSFindError) -> [CrawlEntry] {
        var entries: [CrawlEntry] = []
        var lastReport = ContinuousClock.now
        var count = counted
        let reporter = self.reporter
        try Crawler(options: root.options).crawl(
            root: root.path,
            entry: { entry in
                entries.append(entry)
                count += 1
                if let reporter, count & 255 == 0, lastReport.duration(to: .now) > .milliseconds(100) {
                    lastReport = .now
                    let folder = PathBytes.display(Array(entry.path.prefix(entry.nameStart)))
                    reporter.progress(IndexProgress(items: count, elapsed: Self.seconds(since: clock), currentFolder: folder))
                }
            },
            diagnostic: { diagnostic in reporter?.problem(path: diagnostic.path, message: diagnostic.message) })
        counted = count
        return entries
    }

    /// An unchanged entry keeps everything it had; only what changes without touching the
    /// identity (the access time) is taken from the new lstat.
    private static func refreshed(_ item: IndexedItem, from entry: CrawlEntry) -> IndexedItem {
        var item = item
        item.attributes[.lastUsedDate] = .date(entry.accessTime)
        return item
    }

    /// Entries identified between two progress reports: a few hundred milliseconds of work, and
    /// hundreds of 16-entry claims per worker, so the workers stay balanced.
    private static let batchSize = 4096

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let duration = start.duration(to: .now)
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// A box for what ``Indexer/abandonsMemoryOnReturn`` keeps alive.
private final class Abandoned {
    let values: [Any]
    init(_ values: [Any]) { self.values = values }
}

/// What survives a rename: device, inode, and the content's size and mtime.
///
/// A rename keeps all four (only ctime moves), so a moved file keeps its `addedDate`. Size and
/// mtime are in the key because file systems reuse a deleted file's inode at once: a file created
/// right after another was deleted must not inherit the deleted one's `addedDate`.
private struct InodeKey: Hashable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let mtimeNanos: Int64
    init(_ identity: FileIdentity) {
        device = identity.device
        inode = identity.inode
        size = identity.size
        mtimeNanos = identity.mtimeNanos
    }
}
