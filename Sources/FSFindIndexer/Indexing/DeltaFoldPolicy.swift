import Foundation

/// When a watcher's batch folds the delta into the base: a value, so the rule has tests of its own.
///
/// Every batch copies the delta whole, and a fold copies the base: over a trickle of single
/// changes the cost per change is about `c·L/2 + F/L` for a limit of `L` rows, least near
/// `L = √(2F/c)`, which on a large index is a few thousand rows at most, far below 5% of it
/// (`docs/decisions.md`, "A change that came alone folds the delta past 4,096 rows"; the costs
/// measured in `benchmarks/RESULTS.md`, "The delta folded at 4,096 rows after a change that came
/// alone"). A burst's batches, thousands of rows each, fold only past 5% of the base, so a
/// checkout is not a fold a second; the first change that comes alone after it folds what the
/// burst left. A query then reads at most 5% more rows.
struct DeltaFoldPolicy: Equatable {
    /// Most items after a change that came alone (``BatchTiming``'s prompt batch).
    var aloneItems: Int
    /// Most items after a burst's batch, and what a watcher's start writes as a delta at most.
    var burstItems: Int
    /// Most bytes, whatever the batch (each batch rewrites the delta whole).
    var bytes = 64 << 20

    /// The limits for a base of `baseItems` rows: 4,096 after a change that came alone; 5% of the
    /// base, at least 4,096, in a burst.
    init(baseItems: Int) {
        aloneItems = Self.aloneLimit
        burstItems = max(baseItems / 20, Self.aloneLimit)
    }

    /// One limit for both (`FSFIND_DELTA_LIMIT`; tests: 0 folds after every batch).
    init(items: Int) {
        aloneItems = items
        burstItems = items
    }

    /// ``init(baseItems:)``, unless `FSFIND_DELTA_LIMIT` sets the limit.
    static func current(baseItems: Int) -> DeltaFoldPolicy {
        if let text = ProcessInfo.processInfo.environment["FSFIND_DELTA_LIMIT"], let limit = Int(text), limit >= 0 {
            return DeltaFoldPolicy(items: limit)
        }
        return DeltaFoldPolicy(baseItems: baseItems)
    }

    /// Whether a delta of `items` rows and `bytes` bytes, just written by a batch, is folded.
    func folds(items: Int, bytes: Int, cameAlone: Bool) -> Bool {
        items > (cameAlone ? aloneItems : burstItems) || bytes > self.bytes
    }

    private static let aloneLimit = 4096
}
