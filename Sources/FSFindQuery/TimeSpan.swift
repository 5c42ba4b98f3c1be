import Foundation

/// A resolved `$time` value: the interval [start, end) in seconds since 2001-01-01T00:00:00Z, or an
/// instant (start == end). Seconds as `Double` keep the comparison table in `docs/spec/query-language.md` a
/// few floating-point comparisons per item.
package struct TimeSpan: Sendable, Equatable {
    @usableFromInline var start: Double
    @usableFromInline var end: Double

    init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }

    init(instant: Double) {
        self.start = instant
        self.end = instant
    }

    init(_ interval: DateInterval) {
        self.start = interval.start.timeIntervalSinceReferenceDate
        self.end = interval.end.timeIntervalSinceReferenceDate
    }

    /// `$time.now`, a number, or a zoned ISO time: compared at whole-second resolution.
    @inlinable var isInstant: Bool { start == end }

    /// Whole seconds, rounding toward the past (so dates before 2001 truncate the same way).
    @inlinable static func seconds(_ value: Double) -> Double { value.rounded(.down) }

    /// `D op I` per the table in `docs/spec/query-language.md`.
    @inlinable package func compare(_ date: Double, _ op: ComparisonOperator) -> Bool {
        if isInstant {
            return op.holds(Self.seconds(date), Self.seconds(start))
        }
        switch op {
        case .equal: return start <= date && date < end
        case .notEqual: return !(start <= date && date < end)
        // Ordering compares with the period's start, as mdfind's `$time` is that instant:
        // `> $time.today` is "since today began", what scripts mean by "modified today".
        case .less: return date < start
        case .lessOrEqual: return date <= start
        case .greater: return date > start
        case .greaterOrEqual: return date >= start
        }
    }

    /// `InRange(D, lower, upper)`: from the start of `lower` to the end of `upper`, inclusive where
    /// a bound is an instant.
    @inlinable package static func inRange(_ date: Double, lower: TimeSpan, upper: TimeSpan) -> Bool {
        guard lower.compare(date, .greaterOrEqual) else { return false }
        // A period bound reaches its end (not `<=`, which compares with its start).
        return upper.isInstant ? upper.compare(date, .lessOrEqual) : date < upper.end
    }
}
