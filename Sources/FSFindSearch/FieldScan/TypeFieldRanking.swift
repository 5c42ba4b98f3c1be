import FSFindIndexFormat
import FSFindModel

/// The answer to a field of type tests alone, worked out from its accepted rows without a plan per
/// row (``TypeCandidates``): every accepted row matches (its type-table entry was asked, and no
/// row's entry was unreadable), so each is counted in its entry's scopes, and the chosen scope's
/// are ranked by their recency lift alone, which is the whole of such a field's rank
/// (``RowScore/score(_:floor:measuring:)``: no text to score, the lift added to zero). The scan
/// evaluated the field's plans for each of a third of a million rows (`kind:a`) to find the same.
struct TypeFieldRanking {
    /// Nil when a file of the index has no lifts (a damaged section: the scan reads its dates) or
    /// no type column, or when `shouldStop` said so.
    static func answer(
        rows: [Int], scan: InteractiveScan, lifts: [RecencyLifts?]?, chosenBit: UInt16, shouldStop: () -> Bool
    ) -> ScanResult? {
        let index = scan.index
        let readers = scan.reader.fileReaders
        guard let lifts, lifts.count == readers.count,
            lifts.enumerated().allSatisfy({ $1?.count == readers[$0].itemCount })
        else { return nil }
        let views = scan.views.sets(count: 1, of: scan.reader)[0]
        guard views.count == readers.count else { return nil }
        var types: [TypeColumnView] = []
        for file in views {
            guard let column = file.types else { return nil }
            types.append(column)
        }
        // Scope bits per file and type-table entry, worked out from the entry's first row met.
        var bitsByType = types.map { [UInt16?](repeating: nil, count: $0.typeCount) }
        var counts = [Int](repeating: 0, count: Scope.allCases.count)
        var tally = [Int](repeating: 0, count: 1 << Scope.allCases.count)
        var top = TopResults(capacity: scan.limit)
        for (position, merged) in rows.enumerated() {
            if position % InteractiveScan.stopCheckInterval == 0, position > 0, shouldStop() { return nil }
            let (file, row) = index.place(of: merged)
            let bits: UInt16
            if let id = types[file].typeID(row), id < bitsByType[file].count {
                if let known = bitsByType[file][id] {
                    bits = known
                } else {
                    bits = InteractiveScan.scopeBits(row, of: readers[file])
                    bitsByType[file][id] = bits
                }
            } else {
                bits = InteractiveScan.scopeBits(row, of: readers[file])
            }
            tally[Int(bits)] += 1
            if bits & chosenBit != 0, let lift = lifts[file]?.lift(row) { top.insert(row: merged, score: lift) }
        }
        for (bits, count) in tally.enumerated() where count != 0 {
            for position in counts.indices where bits & (1 << position) != 0 { counts[position] += count }
        }
        let chosen = Scope.allCases.indices.first { chosenBit == 1 << UInt16($0) } ?? 0
        var result = ScanResult(rows: top.sortedRows(), total: counts[chosen], counts: counts, matched: rows)
        result.work.visited = rows.count
        return result
    }
}
