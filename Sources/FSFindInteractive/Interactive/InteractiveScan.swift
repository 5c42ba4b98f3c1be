import FSFindIndex
import FSFindModel
import FSFindQuery
import FSFindSearch
import FSFindText
import Foundation

/// What one scan found: the best rows of the chosen scope, how many it holds, and how many each
/// scope would hold, so the scope control can show counts without a scan per scope.
package struct ScanResult: Sendable, Equatable {
    /// Rows of the chosen scope, best first, at most the scan's limit.
    package var rows: [Int]
    /// Matches in the chosen scope (may exceed `rows.count`).
    package var total: Int
    /// Matches per scope, in `Scope.allCases` order.
    package var counts: [Int]
    /// Every row the field and location matched, whatever its scope: the candidates of the next
    /// scan when the field only narrows (see ``SearchField/narrows(_:)``) or the scope changes.
    package var matched: [Int]

    package init(
        rows: [Int] = [], total: Int = 0, counts: [Int] = Array(repeating: 0, count: Scope.allCases.count),
        matched: [Int] = []
    ) {
        self.rows = rows
        self.total = total
        self.counts = counts
        self.matched = matched
    }

    package func count(of scope: Scope) -> Int {
        counts[Scope.allCases.firstIndex(of: scope) ?? 0]
    }
}

/// One pass over the index for the interactive search: field query, location, every scope's count,
/// and the ranked best rows of the chosen scope.
///
/// The pass asks `shouldStop` every few thousand rows and gives up (nil) when it says so: a key
/// pressed meanwhile makes this search stale, and stale searches are dropped, never queued.
package struct InteractiveScan {
    package let index: IndexSnapshot
    package let ranker: ResultRanker
    /// How many rows to rank and keep; the list never shows more.
    package var limit: Int

    /// The words inside the files, when the index has a text store: free text finds them too.
    package let text: TextStore?

    /// Section views shared by every scan of the session, so their checks run once; one set per
    /// file of the index (base, delta).
    private let views: [IndexViews]

    /// Words shorter than this are not looked up among the files' words (see ``ContentMatches``).
    static let minimumContentWord = 3

    package init(index: IndexSnapshot, ranker: ResultRanker, limit: Int = 500, text: TextStore? = nil) {
        self.index = index
        self.ranker = ranker
        self.limit = limit
        self.text = text
        views = index.files.map { IndexViews(index: $0) }
    }

    /// How often `shouldStop` is asked, in rows.
    static let stopCheckInterval = 2048

    /// Scans `candidates` (rows of an earlier scan whose matches are a superset of this one's),
    /// or every row.
    package func run(
        _ query: FieldQuery, scope: Scope, onlyIn folder: [UInt8]?, candidates: [Int]? = nil,
        shouldStop: () -> Bool = { false }
    ) throws(FSFindError) -> ScanResult? {
        try index.prepare(query.referencedAttributes)
        let scopes = Scope.allCases
        let chosenBit = UInt16(1) << UInt16(scopes.firstIndex(of: scope) ?? 0)
        // The same plans `fsfind query` runs: raw section reads, answers kept per distinct string.
        // The field's free text asks the text store too, as `fsfind query` does.
        let content = try withoutActuallyEscaping(shouldStop) { shouldStop throws(FSFindError) in
            try query.text.flatMap { text throws(FSFindError) -> ContentMatches? in
                guard self.text != nil, !text.root.freeTextLeaves.isEmpty else { return nil }
                // Asked only while the lookup runs, so the closure does not outlive this call.
                return try ContentMatches(
                    text, store: self.text, index: index, minimumWordLength: Self.minimumContentWord,
                    shouldStop: shouldStop)
            }
        }
        // A key typed while the words were looked up: this search is stale.
        if content?.interrupted == true { return nil }
        let rowScores = views.indices.map {
            RowScore(query, views: views[$0], ranker: ranker, content: content?.forFile($0))
        }
        let types = views.map(\.types)
        var bitsByType = types.map { [UInt16?](repeating: nil, count: $0?.typeCount ?? 0) }
        var counts = [Int](repeating: 0, count: scopes.count)
        var top = TopResults(capacity: limit)
        var total = 0
        var matched: [Int] = []
        var visited = 0
        /// Row `row` of file `file`, which is merged row `merged`; false when the scan must stop.
        func visit(_ file: Int, _ row: Int, _ merged: Int) -> Bool {
            visited += 1
            if visited % Self.stopCheckInterval == 0, shouldStop() { return false }
            let source = views[file].index
            if let folder, !PathBytes.isWithin(source.path(at: row), folder: folder) { return true }
            guard let score = rowScores[file].score(row) else { return true }
            matched.append(merged)
            let bits = scopeBits(row, of: source, types: types[file], cache: &bitsByType[file])
            for position in scopes.indices where bits & (1 << UInt16(position)) != 0 { counts[position] += 1 }
            if bits & chosenBit != 0 {
                total += 1
                top.insert(row: merged, score: score)
            }
            return true
        }
        // Candidate rows or every row, walked by position: an `AnySequence` here cost a tenth of
        // the scan in unspecialized generic calls.
        matched.reserveCapacity(min(candidates?.count ?? index.itemCount, 1 << 16))
        if let candidates {
            for merged in candidates {
                let (file, row) = index.place(of: merged)
                guard visit(file, row, merged) else { return nil }
            }
        } else {
            for piece in index.pieces {
                for row in piece.rows {
                    guard visit(piece.file, row, piece.start + (row - piece.rows.lowerBound)) else { return nil }
                }
            }
        }
        return ScanResult(rows: top.sortedRows(), total: total, counts: counts, matched: matched)
    }

    /// Bit `i` set when the row is in `Scope.allCases[i]`; worked out once per type-table entry.
    private func scopeBits(_ row: Int, of file: IndexFile, types: TypeColumnView?, cache: inout [UInt16?]) -> UInt16 {
        let id = types?.typeID(row)
        if let id, let bits = cache[id] { return bits }
        var tree: [String] = []
        if case .textList(let list)? = file.value(of: .contentTypeTree, at: row) { tree = list }
        var bits: UInt16 = 0
        for (position, scope) in Scope.allCases.enumerated() where scope.contains(tree: tree) {
            bits |= 1 << UInt16(position)
        }
        if let id { cache[id] = bits }
        return bits
    }
}
