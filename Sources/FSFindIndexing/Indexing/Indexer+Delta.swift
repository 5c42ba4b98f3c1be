import FSFindIndex
import FSFindModel
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
    /// ``deltaLimit(baseItems:)`` items or ``deltaByteLimit`` bytes: then it is folded in.
    package func update(changed: Set<[UInt8]>, holding lock: IndexLock) throws(FSFindError) -> IndexSummary {
        guard lock.indexPath == indexPath else {
            throw FSFindError.broken("the lock held is for \(lock.indexPath), not \(indexPath)")
        }
        let clock = ContinuousClock.now
        let deltaPath = IndexSnapshot.deltaPath(forIndex: indexPath)
        IndexWriter.removeTemporaryFiles(of: indexPath)
        IndexWriter.removeTemporaryFiles(of: deltaPath)
        let snapshot: IndexSnapshot
        do {
            snapshot = try IndexSnapshot(path: indexPath)
        } catch
            where error.code == .indexCorrupt && access(deltaPath, F_OK) == 0
            && (try? IndexFile(path: deltaPath)) == nil
        {
            // The delta is damaged (the base opened, or the error would name it): what it held
            // is found again by reading every root.
            reporter?.problem(path: Array(deltaPath.utf8), message: "\(error.message); reading every folder again")
            unlink(deltaPath)
            return try run(roots: [], options: CrawlOptions(), holding: lock)
        }
        if snapshot.delta == nil { unlink(deltaPath) }  // one written for another base: stale
        let roots = try snapshot.roots()
        // Shortest first, so a path below another changed path is skipped: that one's crawl (or
        // removal) covers it. Ancestors are looked up, not compared pairwise: a burst is thousands.
        var covered: Set<[UInt8]> = []
        var crawling: [IndexRoot] = []
        var removing: [[UInt8]] = []
        for path in changed.sorted(by: { $0.count < $1.count }) {
            let slashes = path.indices.dropFirst().filter { path[$0] == UInt8(ascii: "/") }
            if slashes.contains(where: { covered.contains(Array(path[..<$0])) }) { continue }
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
        guard !crawling.isEmpty || !removing.isEmpty else { return IndexSummary() }
        let output = try DeltaOutput(snapshot: snapshot, batch: crawling.map(\.path) + removing)
        var summary = try refresh(
            from: output.previous, roots: roots, crawling: crawling, dropping: [], removing: removing, clock: clock,
            delta: output)
        let written = try IndexFile(path: deltaPath)
        if written.itemCount > Self.deltaLimit(baseItems: snapshot.base.itemCount)
            || written.fileSize > Self.deltaByteLimit
        {
            try compact(holding: lock)
            summary.seconds = Self.seconds(since: clock)
        }
        return summary
    }

    /// Folds the delta, when there is one, into a new base and removes it; removes a delta that
    /// belongs to another base (left by a compaction killed before its last step) or to no base.
    /// `fsfind index` and `forget` start with it, so they always start from one whole file and
    /// never lose a watcher's changes. Returns true when a delta was folded in.
    ///
    /// - Throws: ``FSFindError`` `.indexCorrupt` naming the delta when it is damaged (it is
    ///   removed first; what it held is found again by the next refresh of its roots).
    @discardableResult
    package func compact(holding lock: IndexLock) throws(FSFindError) -> Bool {
        guard lock.indexPath == indexPath else {
            throw FSFindError.broken("the lock held is for \(lock.indexPath), not \(indexPath)")
        }
        let deltaPath = IndexSnapshot.deltaPath(forIndex: indexPath)
        IndexWriter.removeTemporaryFiles(of: deltaPath)
        guard access(deltaPath, F_OK) == 0 else { return false }
        guard let base = try? IndexFile(path: indexPath) else {
            // No base, or a damaged one (rebuilt by the refresh that follows): the delta is of no
            // use.
            unlink(deltaPath)
            return false
        }
        let snapshot: IndexSnapshot
        let delta: IndexFile
        do {
            let file = try IndexFile(path: deltaPath)
            snapshot = try IndexSnapshot(base: base, delta: file)
            delta = file
            if snapshot.delta != nil { try delta.prepareAll() }
        } catch {
            unlink(deltaPath)
            throw error
        }
        guard snapshot.delta != nil else {
            unlink(deltaPath)  // written for another base
            return false
        }
        try base.prepareAll()
        var builder = try IndexBuilder(old: base)
        var rows: [RowSource] = []
        rows.reserveCapacity(snapshot.itemCount)
        for piece in snapshot.pieces {
            if piece.file == 0 {
                for row in piece.rows { rows.append(.old(row)) }
            } else {
                for row in piece.rows { rows.append(.staged(try builder.stage(delta.item(at: row)))) }
            }
        }
        let image = try builder.encode(rows: rows, roots: try delta.roots(), createdAt: now)
        // The new base first, then the delta goes: a reader in between sees a delta whose stamp
        // is not the new base's and reads the base alone, which holds everything.
        try IndexWriter.replaceAtomically(path: indexPath, with: image)
        unlink(deltaPath)
        return true
    }

    /// Most items a delta holds before it is folded into the base: 5% of the base (a query then
    /// reads at most 5% more rows), but at least 4,096 so a small index is not rewritten for
    /// every few files. `FSFIND_DELTA_LIMIT` sets it (tests: 0 folds after every batch).
    static func deltaLimit(baseItems: Int) -> Int {
        if let text = ProcessInfo.processInfo.environment["FSFIND_DELTA_LIMIT"], let limit = Int(text), limit >= 0 {
            return limit
        }
        return max(baseItems / 20, 4096)
    }

    /// Most bytes a delta file may have before it is folded in (each batch rewrites it whole).
    static let deltaByteLimit = 64 << 20

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let duration = start.duration(to: .now)
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// What a batch that writes a delta starts from and needs at the end.
///
/// The refresh machinery copies unchanged rows from one previous file. For a batch that file is
/// made here, in memory: the delta's rows plus the base's visible rows under the batch's paths
/// (the only base rows the batch can keep, change or remove). Every row of it knows its place
/// among the base's rows, so only the newly read rows need a search of the base at the end.
struct DeltaOutput {
    let base: IndexFile
    /// The in-memory previous file.
    let previous: PreviousIndex
    /// Per row of `previous`: its position among the base's rows (``IndexOverlay/positions``).
    let knownPositions: [Int]
    /// Base rows the new delta hides: the old delta's and every base row under the batch.
    let hidden: [Range<Int>]

    init(snapshot: IndexSnapshot, batch: [[UInt8]]) throws(FSFindError) {
        base = snapshot.base
        var added: [Range<Int>] = []
        for path in batch { added += base.rows(within: path) }
        added = IndexOverlay.normalized(added)
        let oldHidden = snapshot.overlay?.hidden ?? []
        hidden = IndexOverlay.normalized(oldHidden + added)
        // The visible base rows under the batch, ascending.
        var baseRows: [Int] = []
        var next = 0
        for range in added {
            for row in range {
                while next < oldHidden.count, oldHidden[next].upperBound <= row { next += 1 }
                if next < oldHidden.count, oldHidden[next].contains(row) { continue }
                baseRows.append(row)
            }
        }
        let delta = snapshot.delta
        let deltaPositions = snapshot.overlay?.positions ?? []
        var builder = try IndexBuilder(old: delta)
        var rows: [RowSource] = []
        var positions: [Int] = []
        var deltaRow = 0
        for row in baseRows {
            while deltaRow < deltaPositions.count, deltaPositions[deltaRow] <= row {
                rows.append(.old(deltaRow))
                positions.append(deltaPositions[deltaRow])
                deltaRow += 1
            }
            rows.append(.staged(try builder.stage(base.item(at: row))))
            positions.append(row)
        }
        while deltaRow < deltaPositions.count {
            rows.append(.old(deltaRow))
            positions.append(deltaPositions[deltaRow])
            deltaRow += 1
        }
        let roots = try snapshot.roots()
        let image = try builder.encode(rows: rows, roots: roots, createdAt: snapshot.createdAt)
        previous = try PreviousIndex(file: try IndexFile(bytes: image.bytes, name: base.path))
        knownPositions = positions
    }

    /// The new delta's overlay for `rows` (rows of ``previous`` and staged items).
    func overlay(rows: [RowSource], staged: StagedItems) -> IndexOverlay {
        var positions: [Int] = []
        positions.reserveCapacity(rows.count)
        for source in rows {
            if let old = source.copiedRow {
                positions.append(knownPositions[old])
            } else {
                positions.append(base.lowerBound(staged.path(source.stagedIndex ?? 0)))
            }
        }
        return IndexOverlay(base: base, hidden: hidden, positions: positions)
    }
}
