import FSFindModel
import Foundation

/// The environment a query is evaluated in: what "now" is and which calendar `$time` counts in.
///
/// Kept apart from ``Query`` so one parsed query can be run at a pinned instant in tests and at the
/// wall clock in use, and so `$time` is resolved once per run rather than once per item.
package struct QueryContext: Sendable {
    /// The instant `$time.now` stands for.
    package var now: Date
    /// The zone and calendar given to the initializer; nil for the environment's, looked up
    /// only when a date is first resolved: a query without dates (most of them) never asks ICU
    /// for the local zone, which was a tenth of a small query's start-up (`benchmarks/RESULTS.md`,
    /// "Start-up: no text store or time zone a query does not need").
    private let givenZone: TimeZone?
    private let givenCalendar: Calendar?

    /// The zone calendar days, weeks, months and years are counted in.
    package var timeZone: TimeZone { givenZone ?? TimeZone.current }

    /// The calendar (and its `firstWeekday`) weeks are counted in; its zone is `timeZone`.
    /// Without one given: a Gregorian calendar with the current locale's first weekday, so
    /// `this_year` means the civil year whatever calendar the locale prefers.
    var calendar: Calendar {
        var resolved =
            givenCalendar
            ?? {
                var gregorian = Calendar(identifier: .gregorian)
                gregorian.firstWeekday = Calendar.current.firstWeekday
                return gregorian
            }()
        resolved.timeZone = timeZone
        return resolved
    }

    init(now: Date, timeZone: TimeZone, calendar: Calendar? = nil) {
        self.now = now
        self.givenZone = timeZone
        self.givenCalendar = calendar
    }

    /// At `now`, in the environment's zone (`TimeZone.current`, which honours `TZ`) and calendar.
    private init(now: Date) {
        self.now = now
        self.givenZone = nil
        self.givenCalendar = nil
    }

    /// Now from `FSFIND_NOW` (ISO-8601) when set, else the wall clock. Throws a ``QueryError``
    /// for a bad `FSFIND_NOW`. The variable is read with `getenv`: Foundation's `environment` is
    /// a dictionary of every variable, built on each call.
    package static func fromEnvironment() throws(QueryError) -> QueryContext {
        guard let text = getenv("FSFIND_NOW").map({ String(cString: $0) }),
            !text.trimmingCharacters(in: .whitespaces).isEmpty
        else {
            return QueryContext(now: Date())
        }
        guard let iso = ISO8601Text(text.trimmingCharacters(in: .whitespaces)),
            let span = iso.resolve(in: QueryContext(now: Date()).calendar)
        else {
            throw QueryError(
                message: "FSFIND_NOW is not an ISO-8601 date: '\(text)' (write e.g. 2026-03-08T12:00:00Z)",
                range: 0..<0)
        }
        return QueryContext(now: Date(timeIntervalSinceReferenceDate: span.start))
    }
}
