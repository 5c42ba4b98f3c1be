import FSFindIndexFormat

/// For each way a word can start, the merged rows of a snapshot some word of whose free text
/// starts so: a letter a–z, a digit, anything else (the low 28 bits of a row summary's first
/// word, ``RowSignatures/startBit(_:)``), one bit per row and start.
///
/// A field of plain words too short to match inside names can only match rows that start a word
/// with each word's first character, so its scan need not visit the others: a field's first
/// letter after an empty field visited every row to score the part the summaries let through
/// (`benchmarks/RESULTS.md`, "The search field's first letters from per-letter rows"). Worked out
/// from the summaries once per snapshot, 28 bits a row.
package struct StartRows: Sendable {
    /// How many starts there are: the bits of ``RowSignatures/startBit(_:)``.
    static let starts = 28
    /// Per start, one bit per merged row: start `s`'s bit of row `row` is bit `row & 63` of
    /// word `s * words + row >> 6`.
    private let bits: [UInt64]
    /// Words per start.
    private let words: Int
    /// The snapshot's rows.
    package let rowCount: Int

    /// Nil unless every file of `index` has its summary (`summaries`, one per file): a file
    /// without one is scanned whole, so no list of its rows can stand for it.
    package init?(summaries: [RowSignatures?], of index: IndexSnapshot) {
        guard summaries.count == index.files.count else { return nil }
        let files = summaries.compactMap { $0 }
        guard files.count == summaries.count,
            zip(files, index.files).allSatisfy({ $0.count == $1.itemCount })
        else { return nil }
        let words = (index.itemCount + 63) / 64
        let starts = (UInt64(1) << UInt64(Self.starts)) - 1
        // One flat buffer filled in place: a nested array's element written per bit cost a
        // uniqueness check of both arrays, on the thread that makes the summaries.
        bits = [UInt64](unsafeUninitializedCapacity: Self.starts * words) { buffer, count in
            buffer.initialize(repeating: 0)
            for piece in index.pieces {
                let summary = files[piece.file].words
                for (offset, row) in piece.rows.enumerated() {
                    let merged = piece.start + offset
                    var set = summary[RowSignatures.stride * row] & starts
                    while set != 0 {
                        buffer[set.trailingZeroBitCount * words + (merged >> 6)] |= 1 << UInt64(merged & 63)
                        set &= set - 1
                    }
                }
            }
            count = Self.starts * words
        }
        self.words = words
        rowCount = index.itemCount
    }

    /// The merged rows, ascending, that start a word with every one of `required` (bits of
    /// ``RowSignatures/startBit(_:)``, one per query word); nil when `required` is empty (every
    /// row may match).
    package func rows(startingWith required: [UInt64]) -> [Int]? {
        guard !required.isEmpty,
            required.allSatisfy({ $0.nonzeroBitCount == 1 && $0.trailingZeroBitCount < Self.starts })
        else { return nil }
        let lists = required.map { $0.trailingZeroBitCount * words }
        var rows: [Int] = []
        rows.reserveCapacity(
            lists.map { start in bits[start..<start + words].reduce(0) { $0 + $1.nonzeroBitCount } }.min() ?? 0)
        for word in 0..<words {
            var set = bits[lists[0] + word]
            for start in lists.dropFirst() { set &= bits[start + word] }
            while set != 0 {
                rows.append((word << 6) | set.trailingZeroBitCount)
                set &= set - 1
            }
        }
        return rows
    }
}
