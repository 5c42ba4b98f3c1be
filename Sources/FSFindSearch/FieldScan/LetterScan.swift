import FSFindModel

/// What a scan of a one-letter field knows before it visits a row: it matches exactly the rows
/// that start a word with the letter (``StartRows``), so its matches are those rows, its counts per
/// scope theirs counted against each scope's (``ScopeRows``), and its parts visit only the chosen
/// scope's rows, for the list. The general scan tested, counted and listed each of a third of a
/// million rows for a first letter (`docs/decisions.md`, "The search field's per-key costs").
struct LetterScan {
    /// The rows of each scope.
    let scopes: ScopeRows
    /// The chosen scope's position in `Scope.allCases`.
    let scope: Int
    /// The field's matches per scope, in `Scope.allCases` order.
    let counts: [Int]
    /// Its matches: the merged rows of its start, ascending.
    let matched: [Int]
    /// The letter's start bit (``RowSignatures/startBit(_:)``).
    let start: UInt64

    /// Nil unless the field is one letter alone (no chips, no folder) and the session's summaries
    /// give its start's rows (`candidates`, made from `required`) and the rows of every scope.
    init?(
        _ filter: SignatureFilter, query: FieldQuery, folder: [UInt8]?, required: [UInt64],
        made: SignatureStore.Made?, candidates: [Int]?, scope: Scope
    ) {
        guard filter.isOneLetter, query.filter == nil, folder == nil, required.count == 1, let candidates,
            let starts = made?.starts, let scopes = made?.scopes, scopes.rowCount == starts.rowCount,
            let rows = starts.plane(ofStart: required[0])
        else { return nil }
        self.scopes = scopes
        self.scope = Scope.allCases.firstIndex(of: scope) ?? 0
        counts = scopes.counts(among: rows)
        matched = candidates
        start = required[0]
    }

    /// What the field's answer worked out ahead is kept under, for a scan keeping `limit` rows.
    func key(limit: Int) -> LetterAnswers.Key {
        LetterAnswers.Key(start: start, scope: Scope.allCases[scope], limit: limit)
    }
}
