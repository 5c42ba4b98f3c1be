import FSFindModel
import Foundation

/// The index as a reader sees it: the base file, and over it the delta that `fsfind watch` writes
/// beside it (`INDEX.delta`), merged into one list of rows in path order.
///
/// Row numbers here are positions in that merged list (what a query returns and prints); each is
/// one row of one of the two files, found by ``location(of:)``. Scans do not go through the
/// numbers one by one: they walk ``pieces``, runs of consecutive rows of one file, and evaluate
/// each file's columns directly (`docs/index-format.md`, "Small updates").
///
/// With no delta (an index `fsfind index` just wrote, or one no watcher runs on) there is one
/// piece, the whole base, and every call goes straight to it.
package final class IndexSnapshot: Sendable, PathOrderedRows {
    package let base: IndexFile
    package let delta: IndexFile?
    /// The delta's overlay, when there is a delta.
    let overlay: IndexOverlay?
    /// Visible rows in the merged list.
    package let itemCount: Int
    /// The merged list as runs of one file's rows, in path order.
    package let pieces: [Piece]
    /// For each file (0 base, 1 delta), the positions in ``pieces`` of its runs, in row order.
    private let piecesOfFile: [[Int]]

    /// A run of consecutive rows of one file, at `start` in the merged list.
    package struct Piece: Sendable {
        /// Position of the run's first row in the merged list.
        package let start: Int
        /// 0: the base; 1: the delta.
        package let file: Int
        package let rows: Range<Int>
    }

    /// Where the delta of the index at `indexPath` lives: beside it, named after it.
    package static func deltaPath(forIndex indexPath: String) -> String { indexPath + ".delta" }

    /// Removes the temporary files left beside the index at `indexPath` and beside its delta by a
    /// run killed before its rename (``IndexWriter/removeTemporaryFiles(of:)``). Call only while
    /// holding the index lock, which guards both files.
    package static func removeTemporaryFiles(ofIndex indexPath: String) {
        IndexWriter.removeTemporaryFiles(of: indexPath)
        IndexWriter.removeTemporaryFiles(of: deltaPath(forIndex: indexPath))
    }

    /// The files a reader uses, base first.
    package var files: [IndexFile] { delta.map { [base, $0] } ?? [base] }

    /// The index file's path (the base's; the delta's is ``deltaPath(forIndex:)``).
    package var path: String { base.path }

    /// When the index last changed: the delta's time when there is one.
    package var createdAt: Date { delta?.createdAt ?? base.createdAt }

    /// Bytes on disk: the base and the delta.
    package var fileSize: Int { base.fileSize + (delta?.fileSize ?? 0) }

    /// True once a file of the snapshot was cut short while it was read and the read recovered
    /// from (a server's, ``MappingFaults/recoverInstead()``): what was read may be zeros, so the
    /// answer is thrown away and the snapshot is not used again.
    package var hasFaulted: Bool { files.contains { $0.region.hasFaulted } }

    package var formatVersion: Int { base.formatVersion }

    /// Opens the index at `path`: the delta first, then the base, so that a compaction between
    /// the two opens (which renames a new base into place before it removes the delta) gives a
    /// delta whose stamp does not match, and the new base, which holds everything, alone.
    ///
    /// - Throws: as ``IndexFile/init(path:)`` for the base; `.indexCorrupt` naming the delta when
    ///   the delta is damaged (`fsfind index` then reads the roots again).
    package convenience init(path: String) throws(FSFindError) {
        var delta: IndexFile?
        do {
            delta = try IndexFile(path: Self.deltaPath(forIndex: path))
        } catch  where error.code == .indexMissing {
            delta = nil
        }
        try self.init(base: try IndexFile(path: path), delta: delta)
    }

    /// A snapshot of a base file alone.
    convenience init(_ base: IndexFile) {
        // Without a delta nothing is checked that could fail.
        try! self.init(base: base, delta: nil)
    }

    /// A snapshot of `base` and `delta`; a delta written against another base is left out.
    init(base: IndexFile, delta: IndexFile?) throws(FSFindError) {
        self.base = base
        var overlay = try delta?.overlay()
        if overlay == nil || overlay?.applies(to: base) != true { overlay = nil }
        self.delta = overlay == nil ? nil : delta
        self.overlay = overlay
        guard let overlay, let delta else {
            itemCount = base.itemCount
            pieces = [Piece(start: 0, file: 0, rows: 0..<base.itemCount)]
            piecesOfFile = [[0], []]
            return
        }
        guard overlay.hidden.last.map({ $0.upperBound <= base.itemCount }) ?? true,
            overlay.positions.last.map({ $0 <= base.itemCount }) ?? true
        else {
            throw FSFindError.indexCorrupt(delta.path, "is damaged (its overlay names rows its base does not have)")
        }
        var pieces: [Piece] = []
        // At most a run of delta rows and a run of base rows per delta row and hidden range.
        pieces.reserveCapacity(2 * (overlay.positions.count + overlay.hidden.count) + 1)
        var count = 0
        func add(_ file: Int, _ rows: Range<Int>) {
            guard !rows.isEmpty else { return }
            pieces.append(Piece(start: count, file: file, rows: rows))
            count += rows.count
        }
        var baseRow = 0
        var hiddenIndex = 0
        let hidden = overlay.hidden
        /// The visible base rows before `end`.
        func addBase(until end: Int) {
            while baseRow < end {
                while hiddenIndex < hidden.count, hidden[hiddenIndex].upperBound <= baseRow { hiddenIndex += 1 }
                if hiddenIndex < hidden.count, hidden[hiddenIndex].lowerBound <= baseRow {
                    baseRow = min(hidden[hiddenIndex].upperBound, end)
                    continue
                }
                let stop = hiddenIndex < hidden.count ? min(end, hidden[hiddenIndex].lowerBound) : end
                add(0, baseRow..<stop)
                baseRow = stop
            }
        }
        let positions = overlay.positions
        var row = 0
        while row < positions.count {
            addBase(until: positions[row])
            var end = row + 1
            while end < positions.count, positions[end] == positions[row] { end += 1 }
            add(1, row..<end)
            row = end
        }
        addBase(until: base.itemCount)
        self.pieces = pieces
        itemCount = count
        piecesOfFile = [
            pieces.indices.filter { pieces[$0].file == 0 }, pieces.indices.filter { pieces[$0].file == 1 },
        ]
    }

    // MARK: - Rows

    /// The file and row that merged row `row` is.
    @inline(__always)
    func location(of row: Int) -> (file: IndexFile, row: Int) {
        guard let delta else {
            precondition(row >= 0 && row < itemCount, "row \(row) out of 0..<\(itemCount)")
            return (base, row)
        }
        let (file, index) = place(of: row)
        return (file == 0 ? base : delta, index)
    }

    /// Which file (0 base, 1 delta) and which of its rows merged row `row` is.
    package func place(of row: Int) -> (file: Int, row: Int) {
        precondition(row >= 0 && row < itemCount, "row \(row) out of 0..<\(itemCount)")
        guard delta != nil else { return (0, row) }
        var low = 0
        var high = pieces.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if pieces[mid].start <= row { low = mid } else { high = mid }
        }
        let piece = pieces[low]
        return (piece.file, piece.rows.lowerBound + (row - piece.start))
    }

    /// The merged row of `row` of file `file` (0 base, 1 delta); nil for a hidden base row.
    func mergedRow(file: Int, row: Int) -> Int? {
        guard delta != nil else { return file == 0 && row < itemCount ? row : nil }
        let runs = piecesOfFile[file]
        var low = 0
        var high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if pieces[runs[mid]].rows.upperBound <= row { low = mid + 1 } else { high = mid }
        }
        guard low < runs.count, pieces[runs[low]].rows.contains(row) else { return nil }
        let piece = pieces[runs[low]]
        return piece.start + (row - piece.rows.lowerBound)
    }

    /// The merged rows whose path is not valid UTF-8, ascending: what a JSON answer cannot name
    /// (a JSON string holds Unicode text, and a path with its odd bytes replaced names another
    /// file). Usually none; one pass over each file's names.
    /// - Throws: ``FSFindError`` `.indexCorrupt` when the names section is damaged.
    package func rowsWithoutUTF8Paths() throws(FSFindError) -> [Int] {
        var rows: [Int] = []
        for (k, file) in files.enumerated() {
            let own: [Int]
            do throws(IndexDamage) { own = try file.rowsWithoutUTF8Paths() } catch { throw file.damaged(error) }
            rows += own.compactMap { mergedRow(file: k, row: $0) }
        }
        return rows.sorted()
    }

    func path(at row: Int) -> [UInt8] {
        let (file, index) = location(of: row)
        return file.path(at: index)
    }

    func name(at row: Int) -> [UInt8] {
        let (file, index) = location(of: row)
        return file.name(at: index)
    }

    func identity(at row: Int) -> FileIdentity {
        let (file, index) = location(of: row)
        return file.identity(at: index)
    }

    func value(of attribute: Attribute, at row: Int) -> AttributeValue? {
        let (file, index) = location(of: row)
        return file.value(of: attribute, at: index)
    }

    func attributes(at row: Int) -> AttributeSet {
        let (file, index) = location(of: row)
        return file.attributes(at: index)
    }

    func item(at row: Int) -> IndexedItem {
        let (file, index) = location(of: row)
        return file.item(at: index)
    }

    func problem(at row: Int) -> ItemProblem? {
        let (file, index) = location(of: row)
        return file.problem(at: index)
    }

    /// Merged rows at `folder` or below it: its own row and the block of paths under it.
    package func rows(within folder: [UInt8]) -> [Range<Int>] { pathRows(within: folder) }

    /// The merged row holding `path`: the delta's when it has it, else the base's unless hidden.
    func rowIndex(ofPath path: [UInt8]) -> Int? {
        if let delta, let row = delta.rowIndex(ofPath: path) { return mergedRow(file: 1, row: row) }
        guard let row = base.rowIndex(ofPath: path) else { return nil }
        return mergedRow(file: 0, row: row)
    }

    /// The first merged row whose path sorts at or after `path`.
    func lowerBound(_ path: [UInt8]) -> Int {
        guard delta != nil else { return base.lowerBound(path) }
        var low = 0
        var high = itemCount
        while low < high {
            let mid = low + (high - low) / 2
            if IndexFormat.compare(self.path(at: mid), path) < 0 { low = mid + 1 } else { high = mid }
        }
        return low
    }

    // MARK: - Whole-index reads

    /// The recorded roots: the delta's, which a watcher rewrites with every batch, else the base's.
    package func roots() throws(FSFindError) -> [IndexRoot] {
        try (delta ?? base).roots()
    }

    /// The roots of the index at `path`, as ``init(path:)`` and ``roots()`` give them, without
    /// merging the two files' rows into pieces: what a watcher reads after every batch, where
    /// the merge over a grown delta cost more than the rest of the look.
    package static func roots(ofIndex path: String) throws(FSFindError) -> [IndexRoot] {
        var delta: IndexFile?
        do {
            delta = try IndexFile(path: deltaPath(forIndex: path))
        } catch  where error.code == .indexMissing {
            delta = nil
        }
        let base = try IndexFile(path: path)
        if let delta, try delta.overlay()?.applies(to: base) == true { return try delta.roots() }
        return try base.roots()
    }

    /// ``IndexFile/prepareAll()`` on both files (``allItems()``; callers read through an
    /// ``IndexReader``).
    func prepareAll() throws(FSFindError) {
        for file in files { try file.prepareAll() }
    }

    /// The problems of the visible items (the delta's, then the base's rows it does not hide).
    func problems() throws(FSFindError) -> [ItemProblem] {
        var problems: [ItemProblem] = []
        var hidden = (overlay?.hidden ?? [])[...]
        for row in try base.problemRows() {
            while let first = hidden.first, first.upperBound <= row { hidden.removeFirst() }
            if let first = hidden.first, first.contains(row) { continue }
            problems.append(try base.listedProblem(at: row))
        }
        if let delta {
            for row in try delta.problemRows() { problems.append(try delta.listedProblem(at: row)) }
        }
        return problems
    }

    /// Every visible item, in path order (tests and tools; the index's whole contents).
    func allItems() throws(FSFindError) -> [IndexedItem] {
        guard delta != nil else { return try base.allItems() }
        try prepareAll()
        return (0..<itemCount).map { item(at: $0) }
    }
}
