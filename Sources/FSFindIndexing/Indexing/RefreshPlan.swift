import FSFindIndex
import FSFindModel
import Foundation

/// What a refresh decided about each row of the previous index, and the row order of the new one.
///
/// Old rows are kept (copied, with the new access time), replaced by a staged item (changed
/// files), removed (gone from a crawled root) or left unseen (outside every crawled root: carried
/// over). Staged items with paths the old file lacks are merged in by path. Both files are in path
/// order, so the new order is the old one with insertions and deletions: nothing is sorted but the
/// new paths.
struct RefreshPlan {
    enum State: UInt8 {
        case unseen, kept, replaced, removed
    }

    var state: [State]
    /// The new `lastUsedDate` cell of kept rows, ``IndexFormat/absent64`` for the others.
    private(set) var lastUsed: [UInt64]
    /// For each staged item, the old row it replaces, or -1 for a path the old file lacks.
    private var stagedOld: [Int32] = []

    init(oldCount: Int) {
        state = Array(repeating: .unseen, count: oldCount)
        lastUsed = Array(repeating: IndexFormat.absent64, count: oldCount)
    }

    /// Old row `row` is unchanged: copy it, with the access time the crawl just read.
    mutating func keep(_ row: Int, accessTime: Date) {
        state[row] = .kept
        lastUsed[row] = IndexFormat.bits(of: accessTime.timeIntervalSinceReferenceDate)
    }

    /// Staged item `index` (staged in order) replaces old row `oldRow`, or is new when it is -1.
    mutating func staged(_ index: Int, replacing oldRow: Int) {
        precondition(index == stagedOld.count, "staged items are recorded in order")
        stagedOld.append(Int32(oldRow))
    }

    /// The paths of the old rows this refresh replaced or removed (where stale words may be).
    func changedPaths(_ previous: PreviousIndex?) -> [[UInt8]] {
        guard let previous else { return [] }
        var paths: [[UInt8]] = []
        for (row, state) in state.enumerated() where state == .replaced || state == .removed {
            paths.append(previous.file.path(at: row))
        }
        return paths
    }

    /// Marks the rows of `range` that no crawl saw as removed; returns how many.
    mutating func remove(unseenIn range: Range<Int>) -> Int {
        var removed = 0
        for row in range where state[row] == .unseen {
            state[row] = .removed
            removed += 1
        }
        return removed
    }

    /// The new file's rows, in path order, one per path.
    mutating func rows(builder: IndexBuilder, previous: PreviousIndex?) -> [RowSource] {
        var replacement = [Int32](repeating: -1, count: state.count)
        var newPaths: [Int] = []
        for (index, oldRow) in stagedOld.enumerated() {
            if oldRow >= 0 { replacement[Int(oldRow)] = Int32(index) } else { newPaths.append(index) }
        }
        // A path crawled twice (overlapping roots) was staged twice: the later one wins.
        newPaths.sort { a, b in
            let order = builder.compareStagedPaths(a, b)
            return order != 0 ? order < 0 : a < b
        }
        var unique: [Int] = []
        unique.reserveCapacity(newPaths.count)
        for index in newPaths {
            if let last = unique.last, builder.compareStagedPaths(last, index) == 0 {
                unique[unique.count - 1] = index
            } else {
                unique.append(index)
            }
        }
        // Where each new path goes among the old rows: before the first old path not below it.
        var positions: [Int] = []
        positions.reserveCapacity(unique.count)
        if let previous {
            for index in unique {
                let path = builder.stagedPath(index)
                let position = previous.file.lowerBound(path)
                if position < state.count, state[position] != .replaced, previous.file.path(at: position) == path {
                    state[position] = .removed  // the same path found again: the staged item wins
                }
                positions.append(position)
            }
        } else {
            positions = Array(repeating: 0, count: unique.count)
        }

        var rows: [RowSource] = []
        rows.reserveCapacity(state.count + unique.count)
        var next = 0
        for row in state.indices {
            while next < unique.count, positions[next] <= row {
                rows.append(.staged(unique[next]))
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
            rows.append(.staged(unique[next]))
            next += 1
        }
        return rows
    }
}
