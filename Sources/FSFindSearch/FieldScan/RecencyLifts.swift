import FSFindIndexFormat
import FSFindModel
import FSFindPlatform

/// Per row of one index file, its recency lift (``ResultRanker/recency(modified:)``), worked out
/// once per session beside the row summaries (``SignatureStore``).
///
/// A scored row read its modification time from its identity (a cache miss in a record of its
/// own), turned the nanoseconds into a date and divided twice; a key whose candidates are a
/// fifth of the rows or more did that for each of them. Here it is one read of 8 bytes, 8 rows
/// to a cache line, and the same number: the session's clock (``ResultRanker/now``) does not
/// change, so the lift is worked out by the same arithmetic on the same values.
///
/// Unchecked because its memory is a raw buffer, and safe to send: written in `init` only, then
/// read, and freed in `deinit`.
final class RecencyLifts: @unchecked Sendable {
    private let lifts: UnsafeMutableBufferPointer<Double>

    /// Nil when the file's modification dates cannot be read directly (a damaged section): its
    /// rows are then lifted as before, through the row reader.
    init?(views: IndexViews, ranker: ResultRanker) {
        guard let dates = NumberSource(.contentModificationDate, views: views) else { return nil }
        let count = views.index.itemCount
        lifts = .allocate(capacity: count)
        // A row without a date has no lift, as ``RowScore/recency(_:)`` has it.
        for row in 0..<count {
            lifts.initializeElement(at: row, to: dates.value(row).map { ranker.recency(modified: $0) } ?? 0)
        }
    }

    deinit { lifts.deallocate() }

    /// Rows of the file.
    var count: Int { lifts.count }

    /// The lift of a row of the file (`row` < ``count``).
    @inline(__always) func lift(_ row: Int) -> Double { lifts[row] }

    /// Asks for a row's lift ahead of its read, in a scan over scattered rows.
    @inline(__always) func prefetch(_ row: Int) {
        guard row < lifts.count, let base = lifts.baseAddress else { return }
        prefetchForReading(base + row)
    }
}
