import FSFindModel
import Foundation

/// An index file written beside its target and not yet in place (``commit()`` renames it), and
/// what the index holds with it: what a refresh reports, however the file was made
/// (``IndexUpdate/write(roots:createdAt:textGeneration:delta:replacing:)``: written, a delta, or
/// ``IndexFile/copy(refreshed:lastUsed:createdAt:replacing:)``; a fold,
/// ``IndexSnapshot/folded(delta:createdAt:replacing:)``).
package struct WrittenIndex {
    let file: IndexFileWriter
    /// The file this one replaces when committed: the index, or its delta.
    package var path: String { file.path }
    /// Visible rows of the index with the new file (with a delta: its rows and the base rows it
    /// does not hide).
    package let items: Int
    package let unreadable: Int
    package let unparsable: Int
    /// True when the file is the previous one copied, not written row by row.
    package var copied = false

    /// Renames the file over ``path`` and makes the rename durable; until then readers see the
    /// file it replaces, and a value dropped uncommitted removes its file.
    package func commit() throws(FSFindError) { try file.commit() }
}

extension DeltaOutput {

    /// Writes the new delta: the batch's `rows` (rows of ``previous`` and items staged in
    /// `builder`; `lastUsed` as ``IndexBuilder/encode(rows:oldLastUsed:roots:createdAt:overlay:textGeneration:)``
    /// takes it) with the old delta's rows outside the batch (``carried``).
    ///
    /// With no such rows the batch's rows are the delta, written as they are. Otherwise they are
    /// encoded in memory (a few rows) and merged with the carried rows: the larger of the two
    /// files is copied row by row (its strings and cells carried, nothing decoded), the other's
    /// rows decoded and staged between them, so a batch over a large delta copies the delta once
    /// and a burst over a small one copies its own rows once.
    func write(
        rows: [RowSource], builder: inout IndexBuilder, lastUsed: [UInt64], roots: [IndexRoot], createdAt: Date,
        textGeneration: UInt64?, replacing path: String
    ) throws(FSFindError) -> WrittenIndex {
        let batchPositions = positions(of: rows, builder: builder)
        guard let delta, let deltaReader, !carried.isEmpty else {
            let overlay = IndexOverlay(base: base, hidden: hidden, positions: batchPositions)
            let file = try builder.write(
                rows: rows, oldLastUsed: lastUsed, roots: roots, createdAt: createdAt, overlay: overlay,
                textGeneration: textGeneration, replacing: path)
            return WrittenIndex(
                file: file, items: rows.count + base.itemCount - overlay.hiddenCount,
                unreadable: builder.unreadableWritten, unparsable: builder.unparsableWritten)
        }
        let image = try builder.encode(
            rows: rows, oldLastUsed: lastUsed, roots: roots, createdAt: createdAt, textGeneration: textGeneration)
        let batch = try IndexFile(bytes: image.bytes, name: path)
        let batchReader = try batch.readerOfEverything()
        let batchRows = Array(0..<batch.itemCount)
        let carriedPositions = carried.map { deltaPositions[$0] }
        var merger: IndexBuilder
        let merged: (rows: [RowSource], positions: [Int])
        if carried.count >= batchRows.count {
            merger = try IndexBuilder(old: delta)
            merged = try Self.merge(
                copying: delta, carried, at: carriedPositions, staging: batchReader, batchRows, at: batchPositions,
                replaces: true, into: &merger)
        } else {
            merger = try IndexBuilder(old: batch)
            merged = try Self.merge(
                copying: batch, batchRows, at: batchPositions, staging: deltaReader, carried, at: carriedPositions,
                replaces: false, into: &merger)
        }
        let overlay = IndexOverlay(base: base, hidden: hidden, positions: merged.positions)
        let file = try merger.write(
            rows: merged.rows, roots: roots, createdAt: createdAt, overlay: overlay, textGeneration: textGeneration,
            replacing: path)
        return WrittenIndex(
            file: file, items: merged.rows.count + base.itemCount - overlay.hiddenCount,
            unreadable: merger.unreadableWritten, unparsable: merger.unparsableWritten)
    }

    /// Two path-ordered lists of rows with no path in common, merged in path order: `copiedRows`
    /// of `copied` (the builder's previous file) as they are, `stagedRows` of `staged` decoded
    /// and staged in `builder` between them; with the position among the base's rows of each.
    /// When `replaces`, a staged row whose path a row of `copied` outside `copiedRows` has names
    /// that row as the one it replaces, so the copied rows below it (a folder's entries) still
    /// find their parent.
    private static func merge(
        copying copied: IndexFile, _ copiedRows: [Int], at copiedPositions: [Int], staging staged: IndexReader,
        _ stagedRows: [Int], at stagedPositions: [Int], replaces: Bool, into builder: inout IndexBuilder
    ) throws(FSFindError) -> (rows: [RowSource], positions: [Int]) {
        var rows: [RowSource] = []
        var positions: [Int] = []
        rows.reserveCapacity(copiedRows.count + stagedRows.count)
        positions.reserveCapacity(copiedRows.count + stagedRows.count)
        var next = 0
        for (index, row) in stagedRows.enumerated() {
            let path = staged.path(at: row)
            let end = copied.lowerBound(path)
            while next < copiedRows.count, copiedRows[next] < end {
                rows.append(.old(copiedRows[next]))
                positions.append(copiedPositions[next])
                next += 1
            }
            let replaced = replaces ? copied.rowIndex(ofPath: path) : nil
            let item = try builder.stage(staged.item(at: row), textDocument: staged.textDocument(at: row))
            rows.append(.staged(item, replacing: replaced))
            positions.append(stagedPositions[index])
        }
        for index in next..<copiedRows.count {
            rows.append(.old(copiedRows[index]))
            positions.append(copiedPositions[index])
        }
        return (rows, positions)
    }
}
