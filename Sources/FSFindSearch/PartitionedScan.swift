import FSFindPlatform
import Foundation

/// How a scan of many rows is cut among threads, the one way for `fsfind query` (``Searcher``)
/// and the search field (`InteractiveScan`) alike: below ``parallelRows`` rows one thread, else
/// consecutive parts of about equal rows, one per core (at most ``mostThreads``), each part's
/// results kept apart and handed back in part order, so joined they are what one pass gives.
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

    /// Runs `body(part, positions)` over the parts of `0..<rows` at once and returns what each
    /// gave, in part order. Part 0 runs on the calling thread.
    func run<Result: Sendable>(
        rows: Int, _ body: @Sendable (_ part: Int, _ positions: Range<Int>) -> Result
    ) -> [Result] {
        let parts = parts(rows: rows)
        return JoinedThreads.run(count: parts.count) { part in body(part, parts[part]) }
    }
}
