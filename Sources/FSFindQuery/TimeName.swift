/// The names after `$time.`: the one list the lexer, the printer, errors and completion read.
///
/// Every switch over it is exhaustive, so a name added here cannot be forgotten in one of them
/// (a name missing from a `default:` branch once silently meant `this_year`).
enum TimeName: String, Sendable, CaseIterable {
    case now
    case today
    case yesterday
    case thisWeek = "this_week"
    case lastWeek = "last_week"
    case thisMonth = "this_month"
    case thisYear = "this_year"
    case iso

    /// Whether `$time.NAME(N)` is allowed (`iso` takes its text, not a number).
    var takesOffset: Bool {
        switch self {
        case .now, .today, .thisWeek, .thisMonth, .thisYear: true
        case .yesterday, .lastWeek, .iso: false
        }
    }

    /// What N counts, for "takes a whole number of …"; nil for `now`, whose N is seconds and
    /// may have a fraction.
    var unit: String? {
        switch self {
        case .today: "days"
        case .thisWeek: "weeks"
        case .thisMonth: "months"
        case .thisYear: "years"
        case .now, .yesterday, .lastWeek, .iso: nil
        }
    }

    /// The largest |N| accepted: about ten thousand years either way, so calendar arithmetic
    /// never overflows or wanders outside what Foundation can represent.
    var offsetLimit: Double {
        switch self {
        case .now: 3.2e11
        case .today: 3_652_500
        case .thisWeek: 521_800
        case .thisMonth: 120_000
        case .thisYear, .yesterday, .lastWeek, .iso: 10_000
        }
    }

    /// The value `$time.NAME` or `$time.NAME(offset)` stands for; nil for `iso`, which needs its
    /// text.
    func value(offset: Double?) -> TimeValue? {
        switch self {
        case .now: .now(offset)
        case .today: .today(offset.map { Int($0) })
        case .yesterday: .yesterday
        case .thisWeek: .thisWeek(offset.map { Int($0) })
        case .lastWeek: .lastWeek
        case .thisMonth: .thisMonth(offset.map { Int($0) })
        case .thisYear: .thisYear(offset.map { Int($0) })
        case .iso: nil
        }
    }
}
