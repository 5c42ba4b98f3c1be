/// One attribute's cells of the staged items, in staging order, as runs: consecutive items with
/// the same cell take one entry.
///
/// Most of a first index's cells repeat: every file of a tree has the same owner, group,
/// `addedDate` and (mostly) `fsInvisible`, and the files of an album the same sample rate. Kept one
/// entry per item they were most of the cells a first index stages (`benchmarks/RESULTS.md`, "A
/// million-entry first index under 256 MiB"). A run of one item (a date, which differs from file to file) costs
/// what a cell did before, 12 bytes (8 for a string or list id): runs are one item long unless
/// listed in ``longRuns``. Kept in chunks (``ChunkedArray``), not arrays that double.
///
/// A number column keeps 4 bytes a run while every cell's low 32 bits are zero, as they are in
/// the `Double` of any whole number below 2²¹ (a sample rate, a channel count, a pixel width,
/// a page count): only the high halves are stored, until the first cell that needs all 8 bytes.
struct StagedColumn {
    /// The first item of each run, ascending, and the run's cell: in `cells`, or in `narrowCells`
    /// for a column of string or list ids (``narrow``) and for a number column while every cell
    /// so far has zero low halves (``highHalves``: `narrowCells` then holds the high halves). While every run is one item, each
    /// following the last (a date each item has), the starts are not stored: run `r` starts at
    /// `firstItem + r` (``implicitStarts``), so a column of dates costs no starts.
    private var starts = ChunkedArray<UInt32>()
    private var implicitStarts = true
    private var firstItem: UInt32 = 0
    private var runCount = 0
    private var cells = ChunkedArray<UInt64>()
    private var narrowCells = ChunkedArray<UInt32>()
    /// Whether the cells are 32-bit ids (``Attribute/indexCellWidth`` 4).
    let narrow: Bool
    /// Whether a number column's cells are kept as their high halves in `narrowCells` (every
    /// cell so far had its low 32 bits zero).
    private var highHalves: Bool
    /// The runs longer than one item, ascending by run: (run, length).
    private var longRuns: [(run: UInt32, length: UInt32)] = []
    /// The item after the last run.
    private var end: UInt32 = 0

    /// How many items have a cell.
    private(set) var count = 0

    init(narrow: Bool = false) {
        self.narrow = narrow
        highHalves = !narrow
    }

    /// The cell of run `run`.
    private func value(ofRun run: Int) -> UInt64 {
        if narrow { return UInt64(narrowCells[run]) }
        return highHalves ? UInt64(narrowCells[run]) << 32 : cells[run]
    }

    /// Moves a number column's cells from their high halves to whole cells: `cell` needs all 8 bytes.
    private mutating func widen() {
        highHalves = false
        for run in 0..<runCount { cells.append(UInt64(narrowCells[run]) << 32) }
        narrowCells = ChunkedArray()
    }

    /// Adds the cell of `item`, which comes after every item added before.
    mutating func append(_ item: UInt32, _ cell: UInt64) {
        count += 1
        defer { end = item + 1 }
        if item == end, runCount > 0, value(ofRun: runCount - 1) == cell {
            let run = UInt32(runCount - 1)
            if let long = longRuns.last, long.run == run {
                longRuns[longRuns.count - 1].length += 1
            } else {
                longRuns.append((run, 2))
            }
            return
        }
        if runCount == 0 { firstItem = item }
        if implicitStarts, item != firstItem + UInt32(runCount) {
            // The first run that does not follow: the starts so far are written out.
            implicitStarts = false
            for run in 0..<runCount { starts.append(firstItem + UInt32(run)) }
        }
        if !implicitStarts { starts.append(item) }
        if highHalves, cell & 0xFFFF_FFFF != 0 { widen() }
        runCount += 1
        if narrow {
            narrowCells.append(UInt32(truncatingIfNeeded: cell))
        } else if highHalves {
            narrowCells.append(UInt32(truncatingIfNeeded: cell >> 32))
        } else {
            cells.append(cell)
        }
    }

    /// Calls `body` with each item that has a cell and the cell, in staging order.
    func forEachCell(_ body: (UInt32, UInt64) -> Void) {
        var nextLong = 0
        for run in 0..<runCount {
            var length: UInt32 = 1
            if nextLong < longRuns.count, longRuns[nextLong].run == UInt32(run) {
                length = longRuns[nextLong].length
                nextLong += 1
            }
            let cell = value(ofRun: run)
            let start = implicitStarts ? firstItem + UInt32(run) : starts[run]
            for item in start..<(start + length) { body(item, cell) }
        }
    }
}
