import FSFindModel
import Foundation

/// A `$time…` value as written. It becomes an interval only in a ``QueryContext`` (see
/// ``resolve(in:)``), so a parsed query does not depend on the clock.
package enum TimeValue: Sendable, Equatable {
    /// `$time.now`, `$time.now(N)`: the instant now + N seconds.
    case now(Double?)
    /// `$time.today`, `$time.today(N)`: the calendar day N days on.
    case today(Int?)
    /// `$time.yesterday` = `$time.today(-1)`; takes no argument.
    case yesterday
    /// `$time.this_week`, `$time.this_week(N)`: the calendar week N weeks on.
    case thisWeek(Int?)
    /// `$time.last_week` = `$time.this_week(-1)`; takes no argument.
    case lastWeek
    /// `$time.this_month`, `$time.this_month(N)`.
    case thisMonth(Int?)
    /// `$time.this_year`, `$time.this_year(N)`.
    case thisYear(Int?)
    /// `$time.iso(TEXT)`: an instant, or for a bare date that whole local day. The text is kept as
    /// written (already validated) so the printer can echo it.
    case iso(String)

    /// The name after `$time.`.
    var name: TimeName {
        switch self {
        case .now: .now
        case .today: .today
        case .yesterday: .yesterday
        case .thisWeek: .thisWeek
        case .lastWeek: .lastWeek
        case .thisMonth: .thisMonth
        case .thisYear: .thisYear
        case .iso: .iso
        }
    }

    /// The spelling the printer writes.
    var source: String {
        let argument: String? =
            switch self {
            case .now(let n): n.map(QueryPrinter.number)
            case .today(let n), .thisWeek(let n), .thisMonth(let n), .thisYear(let n): n.map(String.init)
            case .yesterday, .lastWeek: nil
            case .iso(let text): text
            }
        return "$time.\(name.rawValue)" + (argument.map { "(\($0))" } ?? "")
    }

    /// The interval [start, end) this value stands for at `context.now`, counted in
    /// `context.calendar` (whose zone is `context.timeZone`). Days, weeks, months and years are the
    /// calendar's, so a daylight-saving day is 23 or 25 hours long. Nil when the calendar cannot
    /// place the date (not expected within the offset limits).
    func resolve(in context: QueryContext) -> TimeSpan? {
        let calendar = context.calendar
        let now = context.now
        func unit(_ component: Calendar.Component, _ offset: Int) -> TimeSpan? {
            guard let shifted = offset == 0 ? now : calendar.date(byAdding: component, value: offset, to: now),
                let interval = calendar.dateInterval(of: component, for: shifted)
            else { return nil }
            return TimeSpan(interval)
        }
        switch self {
        case .now(let seconds): return TimeSpan(instant: now.timeIntervalSinceReferenceDate + (seconds ?? 0))
        case .today(let n): return unit(.day, n ?? 0)
        case .yesterday: return unit(.day, -1)
        case .thisWeek(let n): return unit(.weekOfYear, n ?? 0)
        case .lastWeek: return unit(.weekOfYear, -1)
        case .thisMonth(let n): return unit(.month, n ?? 0)
        case .thisYear(let n): return unit(.year, n ?? 0)
        case .iso(let text): return ISO8601Text(text)?.resolve(in: calendar)
        }
    }
}
