import FSFindPlatform
import Foundation
import Synchronization

/// How a scan of many rows is cut among threads, the one way for `fsfind query` (``Searcher``)
/// and the search field (`InteractiveScan`) alike: below ``parallelRows`` rows one thread, else
/// consecutive parts of about equal rows, one per core (at most ``mostThreads``), each part's
/// results kept apart and handed back in part order, so joined they are what one pass gives. The
/// search field's threads, as many, take smaller chunks of the rows in turn instead
/// (``run(claiming:_:)``), so a thread that starts late does not hold the key up.
///
/// The parts run on ``JoinedThreads/run(count:_:)``: the first on the calling thread, every
/// thread joined before the scan returns.
struct PartitionedScan: Sendable {
    /// Below this many rows a scan is one thread's: starting more costs more than it saves
    /// (`docs/decisions.md`, "One partitioned scan").
    static let parallelRows = 100_000
    /// The most threads a scan uses; the machines fsfind is measured on have two to four cores.
    static let mostThreads = 4

    /// Rows from which the scan is cut into parts.
    var parallelRows: Int
    /// Parts a large scan is cut into; `nil`, one per core, asked when a scan is that large:
    /// Foundation's count reads the control group's files through `URL` and `Data`, which a
    /// query on a small index never needs (benchmarks/RESULTS.md, "Start-up: no conformance scans").
    var threads: Int?

    /// One part per core (at most ``mostThreads``) from ``parallelRows`` rows.
    init() {
        parallelRows = Self.parallelRows
        threads = nil
    }

    /// The cores this process may run on, at most ``mostThreads``: asked once, on the first large
    /// scan (a static is initialised on first use), not on every key of the search field.
    static let cores = min(mostThreads, max(1, ProcessInfo.processInfo.activeProcessorCount))

    /// One part per core from `parallelRows` rows: a scan whose rows cost more each starts its
    /// threads sooner.
    init(parallelRows: Int) {
        self.parallelRows = max(1, parallelRows)
        threads = nil
    }

    /// `threads` parts whatever the rows: what tests ask, to check that a split scan answers as
    /// one thread does.
    init(threads: Int) {
        parallelRows = 1
        self.threads = max(1, threads)
    }

    /// The parts of a scan of `rows` rows (positions `0..<rows`): consecutive, non-empty (one
    /// empty part when there are no rows), in order, of about equal size.
    func parts(rows: Int) -> [Range<Int>] {
        let count = rows < parallelRows ? 1 : max(1, min(threads ?? Self.cores, rows))
        guard count > 1 else { return [0..<max(0, rows)] }
        let size = (rows + count - 1) / count
        return stride(from: 0, to: rows, by: size).map { $0..<min(rows, $0 + size) }
    }

    /// Chunks per thread of a scan whose threads claim them (``run(claiming:_:)``): a thread that
    /// starts late, or whose rows cost more, leaves the rest to the others, where equal parts
    /// waited for the slowest (`docs/decisions.md`, "The search field's per-key costs").
    static let chunksPerThread = 16
    /// The fewest rows of a claimed chunk: a chunk costs a claim and a place in the join.
    static let smallestChunkRows = 4096
    /// ``smallestChunkRows``, or fewer: tests cut a small index into many chunks.
    var smallestChunk = Self.smallestChunkRows

    /// The claimed chunks of a scan of `rows` rows: consecutive, in order, of about equal size;
    /// one chunk when the scan is one thread's.
    func chunks(rows: Int) -> [Range<Int>] {
        let threads = parts(rows: rows).count
        guard threads > 1 else { return [0..<max(0, rows)] }
        let count = max(threads, min(threads * Self.chunksPerThread, rows / max(1, smallestChunk)))
        let size = (rows + count - 1) / count
        return stride(from: 0, to: rows, by: size).map { $0..<min(rows, $0 + size) }
    }

    /// Runs `body(thread, claims)` on as many threads as ``parts(rows:)`` cuts `0..<rows` into;
    /// each takes the chunks of ``chunks(rows:)`` from `claims` in turn until none is left.
    /// Returns what each thread gave, in thread order. Thread 0 is the calling thread.
    func run<Result: Sendable>(
        claiming rows: Int, _ body: @Sendable (_ thread: Int, _ claims: ChunkClaims) -> Result
    ) -> [Result] {
        let claims = ChunkClaims(chunks(rows: rows))
        return JoinedThreads.run(count: parts(rows: rows).count) { thread in body(thread, claims) }
    }

    /// Runs `body(part, positions)` over the parts of `0..<rows` at once and returns what each
    /// gave, in part order. Part 0 runs on the calling thread.
    func run<Result: Sendable>(
        rows: Int, _ body: @Sendable (_ part: Int, _ positions: Range<Int>) -> Result
    ) -> [Result] {
        let parts = parts(rows: rows)
        return JoinedThreads.run(count: parts.count) { part in body(part, parts[part]) }
    }
}

/// The chunks of one scan, each claimed by one thread (``PartitionedScan/run(claiming:_:)``).
final class ChunkClaims: Sendable {
    /// Every chunk, in order.
    let chunks: [Range<Int>]
    private let next = Atomic<Int>(0)

    init(_ chunks: [Range<Int>]) { self.chunks = chunks }

    /// The next chunk no thread has claimed, and its place among ``chunks``; nil when none is left.
    func claim() -> (index: Int, positions: Range<Int>)? {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < chunks.count ? (index, chunks[index]) : nil
    }
}
