import FSFindIndexFormat
import FSFindModel

/// For each scope, the merged rows of a snapshot in it, one bit per row, made once per session
/// on the summaries' thread.
///
/// A one-letter field matches exactly the rows of its start (``StartRows``), so its count per
/// scope is those rows counted against each scope's, a word at a time, and its scan need only
/// visit the chosen scope's rows for the list: each first letter otherwise visited a third of a
/// million rows to count them (`docs/decisions.md`, "The search field's per-key costs").
struct ScopeRows: Sendable {
    /// Per scope (`Scope.allCases` order), one bit per merged row: the bit of row `row` in scope
    /// `s` is bit `row & 63` of word `s * words + row >> 6`.
    private let bits: [UInt64]
    /// Words per scope.
    private let words: Int
    /// The snapshot's rows.
    let rowCount: Int

    /// Each row's scopes as the field's scan works them out (``InteractiveScan/scopeBits(_:of:)``,
    /// once per type-table entry, as ``FileScan`` does).
    init(reader: IndexReader) {
        let index = reader.snapshot
        let words = (index.itemCount + 63) / 64
        let scopes = Scope.allCases.count
        let files = reader.fileReaders
        let types = files.map { IndexViews(reader: $0).types }
        bits = [UInt64](unsafeUninitializedCapacity: scopes * words) { buffer, count in
            buffer.initialize(repeating: 0)
            for piece in index.pieces {
                let file = files[piece.file]
                let column = types[piece.file]
                var byType = [UInt16?](repeating: nil, count: column?.typeCount ?? 0)
                for (offset, row) in piece.rows.enumerated() {
                    var set: UInt16
                    if let id = column?.typeID(row), id < byType.count {
                        if let known = byType[id] {
                            set = known
                        } else {
                            set = InteractiveScan.scopeBits(row, of: file)
                            byType[id] = set
                        }
                    } else {
                        set = InteractiveScan.scopeBits(row, of: file)
                    }
                    let merged = piece.start + offset
                    while set != 0 {
                        buffer[set.trailingZeroBitCount * words + merged >> 6] |= 1 << UInt64(merged & 63)
                        set &= set - 1
                    }
                }
            }
            count = scopes * words
        }
        self.words = words
        rowCount = index.itemCount
    }

    /// How many rows of `rows` (one bit per merged row, as ``StartRows/plane(ofStart:)`` gives)
    /// each scope holds, in `Scope.allCases` order.
    func counts(among rows: ArraySlice<UInt64>) -> [Int] {
        Scope.allCases.indices.map { scope in
            var count = 0
            let start = scope * words
            for (word, set) in zip(start..<start + words, rows) { count += (bits[word] & set).nonzeroBitCount }
            return count
        }
    }

    /// Calls `body` with scope `scope`'s bits (position `Scope.allCases` order), which a scan
    /// reads once per row without a bounds check or a retain.
    func withRows<Result>(ofScope scope: Int, _ body: (UnsafeBufferPointer<UInt64>) -> Result) -> Result {
        bits.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[scope * words..<(scope + 1) * words]))
        }
    }
}
