import FSFindModel

/// One column's cells for the new file, in row order, with the number of runs of equal cells
/// they make over all rows (absent rows included): what choosing the encoding needs.
struct MergedColumn {
    /// The column's absent cell.
    let absent: UInt64
    private(set) var rows: [UInt32] = []
    private(set) var cells: [UInt64] = []
    private(set) var runCount = 0
    private var lastRow = -1
    private var lastCell: UInt64?

    init(absent: UInt64) { self.absent = absent }

    /// The column of exactly these cells (rows ascending), taken over without a copy: a first
    /// index stages every row, and copying each column's staged cells cost 12 MB per column.
    init(absent: UInt64, rows: [UInt32], cells: [UInt64]) {
        self.absent = absent
        for (row, cell) in zip(rows, cells) { countRun(row, cell) }
        self.rows = rows
        self.cells = cells
    }

    mutating func reserve(_ count: Int) {
        rows.reserveCapacity(count)
        cells.reserveCapacity(count)
    }

    /// Adds the cell of `row`, which comes after every row added before.
    mutating func append(_ row: UInt32, _ cell: UInt64) {
        countRun(row, cell)
        rows.append(row)
        cells.append(cell)
    }

    /// Counts the runs that the cell of `row` (after every row counted before) starts.
    private mutating func countRun(_ row: UInt32, _ cell: UInt64) {
        if Int(row) > lastRow + 1, lastCell != absent {
            runCount += 1  // absent rows in between
            lastCell = absent
        }
        if cell != lastCell {
            runCount += 1
            lastCell = cell
        }
        lastRow = Int(row)
    }

    /// After the last cell: counts the run of absent rows at the end, if any.
    mutating func finish(rowCount: Int) {
        if lastRow < rowCount - 1, lastCell != absent { runCount += 1 }
        lastRow = rowCount - 1
        lastCell = absent
    }

    /// Calls `body` with each run's first row and cell, in row order (``runCount`` calls).
    func forEachRun(_ body: (UInt32, UInt64) throws(FSFindError) -> Void) throws(FSFindError) {
        var previous: UInt64?
        var last = -1
        for (index, row) in rows.enumerated() {
            if Int(row) > last + 1, previous != absent {
                try body(UInt32(last + 1), absent)
                previous = absent
            }
            if cells[index] != previous {
                try body(row, cells[index])
                previous = cells[index]
            }
            last = Int(row)
        }
        if last < lastRow, previous != absent { try body(UInt32(last + 1), absent) }
    }
}

extension MergedColumn {
    /// A column being merged: the copied rows' cells added in row order, the staged rows' cells
    /// (`staged`, rows ascending) slotted in before each as their rows come. A value passed
    /// `inout`, not a closure over the column: one cost a dynamic exclusivity check per cell.
    struct Interleaving {
        var merged: MergedColumn
        let staged: (rows: [UInt32], cells: [UInt64])
        private var nextStaged = 0

        init(absent: UInt64, staged: (rows: [UInt32], cells: [UInt64])) {
            merged = MergedColumn(absent: absent)
            self.staged = staged
        }

        /// Adds the cell of copied row `row` (after every row added before), staged ones first.
        mutating func add(_ row: UInt32, _ cell: UInt64) {
            while nextStaged < staged.rows.count, staged.rows[nextStaged] < row {
                merged.append(staged.rows[nextStaged], staged.cells[nextStaged])
                nextStaged += 1
            }
            merged.append(row, cell)
        }

        /// The column: the staged cells left, and the runs counted to `rowCount`.
        consuming func finish(rowCount: Int) -> MergedColumn {
            while nextStaged < staged.rows.count {
                merged.append(staged.rows[nextStaged], staged.cells[nextStaged])
                nextStaged += 1
            }
            merged.finish(rowCount: rowCount)
            return merged
        }
    }
}
