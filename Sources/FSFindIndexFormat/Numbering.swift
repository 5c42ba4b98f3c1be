/// Distinct values numbered once each in the order first met: what a tabled identities section
/// (``IdentityLayout``) and a dictionary column (``DictionaryColumn``) store once, their rows
/// holding only the numbers.
///
/// Built while a section's layout is chosen and given up as soon as it cannot pay: when the
/// distinct values pass `limit`, or half of the first 65,536 met (a column or tree whose values
/// hardly repeat gives up there, having held 65,536 of them: about 5 MB of identities; the
/// benchmark tree's first 65,536 rows have 3,300). A tree whose first 65,536 rows are distinct and
/// later ones links (a backup whose first snapshot is that large) is therefore not tabled.
struct Numbering<Value: Hashable> {
    /// Fewer values than this are never numbered: the saving is a few bytes.
    static var minimumRows: Int { 4096 }
    private static var sample: Int { 65536 }
    private let limit: Int
    private var numbers: [Value: UInt32] = [:]
    private var met = 0
    /// The distinct values, by number.
    private(set) var values: [Value] = []

    init(limit: Int) { self.limit = limit }

    var count: Int { values.count }

    /// Numbers `value` (if new); false when the numbering no longer pays.
    mutating func add(_ value: Value) -> Bool {
        met += 1
        if numbers[value] == nil {
            numbers[value] = UInt32(values.count)
            values.append(value)
        }
        return values.count <= limit && (met != Self.sample || values.count <= met / 2)
    }

    /// The number of `value`, nil when it was never added.
    func number(of value: Value) -> UInt32? { numbers[value] }
}
