import FSFindIndexFormat
import FSFindQuery

/// The rows a field of type tests alone (`kind:audio`, as typed or as a chip) can match, from
/// the session's rows by type-table entry (``TypeRows``): the answer is the same for every row of
/// an entry, so each entry is asked once, of its first row, and the rows of the entries it accepts
/// are the candidates. Each key of `kind:audio` visited every row to keep a few
/// (`benchmarks/RESULTS.md`, "The search field's first letters from per-letter rows"), then read
/// the type of every row before its scan.
enum TypeCandidates {
    /// What a field's type tests accept: the merged rows, ascending, whose type-table entry the
    /// field's text and chips accept (and every row whose entry cannot be read, which the scan
    /// judges on its own), and whether there were such rows.
    struct Accepted: Equatable {
        let rows: [Int]
        /// Whether some row's entry could not be read: its match is then the plan's, not its entry's.
        let judgedAlone: Bool
    }

    /// Nil unless both the field's text and chips are type tests or absent, one at least present,
    /// and every file has a type column (`byType`, one per file of `index`).
    static func rows(
        for query: FieldQuery, in index: IndexSnapshot, views: [IndexViews], byType: TypeRowsMemo
    ) -> Accepted? {
        let tests = [query.text, query.filter].compactMap { $0 }
        guard !tests.isEmpty, tests.allSatisfy(QueryPlan.readsOnlyTypes), views.count == index.files.count else {
            return nil
        }
        var accepted: [[UInt64]] = []
        var judgedAlone = false
        for (file, fileViews) in views.enumerated() {
            let plans = tests.map { QueryPlan($0, views: fileViews) }
            guard plans.allSatisfy(\.readsOnlyTypes), let types = fileViews.types else { return nil }
            let byType = byType.rows(of: file, types: types, count: index.files[file].itemCount)
            // One bit per row of the file, set for the rows of each accepted entry.
            var bits = [UInt64](repeating: 0, count: (byType.count + 63) / 64)
            for id in 0..<byType.typeCount {
                let rows = byType.rows(of: id)
                guard let first = rows.first, plans.allSatisfy({ $0.matches(Int(first)) }) else { continue }
                for row in rows { bits[Int(row) >> 6] |= 1 << UInt64(row & 63) }
            }
            for row in byType.unreadable { bits[row >> 6] |= 1 << UInt64(row & 63) }
            judgedAlone = judgedAlone || !byType.unreadable.isEmpty
            accepted.append(bits)
        }
        var rows: [Int] = []
        for piece in index.pieces where !piece.rows.isEmpty {
            // The piece's bits a word at a time: most words of a rare type are empty.
            let bits = accepted[piece.file]
            let shift = piece.start - piece.rows.lowerBound
            for word in (piece.rows.lowerBound >> 6)...((piece.rows.upperBound - 1) >> 6) {
                var set = bits[word]
                while set != 0 {
                    let row = word << 6 | set.trailingZeroBitCount
                    set &= set - 1
                    if piece.rows.contains(row) { rows.append(row + shift) }
                }
            }
        }
        return Accepted(rows: rows, judgedAlone: judgedAlone)
    }
}

/// One index file's rows by type-table entry: the rows of each entry, ascending, and the rows
/// whose entry cannot be read. Made once per session, on the first field of type tests alone (a
/// pass over the type column), and only read afterwards.
final class TypeRows: Sendable {
    /// Per entry, where its rows start in ``rowsByType``; one more than the entries.
    private let starts: [Int]
    /// The file's rows, entry by entry, each entry's ascending.
    private let rowsByType: [UInt32]
    /// Rows whose entry cannot be read, ascending.
    let unreadable: [Int]
    /// Rows of the file.
    let count: Int

    init(types: TypeColumnView, count: Int) {
        var starts = [Int](repeating: 0, count: types.typeCount + 1)
        var unreadable: [Int] = []
        for row in 0..<count {
            if let id = types.typeID(row), id < types.typeCount { starts[id + 1] += 1 } else { unreadable.append(row) }
        }
        for id in 0..<types.typeCount { starts[id + 1] += starts[id] }
        var next = starts
        var rows = [UInt32](repeating: 0, count: starts[types.typeCount])
        for row in 0..<count {
            guard let id = types.typeID(row), id < types.typeCount else { continue }
            rows[next[id]] = UInt32(truncatingIfNeeded: row)
            next[id] += 1
        }
        self.starts = starts
        rowsByType = rows
        self.unreadable = unreadable
        self.count = count
    }

    var typeCount: Int { starts.count - 1 }

    /// The rows of entry `id`, ascending.
    func rows(of id: Int) -> ArraySlice<UInt32> { rowsByType[starts[id]..<starts[id + 1]] }
}

/// The session's ``TypeRows``, one per index file, made when first asked for.
///
/// Unchecked because it fills itself lazily: the scans of one ``InteractiveScan`` run one at a
/// time, on the search loop's thread, which alone asks (as ``PartViews``).
final class TypeRowsMemo: @unchecked Sendable {
    private var made: [Int: TypeRows] = [:]

    init() {}

    /// The rows by type the session's summaries made, per file, once they are there
    /// (``SignatureStore``): asked before making them here.
    var fromSummaries: [TypeRows?] = []

    /// File `file`'s rows by entry, made from `types` (its type column of `count` rows) the first
    /// time, unless the summaries' thread made them.
    func rows(of file: Int, types: TypeColumnView, count: Int) -> TypeRows {
        if file < fromSummaries.count, let rows = fromSummaries[file], rows.count == count { return rows }
        if let rows = made[file], rows.count == count { return rows }
        let rows = TypeRows(types: types, count: count)
        made[file] = rows
        return rows
    }
}

/// The last answer to a field of type tests alone, with what it depended on: the rows its type
/// entries accept, the chosen scope, the folder and how many rows are kept. Such a field ranks by recency alone, so
/// another field accepting the same entries has the same answer: each key from `kind:au` to
/// `kind:audio ` scanned the same rows again.
///
/// Unchecked for the reason ``TypeRowsMemo`` is: asked and filled on the search loop's thread.
final class TypeFieldAnswer: @unchecked Sendable {
    struct Key: Equatable {
        let rows: [Int]
        let chosenBit: UInt16
        let folder: [UInt8]?
        let limit: Int
    }

    private var last: (key: Key, result: ScanResult)?

    init() {}

    func answer(for key: Key) -> ScanResult? {
        guard let last, last.key.rows.count == key.rows.count, last.key == key else { return nil }
        return last.result
    }

    func keep(_ result: ScanResult, for key: Key) { last = (key, result) }
}
