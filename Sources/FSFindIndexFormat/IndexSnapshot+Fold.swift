import FSFindModel
import Foundation

/// Folding a delta into its base is the format's work: which base row each delta row replaces
/// and in what order the rows go are the overlay's, so the indexer only decides when to fold and
/// commits the file this writes.
extension IndexSnapshot {
    /// Writes the base and its delta as one new base file beside `path`, not yet in place (the
    /// caller commits it, then removes the delta); nil when the delta is not one of this base.
    ///
    /// `delta` is the delta's own rows, every section checked (row k is its row k). The base is
    /// read a section at a time and the new file written section by section, never whole in memory.
    package func folded(
        delta: IndexReader, createdAt: Date, replacing path: String
    ) throws(FSFindError) -> WrittenIndex? {
        guard let overlay else { return nil }
        // Checked whole, but not kept whole in memory: the copy reads it a section at a time.
        let baseReader = try base.readerOfEverything(releasingPages: true)
        var builder = try IndexBuilder(old: base)
        // The delta's rows are staged in merged order (the k-th is staged item k); the rows of the
        // new file are then made as the writer reads them, not held (`benchmarks/RESULTS.md`, "A
        // fold, a refresh and a watcher's start without the whole index in memory").
        var replaced: [Int32] = []
        for piece in pieces where piece.file != 0 {
            for row in piece.rows {
                // A delta row in place of a base row of the same path names it, so the base
                // rows below it (a folder's entries) still find their parent; else they would
                // store whole paths (found by the million-entry benchmark: `benchmarks/RESULTS.md`,
                // "Live index with the delta").
                let position = overlay.positions[row]
                let path = delta.path(at: row)
                let same = position < base.itemCount && baseReader.path(at: position) == path
                // Delta rows come in their own order (both lists are in path order), so the
                // staged item of delta row k is item k.
                guard try builder.stage(delta.item(at: row), textDocument: delta.textDocument(at: row)) == row else {
                    throw FSFindError.broken("the delta's rows are not in merged order")
                }
                replaced.append(same ? Int32(position) : -1)
            }
        }
        // The delta's rows carry the numbers of the store it was written with (the newer).
        return try builder.write(
            rows: FoldRows(snapshot: self, replaced: replaced), roots: try roots(), createdAt: createdAt,
            textGeneration: try self.delta?.textDocuments()?.generation, replacing: path)
    }
}

/// The rows of a folded file in merged order, made when read: a base row is copied, delta row k
/// is staged item k, replacing the base row `replaced[k]` (or none when -1).
struct FoldRows: RandomAccessCollection {
    let snapshot: IndexSnapshot
    let replaced: [Int32]

    var startIndex: Int { 0 }
    var endIndex: Int { snapshot.itemCount }

    subscript(position: Int) -> RowSource {
        let (file, row) = snapshot.place(of: position)
        if file == 0 { return .old(row) }
        return .staged(row, replacing: replaced[row] >= 0 ? Int(replaced[row]) : nil)
    }
}
