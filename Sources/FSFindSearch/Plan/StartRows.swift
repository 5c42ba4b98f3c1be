import FSFindIndexFormat

/// For each way a word can start, the merged rows of a snapshot some word of whose free text
/// starts so: a letter a–z, a digit, anything else (the low 28 bits of a row summary's first
/// word, ``RowSignatures/startBit(_:)``), one bit per row and start; and for each of the 64 bits
/// of a summary's triples (its fifth word, ``RowSignatures/tripleBit(_:_:_:)``) and of the
/// name's bytes (its first word's bits 32–59, ``RowSignatures/byteBit(_:)``), the rows that have
/// it.
///
/// A field of plain words too short to match inside names can only match rows that start a word
/// with each word's first character, so its scan need not visit the others: a field's first
/// letter after an empty field visited every row to score the part the summaries let through
/// (`benchmarks/RESULTS.md`, "The search field's first letters from per-letter rows"). A word
/// long enough to match inside names needs its first three characters starting a word, or every
/// byte and triple of its bytes in the name, or the files' words: the rows of those stand for
/// every row (``rows(passing:content:of:)``). Worked out from the summaries once per snapshot,
/// 120 bits a row.
struct StartRows: Sendable {
    /// How many starts there are: the bits of ``RowSignatures/startBit(_:)``.
    static let starts = 28
    /// How many triple bits there are: a summary word's.
    static let triples = 64
    /// How many bits of the name's bytes there are: bits 32–59 of a summary's first word.
    static let bytes = 28
    /// Where the name's bytes' bits are in a summary's first word.
    static let byteShift: UInt64 = 32
    /// Per start, then per triple bit, then per byte bit, one bit per merged row: plane `p`'s bit
    /// of row `row` is bit `row & 63` of word `p * words + row >> 6` (starts are planes 0–27,
    /// triples 28–91, bytes 92–119).
    private let bits: [UInt64]
    /// Words per plane.
    private let words: Int
    /// The snapshot's rows.
    let rowCount: Int

    /// Nil unless every file of `index` has its summary (`summaries`, one per file): a file
    /// without one is scanned whole, so no list of its rows can stand for it.
    init?(summaries: [RowSignatures?], of index: IndexSnapshot) {
        guard summaries.count == index.files.count else { return nil }
        let files = summaries.compactMap { $0 }
        guard files.count == summaries.count,
            zip(files, index.files).allSatisfy({ $0.count == $1.itemCount })
        else { return nil }
        let words = (index.itemCount + 63) / 64
        let starts = (UInt64(1) << UInt64(Self.starts)) - 1
        let planes = Self.starts + Self.triples + Self.bytes
        let byteBits = ((UInt64(1) << UInt64(Self.bytes)) - 1) << Self.byteShift
        // One flat buffer filled in place: a nested array's element written per bit cost a
        // uniqueness check of both arrays, on the thread that makes the summaries.
        bits = [UInt64](unsafeUninitializedCapacity: planes * words) { buffer, count in
            buffer.initialize(repeating: 0)
            for piece in index.pieces {
                let summary = files[piece.file]
                for (offset, row) in piece.rows.enumerated() {
                    let merged = piece.start + offset
                    let word = merged >> 6
                    let bit = UInt64(1) << UInt64(merged & 63)
                    let first = summary.word(0, row)
                    var set = first & starts
                    while set != 0 {
                        buffer[set.trailingZeroBitCount * words + word] |= bit
                        set &= set - 1
                    }
                    set = (first & byteBits) >> Self.byteShift
                    while set != 0 {
                        buffer[(Self.starts + Self.triples + set.trailingZeroBitCount) * words + word] |= bit
                        set &= set - 1
                    }
                    set = summary.word(4, row)
                    while set != 0 {
                        buffer[(Self.starts + set.trailingZeroBitCount) * words + word] |= bit
                        set &= set - 1
                    }
                }
            }
            count = planes * words
        }
        self.words = words
        rowCount = index.itemCount
    }

    /// The rows that start a word with `start` (one bit of ``RowSignatures/startBit(_:)``), one
    /// bit per merged row; nil for another value than one start's bit.
    func plane(ofStart start: UInt64) -> ArraySlice<UInt64>? {
        guard start.nonzeroBitCount == 1, start.trailingZeroBitCount < Self.starts else { return nil }
        let first = start.trailingZeroBitCount * words
        return bits[first..<first + words]
    }

    /// The merged rows, ascending, that start a word with every one of `required` (bits of
    /// ``RowSignatures/startBit(_:)``, one per query word); nil when `required` is empty (every
    /// row may match).
    func rows(startingWith required: [UInt64]) -> [Int]? {
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

    /// The merged rows, ascending, that `filter` may pass: those whose summary has what the
    /// first query word needs to start a word, or every byte and triple of the words, or whose
    /// files' words hold the first word (`content`, the answers for every file of `index`); nil
    /// when the filter asks for neither (every row may pass).
    func rows(passing filter: SignatureFilter, content: ContentMatches?, of index: IndexSnapshot) -> [Int]? {
        guard let needs = filter.firstWordNeeds, needs.start.nonzeroBitCount == 1,
            needs.start.trailingZeroBitCount < Self.starts, needs.inside != 0, index.itemCount == rowCount
        else { return nil }
        let start = needs.start.trailingZeroBitCount * words
        let triple = needs.triple.nonzeroBitCount == 1 ? (Self.starts + needs.triple.trailingZeroBitCount) * words : nil
        var inside: [Int] = []
        var set = needs.inside
        while set != 0 {
            inside.append((Self.starts + set.trailingZeroBitCount) * words)
            set &= set - 1
        }
        set = needs.bytes >> Self.byteShift
        while set != 0, set.trailingZeroBitCount < Self.bytes {
            inside.append((Self.starts + Self.triples + set.trailingZeroBitCount) * words)
            set &= set - 1
        }
        var union = [UInt64](repeating: 0, count: words)
        if let content, content.answersFirstLeaf {
            Self.addFirstWordRows(of: content, index: index, to: &union)
        }
        // The rows' bits first, then the list at its size: grown by doubling, a common triple's
        // list of 200,000 rows was copied into fresh pages several times a key.
        var count = 0
        for word in 0..<words {
            var starting = bits[start + word]
            if let triple { starting &= bits[triple + word] }
            var within = bits[inside[0] + word]
            for plane in inside.dropFirst() { within &= bits[plane + word] }
            union[word] |= starting | within
            count += union[word].nonzeroBitCount
        }
        var rows: [Int] = []
        rows.reserveCapacity(count)
        for word in 0..<words {
            var found = union[word]
            while found != 0 {
                rows.append((word << 6) | found.trailingZeroBitCount)
                found &= found - 1
            }
        }
        return rows
    }

    /// Sets in `union` (one bit per merged row) the rows whose files' words hold the first word
    /// of the first free-text leaf.
    private static func addFirstWordRows(of content: ContentMatches, index: IndexSnapshot, to union: inout [UInt64]) {
        for piece in index.pieces {
            guard let rows = content.forFile(piece.file).firstLeafRows(word: 0) else { continue }
            rows.forEachRow(in: piece.rows) { row in
                let merged = piece.start + (row - piece.rows.lowerBound)
                union[merged >> 6] |= 1 << UInt64(merged & 63)
            }
        }
    }
}
