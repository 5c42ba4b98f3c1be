import FSFindModel
import Foundation

/// Date values of tokens: `today`, `this_week`, `last_year`, `7d`, `2025`, `2025-06`, `>2025-06-01`.
///
/// Each value is a span of calendar days written with `$time`; with `>`, `<`, `>=`, `<=` in front
/// it is after its end, before its start, from its start, up to its end.
enum TokenDate {
    static let names: [String: (String, String)] = [
        "today": ("$time.today", "$time.today"),
        "yesterday": ("$time.yesterday", "$time.yesterday"),
        "this_week": ("$time.this_week", "$time.this_week"),
        "last_week": ("$time.last_week", "$time.last_week"),
        "this_month": ("$time.this_month", "$time.this_month"),
        "last_month": ("$time.this_month(-1)", "$time.this_month(-1)"),
        "this_year": ("$time.this_year", "$time.this_year"),
        "last_year": ("$time.this_year(-1)", "$time.this_year(-1)"),
    ]

    /// The names suggestions offer after a date key.
    static let suggested = [
        "today", "yesterday", "this_week", "last_week", "this_month", "this_year", "last_year",
    ]

    static func predicate(_ attribute: Attribute, _ value: String) -> Result<String, SearchTokenParser.Message> {
        let (op, rest) = TokenComparator.split(value.trimmingCharacters(in: .whitespaces))
        guard let (low, high) = span(rest) else {
            return .failure(.init("write a date such as today, this_week, this_year, 7d, 2025 or >2025-06-01"))
        }
        let name = attribute.name
        switch op {
        case nil, "==": return .success("InRange(\(name), \(low), \(high))")
        // `>` and `<` compare with a period's start (`docs/spec/query-language.md`), so "after
        // its end" and "up to its end" are said with the whole period (`InRange`).
        case ">": return .success("(\(name) >= \(high) && !InRange(\(name), \(high), \(high)))")
        case ">=": return .success("\(name) >= \(low)")
        case "<": return .success("\(name) < \(low)")
        default: return .success("(\(name) < \(high) || InRange(\(name), \(high), \(high)))")
        }
    }

    /// The first and last day of the span, as `$time` expressions.
    static func span(_ text: String) -> (String, String)? {
        // `this week` as Finder's search field writes it, `this-week`, `this_week`: one name.
        let lower = text.lowercased().replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: " ", with: "_")
        if let named = names[lower] { return named }
        // Nd: the last N days, today included.
        if lower.hasSuffix("d"), let days = Int(lower.dropLast()), days > 0, days < 100_000 {
            return ("$time.today(\(-(days - 1)))", "$time.today")
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            parts[0].count == 4, let year = Int(parts[0])
        else { return nil }
        func iso(_ y: Int, _ m: Int, _ d: Int) -> String {
            "$time.iso(\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d))"
        }
        switch parts.count {
        case 1:
            return (iso(year, 1, 1), iso(year, 12, 31))
        case 2:
            guard let month = Int(parts[1]), (1...12).contains(month) else { return nil }
            return (iso(year, month, 1), iso(year, month, daysIn(month: month, year: year)))
        default:
            guard let month = Int(parts[1]), (1...12).contains(month), let day = Int(parts[2]),
                (1...daysIn(month: month, year: year)).contains(day)
            else { return nil }
            return (iso(year, month, day), iso(year, month, day))
        }
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
