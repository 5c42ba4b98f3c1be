import FSFindModel
import FSFindSearch

/// The last few finished scans of a search session, so going back to a field, scope and location
/// seen a moment ago (Backspace, Ctrl-U, Shift-Tab, removing a chip) repaints without a scan.
///
/// Exact: a session's index and clock (``QueryContext/now``) do not change, so the same field,
/// scope and location give the same ``ScanResult``. Bounded by rows kept, because a result holds
/// every matching row (8 bytes each): the default keeps at most 4 million (32 MiB).
struct ScanCache: Sendable {
    private struct Entry: Sendable {
        let field: SearchField
        let scope: Scope
        let location: [UInt8]?
        let result: ScanResult
    }

    /// How many results are kept, most recent first.
    let capacity: Int
    /// How many matching rows all kept results may hold together.
    let rowBudget: Int
    private var entries: [Entry] = []

    init(capacity: Int = 24, rowBudget: Int = 4_000_000) {
        self.capacity = capacity
        self.rowBudget = rowBudget
    }

    /// The result of an earlier scan of exactly this field, scope and location.
    mutating func result(field: SearchField, scope: Scope, location: [UInt8]?) -> ScanResult? {
        guard
            let position = entries.firstIndex(where: {
                $0.field == field && $0.scope == scope && $0.location == location
            })
        else { return nil }
        let entry = entries.remove(at: position)
        entries.insert(entry, at: 0)
        return entry.result
    }

    /// Remembers a finished scan, dropping the oldest beyond ``capacity``.
    mutating func insert(_ result: ScanResult, field: SearchField, scope: Scope, location: [UInt8]?) {
        entries.removeAll { $0.field == field && $0.scope == scope && $0.location == location }
        entries.insert(Entry(field: field, scope: scope, location: location, result: result), at: 0)
        if entries.count > capacity { entries.removeLast(entries.count - capacity) }
        var rows = entries.reduce(0) { $0 + $1.result.matched.count + $1.result.rows.count }
        while entries.count > 1, rows > rowBudget {
            rows -= entries[entries.count - 1].result.matched.count + entries[entries.count - 1].result.rows.count
            entries.removeLast()
        }
    }
}
