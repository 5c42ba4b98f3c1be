/// One attribute's cells of the staged items, in staging order, as runs: consecutive items with
/// the same cell take one entry.
///
/// Most of a first index's cells repeat: every file of a tree has the same owner, group,
/// `addedDate` and (mostly) `fsInvisible`, and the files of an album the same sample rate. Kept one
/// entry per item they were 4 of the 6 cells each item of the million-entry benchmark tree
/// stages, 48 MB of its peak. A run of one item (a date, which differs from file to file) costs
/// what a cell did before, 12 bytes: runs are one item long unless listed in ``longRuns``.
struct StagedColumn {
    /// The first item of each run, ascending, and the run's cell.
    private var starts: [UInt32] = []
    private var cells: [UInt64] = []
    /// The runs longer than one item, ascending by run: (run, length).
    private var longRuns: [(run: UInt32, length: UInt32)] = []
    /// The item after the last run.
    private var end: UInt32 = 0

    /// How many items have a cell.
    private(set) var count = 0

    /// Adds the cell of `item`, which comes after every item added before.
    mutating func append(_ item: UInt32, _ cell: UInt64) {
        count += 1
        defer { end = item + 1 }
        if item == end, let last = cells.last, last == cell {
            let run = UInt32(cells.count - 1)
            if let long = longRuns.last, long.run == run {
                longRuns[longRuns.count - 1].length += 1
            } else {
                longRuns.append((run, 2))
            }
            return
        }
        starts.append(item)
        cells.append(cell)
    }

    /// Calls `body` with each item that has a cell and the cell, in staging order.
    func forEachCell(_ body: (UInt32, UInt64) -> Void) {
        var nextLong = 0
        for run in starts.indices {
            var length: UInt32 = 1
            if nextLong < longRuns.count, longRuns[nextLong].run == UInt32(run) {
                length = longRuns[nextLong].length
                nextLong += 1
            }
            let cell = cells[run]
            for item in starts[run]..<(starts[run] + length) { body(item, cell) }
        }
    }
}
