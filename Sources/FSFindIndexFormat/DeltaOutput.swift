import FSFindModel
import Foundation

/// What a watcher's batch that writes a delta starts from and needs at the end. It is the format's
/// side of a batch (which rows it reads again, where each row goes among the base's, the new
/// delta's rows), so the indexer asks for a batch's file and its delta and touches no overlay.
///
/// The refresh machinery copies unchanged rows from one previous file. For a batch that file is
/// made here, in memory, of the rows the batch can keep, change or remove and no others: the
/// delta's rows under the batch's paths and the base's visible rows there. The delta's other rows
/// are not decoded or encoded for it; they are copied once, into the new delta, when it is
/// written (``write(rows:builder:lastUsed:roots:createdAt:textGeneration:replacing:)``), so a
/// batch costs its own rows and one copy of the delta, not two encodings of the delta
/// (`docs/decisions.md`, "The live index"). Every row knows its place among the base's rows, so
/// only the newly read rows need a search of the base at the end.
package struct DeltaOutput {
    let base: IndexFile
    /// The in-memory previous file: the batch's rows of the delta and of the base.
    package let previous: IndexFile
    /// Per row of `previous`: its position among the base's rows (``IndexOverlay/positions``).
    let knownPositions: [Int]
    /// Base rows the new delta hides: the old delta's and every base row under the batch.
    let hidden: [Range<Int>]
    /// The old delta, when there is one, and its rows outside the batch (ascending), which go
    /// into the new delta as they are.
    let delta: IndexFile?
    let carried: [Int]
    /// Per row of the old delta: its position among the base's rows.
    let deltaPositions: [Int]
    /// The old delta's rows, every section checked.
    let deltaReader: IndexReader?

    /// The batch over `snapshot` that looks again at the paths of `batch` (and what is below them)
    /// and at the folders of `alone` (their own rows).
    package init(snapshot: IndexSnapshot, batch: [[UInt8]], alone: [[UInt8]]) throws(FSFindError) {
        base = snapshot.base
        // Decoding one base row checks every section it has (all of a million rows' file, 132
        // MiB resident in a watcher's batch): checked here a section at a time, pages given back.
        let baseReader = try base.readerOfEverything(releasingPages: true)
        var added: [Range<Int>] = []
        for path in batch { added += base.rows(within: path) }
        for path in alone {
            if let row = baseReader.rowIndex(ofPath: path) { added.append(row..<(row + 1)) }
        }
        added = IndexOverlay.normalized(added)
        let oldHidden = snapshot.overlay?.hidden ?? []
        hidden = IndexOverlay.normalized(oldHidden, added)
        let baseRows = Self.visible(added, hidden: oldHidden)
        delta = snapshot.delta
        deltaPositions = snapshot.overlay?.positions ?? []
        // The delta's rows under the batch, found as the base's are.
        var region: [Range<Int>] = []
        deltaReader = try delta?.readerOfEverything()
        if let delta, let deltaReader {
            for path in batch { region += delta.rows(within: path) }
            for path in alone {
                if let row = deltaReader.rowIndex(ofPath: path) { region.append(row..<(row + 1)) }
            }
        }
        region = IndexOverlay.normalized(region)
        carried = Self.visible([0..<deltaPositions.count], hidden: region)
        let regionRows = region.flatMap { $0 }
        var builder = try IndexBuilder(old: delta)
        var rows: [RowSource] = []
        var positions: [Int] = []
        var next = 0
        for row in baseRows {
            while next < regionRows.count, deltaPositions[regionRows[next]] <= row {
                rows.append(.old(regionRows[next]))
                positions.append(deltaPositions[regionRows[next]])
                next += 1
            }
            rows.append(
                .staged(try builder.stage(baseReader.item(at: row), textDocument: baseReader.textDocument(at: row))))
            positions.append(row)
        }
        for row in regionRows[next...] {
            rows.append(.old(row))
            positions.append(deltaPositions[row])
        }
        let roots = try snapshot.roots()
        var generation = try base.textDocuments()?.generation
        if let delta, let numbers = try delta.textDocuments() { generation = numbers.generation }
        let image = try builder.encode(
            rows: rows, roots: roots, createdAt: snapshot.createdAt, textGeneration: generation)
        previous = try IndexFile(bytes: image.bytes, name: base.path)
        knownPositions = positions
    }

    /// The rows of `ranges` (sorted, disjoint) that no range of `hidden` (the same) holds, ascending.
    private static func visible(_ ranges: [Range<Int>], hidden: [Range<Int>]) -> [Int] {
        var rows: [Int] = []
        var next = 0
        for range in ranges {
            for row in range {
                while next < hidden.count, hidden[next].upperBound <= row { next += 1 }
                if next < hidden.count, hidden[next].contains(row) { continue }
                rows.append(row)
            }
        }
        return rows
    }

    /// Where each of `rows` (rows of ``previous`` and staged items) goes among the base's rows.
    func positions(of rows: [RowSource], builder: IndexBuilder) -> [Int] {
        var positions: [Int] = []
        positions.reserveCapacity(rows.count)
        for source in rows {
            if let old = source.copiedRow {
                positions.append(knownPositions[old])
            } else {
                positions.append(base.lowerBound(builder.stagedPath(source.stagedIndex ?? 0)))
                // A burst's thousands of binary searches touch pages all over the base: given
                // back now and then, so the watcher does not keep the whole base resident.
                if positions.count % 1024 == 0 { base.releaseAllPages() }
            }
        }
        return positions
    }
}
