/// Numbers the sets of free-text values other than the name (a title, authors, an album … as the
/// cells of their columns) that rows of one index file hold, in the order rows first show them,
/// for ``RowSignatures/otherSets``.
///
/// Rows that hold the same cells score the same in those values for any query, and real trees
/// repeat them (every track of an album, every copy or link of a document): a scan measures a
/// set once per key (``FreeTextLeaf``) instead of reading each of its columns for every row,
/// through a presence bitmap's rank and a cell each. A row whose set cannot be numbered (past
/// ``limit`` sets, or sharing a hash with another set) reads ``unnumbered`` and is measured as
/// before, column by column.
struct OtherValueSets {
    /// The most sets numbered per file: a scan's table of what each set scores is this many
    /// entries at most.
    static let limit = 1 << 16
    /// ``limit``, or fewer for a test.
    private let numbered: Int
    /// The set of a row that has none of the other values: nothing to measure.
    static let empty: UInt32 = 0
    /// A row whose set is not numbered.
    static let unnumbered = UInt32.max

    /// Every numbered set's cells, one after the other (set `i` is `cells[starts[i]..<starts[i + 1]]`).
    private var cells: [UInt64] = []
    private var starts: [Int] = [0, 0]
    /// The first set of each hash; another set with the same hash is not numbered.
    private var byHash: [UInt64: UInt32] = [:]
    /// The current row's cells, as ``add(_:source:)`` meets them.
    private var row: [UInt64] = []
    private var hash: UInt64 = 0

    /// Sets numbered so far, the empty one included.
    var count: Int { starts.count - 1 }

    init(limit: Int = Self.limit) { numbered = min(limit, Self.limit) }

    /// Counts the current row's cell of its `source`th free-text column (not the name's).
    mutating func add(_ cell: TextSource.Cell, source: Int) {
        let code: UInt64
        switch cell {
        case .absent: return
        case .string(let id): code = UInt64(source) << 34 | 1 << 32 | UInt64(id)
        case .list(let id): code = UInt64(source) << 34 | 2 << 32 | UInt64(id)
        // Read through the row reader, not as a cell: no other row can be known to share it.
        case .slow: code = .max
        }
        row.append(code)
        hash = (hash ^ code) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 29
    }

    /// The number of the set of cells added since the last call, and a fresh start for the next
    /// row.
    mutating func finishRow() -> UInt32 {
        defer {
            row.removeAll(keepingCapacity: true)
            hash = 0
        }
        guard !row.isEmpty else { return Self.empty }
        if row.contains(.max) { return Self.unnumbered }
        if let known = byHash[hash] {
            let range = starts[Int(known)]..<starts[Int(known) + 1]
            return cells[range].elementsEqual(row) ? known : Self.unnumbered
        }
        guard count < numbered else { return Self.unnumbered }
        let number = UInt32(count)
        byHash[hash] = number
        cells += row
        starts.append(cells.count)
        return number
    }
}
