import FSFindModel
import Foundation

/// What an update (``IndexUpdate``) decided about each row of the previous file, and the row order
/// of the new one.
///
/// Old rows are kept (copied, with the new access time), replaced by a staged item (changed
/// files), removed (gone from a crawled root) or left unseen (outside every crawled root: carried
/// over). Staged items with paths the old file lacks are merged in by path. Both files are in path
/// order, so the new order is the old one with insertions and deletions: nothing is sorted but the
/// new paths.
struct RowPlan {
    enum State: UInt8 {
        case unseen, kept, replaced, removed
    }

    var state: [State]
    /// The new `lastUsedDate` cell of kept rows, ``IndexFormat/absent64`` for the others.
    private(set) var lastUsed: [UInt64]
    /// How many items were staged, and those that replace an old row (staged item, old row), in
    /// staging order; the others have paths the old file lacks. A first index replaces none, so
    /// it keeps no entry per staged item (`benchmarks/RESULTS.md`, "A million-entry first index
    /// under 256 MiB", its row "devices by run, lean plan").
    private var stagedCount = 0
    private var replacing: [(staged: Int32, old: Int32)] = []

    init(oldCount: Int) {
        state = Array(repeating: .unseen, count: oldCount)
        lastUsed = Array(repeating: IndexFormat.absent64, count: oldCount)
    }

    /// Old row `row` is unchanged: copy it, with the access time the crawl just read.
    mutating func keep(_ row: Int, accessTime: Date) {
        state[row] = .kept
        lastUsed[row] = IndexFormat.bits(of: accessTime.timeIntervalSinceReferenceDate)
    }

    /// Staged item `index` (staged in order) replaces old row `oldRow`, or is new when it is nil.
    mutating func staged(_ index: Int, replacing oldRow: Int?) {
        precondition(index == stagedCount, "staged items are recorded in order")
        stagedCount += 1
        if let oldRow {
            state[oldRow] = .replaced
            replacing.append((Int32(index), Int32(oldRow)))
        }
    }

    /// The text-store documents of the old rows of `previous` replaced or removed: the only ones
    /// that may have gone stale.
    func changedDocuments(_ previous: IndexFile?) throws(FSFindError) -> [UInt32] {
        guard let previous, let documents = try previous.textDocuments() else { return [] }
        var numbers: [UInt32] = []
        for (row, state) in state.enumerated() where state == .replaced || state == .removed {
            if let number = documents.document(ofRow: row) { numbers.append(number) }
        }
        return numbers
    }

    /// Marks the rows of `range` that no crawl saw as removed, but for those `kept` says stay;
    /// returns how many.
    mutating func remove(unseenIn range: Range<Int>, unless kept: (Int) -> Bool) -> Int {
        var removed = 0
        for row in range where state[row] == .unseen {
            if kept(row) { continue }
            state[row] = .removed
            removed += 1
        }
        return removed
    }

    /// The new file's rows, in path order, one per path.
    mutating func rows(builder: IndexBuilder, previous: IndexFile?) -> [RowSource] {
        var replacement = [Int32](repeating: -1, count: state.count)
        var newPaths: [Int32] = []
        newPaths.reserveCapacity(stagedCount - replacing.count)
        var next = 0
        for index in 0..<stagedCount {
            if next < replacing.count, replacing[next].staged == index {
                replacement[Int(replacing[next].old)] = Int32(index)
                next += 1
            } else {
                newPaths.append(Int32(index))
            }
        }
        // A path crawled twice (overlapping roots) was staged twice: the later one wins.
        var unique: [Int32] = []
        unique.reserveCapacity(newPaths.count)
        builder.withStagedPathOrder(of: newPaths) { compare in
            var order = Array(0..<Int32(newPaths.count))
            order.sort { a, b in
                let byPath = compare(Int(a), Int(b))
                return byPath != 0 ? byPath < 0 : a < b
            }
            for position in order {
                if let last = unique.last, compare(Int(last), Int(position)) == 0 {
                    unique[unique.count - 1] = position
                } else {
                    unique.append(position)
                }
            }
        }
        // From positions in `newPaths` to staged items.
        for k in unique.indices { unique[k] = newPaths[Int(unique[k])] }
        newPaths = []
        // Where each new path goes among the old rows: before the first old path not below it.
        var positions: [Int32] = []
        if let previous {
            positions.reserveCapacity(unique.count)
            for index in unique {
                let path = builder.stagedPath(Int(index))
                let position = previous.lowerBound(path)
                if position < state.count, state[position] != .replaced, previous.hasPath(path, at: position) {
                    state[position] = .removed  // the same path found again: the staged item wins
                }
                positions.append(Int32(position))
            }
        }
        // Without a previous file every new path goes before old row 0.
        func position(_ k: Int) -> Int { positions.isEmpty ? 0 : Int(positions[k]) }

        var rows: [RowSource] = []
        rows.reserveCapacity(state.count + unique.count)
        next = 0
        for row in state.indices {
            while next < unique.count, position(next) <= row {
                rows.append(.staged(Int(unique[next])))
                next += 1
            }
            switch state[row] {
            case .unseen, .kept:
                rows.append(.old(row))
            case .replaced:
                if replacement[row] >= 0 { rows.append(.staged(Int(replacement[row]), replacing: row)) }
            case .removed:
                break
            }
        }
        while next < unique.count {
            rows.append(.staged(Int(unique[next])))
            next += 1
        }
        return rows
    }
}
