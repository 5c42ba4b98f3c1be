import Foundation
import Testing

@testable import FSFindIndexFormat
@testable import FSFindManual
@testable import FSFindModel
@testable import FSFindQuery

/// `$time` intervals at pinned instants, daylight-saving days and calendar boundaries, and the
/// date comparison table of `docs/spec/query-language.md`.
@Suite struct QueryTimeTests {
    static func instant(_ text: String) -> Date {
        // Test literals are well-formed.
        ISO8601DateFormatter().date(from: text)!
    }

    static func context(_ now: String, _ zone: String, firstWeekday: Int = 1) -> QueryContext {
        var calendar = Calendar(identifier: .gregorian)
        calendar.firstWeekday = firstWeekday
        return QueryContext(now: instant(now), timeZone: TimeZone(identifier: zone)!, calendar: calendar)
    }

    /// The interval `$time…` text resolves to, as two ISO strings in UTC.
    static func interval(
        _ time: String, _ context: QueryContext,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (String, String)? {
        do {
            let query = try Query.parse("contentModificationDate == \(time)")
            guard case .comparison(let comparison) = query.expression, case .time(let value) = comparison.value,
                let span = value.resolve(in: context)
            else {
                Issue.record("not a $time value: \(time)", sourceLocation: sourceLocation)
                return nil
            }
            let formatter = ISO8601DateFormatter()
            return (
                formatter.string(from: Date(timeIntervalSinceReferenceDate: span.start)),
                formatter.string(from: Date(timeIntervalSinceReferenceDate: span.end))
            )
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var time: String
        var start: String
        var end: String
        var testDescription: String { time }
    }

    /// 2026-03-08 is a Sunday and the day New York springs forward (a 23-hour day).
    static let springForward: [Case] = [
        Case(time: "$time.now", start: "2026-03-08T16:00:00Z", end: "2026-03-08T16:00:00Z"),
        Case(time: "$time.now(-90)", start: "2026-03-08T15:58:30Z", end: "2026-03-08T15:58:30Z"),
        Case(time: "$time.now(+3.6e3)", start: "2026-03-08T17:00:00Z", end: "2026-03-08T17:00:00Z"),
        Case(time: "$time.today", start: "2026-03-08T05:00:00Z", end: "2026-03-09T04:00:00Z"),
        Case(time: "$time.today(0)", start: "2026-03-08T05:00:00Z", end: "2026-03-09T04:00:00Z"),
        Case(time: "$time.today(1)", start: "2026-03-09T04:00:00Z", end: "2026-03-10T04:00:00Z"),
        Case(time: "$time.today(-10)", start: "2026-02-26T05:00:00Z", end: "2026-02-27T05:00:00Z"),
        Case(time: "$time.yesterday", start: "2026-03-07T05:00:00Z", end: "2026-03-08T05:00:00Z"),
        Case(time: "$time.this_week", start: "2026-03-08T05:00:00Z", end: "2026-03-15T04:00:00Z"),
        Case(time: "$time.this_week(1)", start: "2026-03-15T04:00:00Z", end: "2026-03-22T04:00:00Z"),
        Case(time: "$time.last_week", start: "2026-03-01T05:00:00Z", end: "2026-03-08T05:00:00Z"),
        Case(time: "$time.this_month", start: "2026-03-01T05:00:00Z", end: "2026-04-01T04:00:00Z"),
        Case(time: "$time.this_month(-1)", start: "2026-02-01T05:00:00Z", end: "2026-03-01T05:00:00Z"),
        Case(time: "$time.this_month(10)", start: "2027-01-01T05:00:00Z", end: "2027-02-01T05:00:00Z"),
        Case(time: "$time.this_year", start: "2026-01-01T05:00:00Z", end: "2027-01-01T05:00:00Z"),
        Case(time: "$time.this_year(-1)", start: "2025-01-01T05:00:00Z", end: "2026-01-01T05:00:00Z"),
        Case(time: "$time.iso(2025-06-01)", start: "2025-06-01T04:00:00Z", end: "2025-06-02T04:00:00Z"),
        Case(time: "$time.iso(\"2026-03-08\")", start: "2026-03-08T05:00:00Z", end: "2026-03-09T04:00:00Z"),
        Case(time: "$time.iso(2026-11-01)", start: "2026-11-01T04:00:00Z", end: "2026-11-02T05:00:00Z"),
        Case(time: "$time.iso(2025-06-01T00:00:00Z)", start: "2025-06-01T00:00:00Z", end: "2025-06-01T00:00:00Z"),
        Case(
            time: "$time.iso( “2025-06-01T02:30:00+02:00” )", start: "2025-06-01T00:30:00Z", end: "2025-06-01T00:30:00Z"
        ),
        Case(time: "$time.iso(2025-06-01T08:00)", start: "2025-06-01T12:00:00Z", end: "2025-06-01T12:00:00Z"),
        Case(time: "$time.iso(2025-06-01 08:00:00-0500)", start: "2025-06-01T13:00:00Z", end: "2025-06-01T13:00:00Z"),
    ]

    @Test(arguments: springForward)
    func newYorkSpringForward(_ row: Case) {
        let context = Self.context("2026-03-08T12:00:00-04:00", "America/New_York")
        let got = Self.interval(row.time, context)
        #expect(got?.0 == row.start)
        #expect(got?.1 == row.end)
    }

    @Test func weekStartsOnMonday() {
        let context = Self.context("2026-03-08T12:00:00-04:00", "America/New_York", firstWeekday: 2)
        #expect(
            Self.interval("$time.this_week", context).map { [$0.0, $0.1] } == [
                "2026-03-02T05:00:00Z", "2026-03-09T04:00:00Z",
            ])
        #expect(
            Self.interval("$time.last_week", context).map { [$0.0, $0.1] } == [
                "2026-02-23T05:00:00Z", "2026-03-02T05:00:00Z",
            ])
    }

