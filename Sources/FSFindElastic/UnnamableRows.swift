import FSFindIndexFormat
import FSFindModel
import Synchronization

/// The rows of the index whose paths are not UTF-8, worked out once per version of the index.
///
/// A JSON string holds Unicode text, and a path with its odd bytes replaced names another file, so
/// such rows cannot be hits; they are left out of the count too, or `hits.total` and the hits
/// disagree (Samba then fails the Mac's search, or shows duplicates as it pages). Finding them is
/// one pass over the names (a few milliseconds a million rows), kept while the index is the same.
final class UnnamableRows: Sendable {
    private let state = Mutex<(generation: Int, rows: Set<Int>)?>(nil)

    /// The rows of `snapshot` (of `generation`) whose paths are not UTF-8.
    func rows(of snapshot: IndexSnapshot, generation: Int) throws(FSFindError) -> Set<Int> {
        if let kept = state.withLock({ $0 }), kept.generation == generation { return kept.rows }
        let rows = Set(try snapshot.rowsWithoutUTF8Paths())
        state.withLock { $0 = (generation, rows) }
        return rows
    }
}
