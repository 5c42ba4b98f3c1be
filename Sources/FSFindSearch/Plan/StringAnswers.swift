/// One yes/no answer per string (or list) id, worked out the first time a row shows the id.
///
/// Names repeat (`index.html`, `README.md`) and other text repeats far more (types, albums,
/// authors), so a scan matches each distinct string once instead of once per row.
final class StringAnswers {
    static let unknown: UInt8 = 0
    static let no: UInt8 = 1
    static let yes: UInt8 = 2
    /// The id does not resolve: the row reader reads the value as absent.
    static let invalid: UInt8 = 3

    private let answers: FlatTable<UInt8>

    init(count: Int) { answers = FlatTable(count: count, repeating: Self.unknown) }

    /// The answer for `id` (which must be below `count`), computed once by `compute`.
    @inline(__always) func answer(_ id: Int, _ compute: () -> UInt8) -> UInt8 {
        let known = answers[id]
        if known != Self.unknown { return known }
        let computed = compute()
        answers[id] = computed
        return computed
    }
}