    @Test func fallBackIs25Hours() {
        let context = Self.context("2026-11-01T12:00:00-05:00", "America/New_York")
        #expect(
            Self.interval("$time.today", context).map { [$0.0, $0.1] } == [
                "2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z",
            ])
        let berlin = Self.context("2026-03-29T12:00:00+02:00", "Europe/Berlin")
        #expect(
            Self.interval("$time.today", berlin).map { [$0.0, $0.1] } == [
                "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z",
            ])
        #expect(
            Self.interval("$time.today(-1)", berlin).map { [$0.0, $0.1] } == [
                "2026-03-27T23:00:00Z", "2026-03-28T23:00:00Z",
            ])
    }

    @Test func newYearsEve() {
        let context = Self.context("2026-12-31T23:30:00-05:00", "America/New_York")
        let rows: [(String, String, String)] = [
            ("$time.today", "2027-01-01T05:00:00Z", "2026-12-31T05:00:00Z"),
            ("$time.today(1)", "2027-01-02T05:00:00Z", "2027-01-01T05:00:00Z"),
            ("$time.this_week", "2027-01-03T05:00:00Z", "2026-12-27T05:00:00Z"),
            ("$time.this_month(1)", "2027-02-01T05:00:00Z", "2027-01-01T05:00:00Z"),
            ("$time.this_year(1)", "2028-01-01T05:00:00Z", "2027-01-01T05:00:00Z"),
        ]
        for (time, end, start) in rows {
            let got = Self.interval(time, context)
            #expect(got?.0 == start, "\(time)")
            #expect(got?.1 == end, "\(time)")
        }
    }

    @Test func monthEnds() {
        let context = Self.context("2026-01-31T12:00:00Z", "UTC")
        #expect(
            Self.interval("$time.this_month(1)", context).map { [$0.0, $0.1] } == [
                "2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z",
            ])
        let leap = Self.context("2028-02-29T12:00:00Z", "UTC")
        #expect(
            Self.interval("$time.this_year(1)", leap).map { [$0.0, $0.1] } == [
                "2029-01-01T00:00:00Z", "2030-01-01T00:00:00Z",
            ])
        #expect(
            Self.interval("$time.today(1)", leap).map { [$0.0, $0.1] } == [
                "2028-03-01T00:00:00Z", "2028-03-02T00:00:00Z",
            ])
    }

    /// mdfind's spellings of `$time`: units after the number, empty parentheses, a space before
    /// the argument, the value in quotes.
    @Test func mdfindSpellingsOfTime() throws {
        let context = Self.context("2026-03-08T12:00:00-04:00", "America/New_York")
        func same(_ a: String, _ b: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let left = Self.interval(a, context, sourceLocation: sourceLocation).map { [$0.0, $0.1] }
            let right = Self.interval(b, context, sourceLocation: sourceLocation).map { [$0.0, $0.1] }
            #expect(left != nil && left == right, "\(a) against \(b)", sourceLocation: sourceLocation)
        }
        same("$time.today(-30d)", "$time.today(-30)")
        same("$time.today(-1w)", "$time.today(-7)")
        same("$time.this_week(2w)", "$time.this_week(2)")
        same("$time.this_month(-1m)", "$time.this_month(-1)")
        same("$time.this_year(-1y)", "$time.this_year(-1)")
        same("$time.now(-2h)", "$time.now(-7200)")
        same("$time.now(-1d)", "$time.now(-86400)")
        same("$time.this_month()", "$time.this_month")
        same("$time.today (-1)", "$time.today(-1)")
        same("\"$time.iso(2024-01-01)\"", "$time.iso(2024-01-01)")
        // A bare ISO date against a date: `$time.iso(…)` without the wrapping.
        same("2024-01-01", "$time.iso(2024-01-01)")
        same("2024-01-01T12:00:00Z", "$time.iso(2024-01-01T12:00:00Z)")
        for bad in [
            "$time.today(-30q)", "$time.this_year(-1d)", "$time.today(-1.5w)", "$time.yesterday()x", "2024-13-45",
        ] {
            #expect(throws: QueryError.self, "\(bad)") { try Query.parse("contentModificationDate == \(bad)") }
        }
    }

    /// The table "For a date D and interval [s, e)".
    @Test func intervalComparisonTable() {
        let context = Self.context("2026-03-08T12:00:00-04:00", "America/New_York")
        let s = Self.instant("2026-03-08T05:00:00Z")
        let e = Self.instant("2026-03-09T04:00:00Z")
        func check(_ op: String, _ date: Date, _ expected: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
            let query = "contentModificationDate \(op) $time.today"
            #expect(
                matches(
                    query, [.contentModificationDate: .date(date)], context: context,
                    sourceLocation: sourceLocation) == expected, "\(op) at \(date)")
        }
        let before = s.addingTimeInterval(-0.5)
        let last = e.addingTimeInterval(-0.001)
        check("==", s, true)
        check("==", last, true)
        check("==", before, false)
        check("==", e, false)
        check("!=", before, true)
        check("!=", s, false)
        check("!=", e, true)
        check("<", before, true)
        check("<", s, false)
        // Ordering compares with the start: `> $time.today` is "modified today".
        check("<=", s, true)
        check("<=", s.addingTimeInterval(0.001), false)
        check(">", s.addingTimeInterval(0.001), true)
        check(">", last, true)
        check(">", s, false)
        check(">=", s, true)
        check(">=", before, false)
    }

    @Test func instantComparisonsTruncateToSeconds() {
        let context = Self.context("2026-03-08T12:00:00-04:00", "America/New_York")
        let now = Self.instant("2026-03-08T16:00:00Z")
        func check(
            _ query: String, _ offset: Double, _ expected: Bool, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(
                matches(
                    query, [.contentModificationDate: .date(now.addingTimeInterval(offset))], context: context,
                    sourceLocation: sourceLocation) == expected, "\(query) at now\(offset)")
        }
        check("contentModificationDate == $time.now", 0.7, true)
        check("contentModificationDate == $time.now", -0.3, false)
        check("contentModificationDate < $time.now", -0.3, true)
        check("contentModificationDate <= $time.now", 0.9, true)
        check("contentModificationDate > $time.now", 0.9, false)
        check("contentModificationDate > $time.now", 1, true)
        check("contentModificationDate >= $time.now", 0, true)
        check("InRange(contentModificationDate, $time.now(-60), $time.now)", 0.5, true)
        check("InRange(contentModificationDate, $time.now(-60), $time.now)", -60, true)
        check("InRange(contentModificationDate, $time.now(-60), $time.now)", 1, false)
        check("InRange(contentModificationDate, $time.now(-60), $time.now)", -61, false)
        check("InRange(contentModificationDate, $time.today(-10), $time.today)", -10 * 86_400, true)
        check("InRange(contentModificationDate, $time.today(-10), $time.today)", 12 * 3600 - 1, true)
        check("InRange(contentModificationDate, $time.today(-10), $time.today)", 12 * 3600, false)
        check("InRange(contentModificationDate, $time.today(-10), $time.today)", -11 * 86_400, false)
    }

    /// The reference's closing example, with an attribute fsfind has instead of `completionDate`.
    @Test func timOrSteveInTheLastTenDays() {
        let context = Self.context("2026-03-08T12:00:00-04:00", "America/New_York")
        let query = """
            (authorNames == “Tim”wc || authorNames == “Steve”wc) &&
             InRange(contentModificationDate,$time.today(-10),$time.today)
            """
        func item(_ author: String, _ date: String) -> [Attribute: AttributeValue] {
            [.authorNames: .textList([author]), .contentModificationDate: .date(Self.instant(date))]
        }
        #expect(matches(query, item("Steve Jobs", "2026-03-01T10:00:00Z"), context: context))
        #expect(matches(query, item("tim cook", "2026-02-26T05:00:00Z"), context: context))
        #expect(matches(query, item("Tim", "2026-03-09T03:59:59Z"), context: context))
        #expect(!matches(query, item("Tim", "2026-03-09T04:00:00Z"), context: context))
        #expect(!matches(query, item("Tim", "2026-02-26T04:59:59Z"), context: context))
        #expect(!matches(query, item("Timothy", "2026-03-01T10:00:00Z"), context: context))
        #expect(!matches(query, item("Bill", "2026-03-01T10:00:00Z"), context: context))
    }

    @Test func numbersAreSecondsSince2001() {
        let item: [Attribute: AttributeValue] = [
            .contentModificationDate: .date(Date(timeIntervalSinceReferenceDate: 100.25))
        ]
        #expect(matches("contentModificationDate == 100", item))
        #expect(matches("contentModificationDate == \"100\"", item))
        #expect(matches("contentModificationDate > 99.5", item))
        #expect(!matches("contentModificationDate > 100", item))
        #expect(matches("InRange(contentModificationDate, 0, 100)", item))
        #expect(matches("contentModificationDate < $time.iso(2001-01-01T00:02:00Z)", item))
        #expect(
            matches(
                "kMDItemFSContentChangeDate == $time.iso(2001-01-01)", item,
                context: Self.context("2026-01-01T00:00:00Z", "UTC")))
        let old: [Attribute: AttributeValue] = [.lastUsedDate: .date(Date(timeIntervalSinceReferenceDate: -0.5))]
        #expect(matches("lastUsedDate == -1", old))
    }

    /// The only test that touches `FSFIND_NOW`, so parallel tests cannot race on it.
    @Test func contextFromEnvironment() throws {
        let saved = ProcessInfo.processInfo.environment["FSFIND_NOW"]
        defer {
            if let saved { setenv("FSFIND_NOW", saved, 1) } else { unsetenv("FSFIND_NOW") }
        }
        setenv("FSFIND_NOW", "2026-03-08T12:00:00-04:00", 1)
        let context = try QueryContext.fromEnvironment()
        #expect(context.now == Self.instant("2026-03-08T16:00:00Z"))
        #expect(context.calendar.timeZone == context.timeZone)
        setenv("FSFIND_NOW", "next tuesday", 1)
        #expect(throws: QueryError.self) { try QueryContext.fromEnvironment() }
        unsetenv("FSFIND_NOW")
        let wallClock = try QueryContext.fromEnvironment()
        #expect(abs(wallClock.now.timeIntervalSinceNow) < 60)
        let zone = TimeZone(identifier: "Europe/Berlin")!
        #expect(QueryContext(now: Date(), timeZone: zone).calendar.timeZone == zone)
    }
}
