import FSFindIndexFormat
import FSFindQuery

/// The rows a field of type tests alone (`kind:audio`, as typed or as a chip) can match, read
/// from the type column before the scan: the answer is the same for every row of a type-table
/// entry, so each entry is asked once and a row costs a byte's look-up instead of a visit of the
/// scan's: each key of `kind:audio` visited every row to keep a few (`benchmarks/RESULTS.md`, "The
/// search field's first letters from per-letter rows").
enum TypeCandidates {
    /// The merged rows, ascending, whose type-table entry the field's text and chips accept (and
    /// every row whose entry cannot be read, which the scan judges on its own); nil unless both
    /// are type tests or absent, one at least present, and every file has a type column.
    static func rows(for query: FieldQuery, in index: IndexSnapshot, views: [IndexViews]) -> [Int]? {
        let tests = [query.text, query.filter].compactMap { $0 }
        guard !tests.isEmpty, tests.allSatisfy(QueryPlan.readsOnlyTypes), views.count == index.files.count else {
            return nil
        }
        var accepted: [FlatTable<UInt8>] = []
        var plans: [[QueryPlan]] = []
        for fileViews in views {
            let filePlans = tests.map { QueryPlan($0, views: fileViews) }
            guard filePlans.allSatisfy(\.readsOnlyTypes), let types = fileViews.types else { return nil }
            plans.append(filePlans)
            // 0: not asked yet, 1: no, 2: yes.
            accepted.append(FlatTable(count: types.typeCount, repeating: 0))
        }
        var rows: [Int] = []
        for piece in index.pieces {
            guard let types = views[piece.file].types else { return nil }
            let answers = accepted[piece.file]
            let filePlans = plans[piece.file]
            for (offset, row) in piece.rows.enumerated() {
                guard let id = types.typeID(row) else {
                    rows.append(piece.start + offset)
                    continue
                }
                if answers[id] == 0 { answers[id] = filePlans.allSatisfy { $0.matches(row) } ? 2 : 1 }
                if answers[id] == 2 { rows.append(piece.start + offset) }
            }
        }
        return rows
    }
}
