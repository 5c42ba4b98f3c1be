import FSFindModel

/// One attribute's cells of the staged items, in staging order, as runs: consecutive items with
/// the same cell take one entry.
///
/// Most of a first index's cells repeat: every file of a tree has the same owner, group,
/// `addedDate` and (mostly) `fsInvisible`, and the files of an album the same sample rate. Kept one
/// entry per item they were most of the cells a first index stages (`benchmarks/RESULTS.md`, "A
/// million-entry first index under 256 MiB"). The write reads a column once, from its first run
/// to its last, so runs are stored as differences from the run before, a varint each
/// (``VarintStream``): a run's first item a few items after the last run's, a string id or a
/// date near the last one. A number column keeps 4 bytes a run while every cell's low 32 bits are
/// zero, as they are in the `Double` of any whole number below 2²¹ (a sample rate, a channel
/// count, a pixel width), and 8 from the first cell that needs them all.
struct StagedColumn {
    /// How a column's cells are kept.
    enum Kind {
        /// String or list ids, and dates: as differences from the run before.
        case differences
        /// Numbers: high halves while the low ones are zero, then whole cells.
        case numbers
    }

    let kind: Kind
    /// The first item of each run, as the difference from the run before's (the first run's
    /// from 0). While every run is one item, each following the last (a date each item has),
    /// the starts are not stored: run `r` starts at `firstItem + r` (``implicitStarts``).
    private var starts = VarintStream()
    private var implicitStarts = true
    private var firstItem: UInt32 = 0
    private var lastStart: UInt32 = 0
    private var runCount = 0
    /// A ``Kind/differences`` column's cells, each the difference from the run before's.
    private var differences = VarintStream()
    /// A ``Kind/numbers`` column's cells: whole, or their high halves (``highHalves``).
    private var cells = ChunkedArray<UInt64>()
    private var highCells = ChunkedArray<UInt32>()
    private var highHalves = true
    /// The last run's cell.
    private var lastCell: UInt64 = 0
    /// The runs longer than one item, ascending by run: (run, length).
    private var longRuns: [(run: UInt32, length: UInt32)] = []
    /// The item after the last run.
    private var end: UInt32 = 0

    /// How many items have a cell.
    private(set) var count = 0

    init(_ kind: Kind = .numbers) { self.kind = kind }

    /// A column of `attribute`'s cells.
    init(for attribute: Attribute) {
        self.init(attribute.type == .number ? .numbers : .differences)
    }

    /// A ``Kind/numbers`` column's cell of run `run`.
    private func number(ofRun run: Int) -> UInt64 {
        highHalves ? UInt64(highCells[run]) << 32 : cells[run]
    }

    /// Moves a number column's cells from their high halves to whole cells: a cell needs all 8 bytes.
    private mutating func widen() {
        highHalves = false
        for run in 0..<runCount { cells.append(UInt64(highCells[run]) << 32) }
        highCells = ChunkedArray()
    }

    /// Adds the cell of `item`, which comes after every item added before.
    mutating func append(_ item: UInt32, _ cell: UInt64) {
        count += 1
        defer { end = item + 1 }
        if item == end, runCount > 0, lastCell == cell {
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
            var previous: UInt32 = 0
            for run in 0..<runCount {
                starts.append(UInt64(firstItem + UInt32(run) - previous))
                previous = firstItem + UInt32(run)
            }
        }
        if !implicitStarts { starts.append(UInt64(item - lastStart)) }
        lastStart = item
        switch kind {
        case .differences:
            differences.append(signed: Int64(bitPattern: cell &- lastCell))
        case .numbers:
            if highHalves, cell & 0xFFFF_FFFF != 0 { widen() }
            if highHalves { highCells.append(UInt32(truncatingIfNeeded: cell >> 32)) } else { cells.append(cell) }
        }
        lastCell = cell
        runCount += 1
    }

    /// Calls `body` with each item that has a cell and the cell, in staging order.
    func forEachCell(_ body: (UInt32, UInt64) -> Void) {
        var nextLong = 0
        var startReader = VarintStream.Reader(starts)
        var cellReader = VarintStream.Reader(differences)
        var start: UInt32 = 0
        var cell: UInt64 = 0
        for run in 0..<runCount {
            var length: UInt32 = 1
            if nextLong < longRuns.count, longRuns[nextLong].run == UInt32(run) {
                length = longRuns[nextLong].length
                nextLong += 1
            }
            switch kind {
            case .differences: cell = cell &+ UInt64(bitPattern: cellReader.nextSigned())
            case .numbers: cell = number(ofRun: run)
            }
            start = implicitStarts ? firstItem + UInt32(run) : start + UInt32(truncatingIfNeeded: startReader.next())
            for item in start..<(start + length) { body(item, cell) }
        }
    }
}
