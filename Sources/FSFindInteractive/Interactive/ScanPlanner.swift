import FSFindSearch

/// Decides how the search field's next answer is found, and remembers what it needs for that.
///
/// Three ways, cheapest first: a result the field had a moment ago (Backspace, Ctrl-U and
/// Shift-Tab go back to one), the rows the last scan matched when the field only narrowed (one
/// more letter, one more token, in the same folder), or every row. The event loop only asks and
/// reports; the policy lives here, where tests reach it.
struct ScanPlanner {
    /// How to answer the field.
    enum Plan {
        /// This result, without scanning.
        case cached(ScanResult)
        /// Scan only these rows: the last scan's matches, a superset of the new answer.
        case narrow([Int])
        /// Scan every row.
        case full
    }

    /// The field and location of the last finished scan, whose matched rows may be the next
    /// scan's candidates.
    private var lastScan: (field: SearchField, location: [UInt8]?)?
    /// Recent results, for keys that go back to an earlier field.
    private var recent: ScanCache

    init(cache: ScanCache = ScanCache()) { recent = cache }

    /// The cheapest way to answer `session`'s field. A cached answer counts as the last scan.
    mutating func plan(for session: SearchSession) -> Plan {
        if let cached = recent.result(field: session.field, scope: session.scope, location: session.location) {
            lastScan = (session.field, session.location)
            return .cached(cached)
        }
        if let last = lastScan, session.hasResults, last.location == session.location,
            session.field.narrows(last.field)
        {
            return .narrow(session.results.matched)
        }
        return .full
    }

    /// Records a finished scan of `session`'s field (before the session applies it).
    mutating func finished(_ result: ScanResult, for session: SearchSession) {
        recent.insert(result, field: session.field, scope: session.scope, location: session.location)
        lastScan = (session.field, session.location)
    }
}
