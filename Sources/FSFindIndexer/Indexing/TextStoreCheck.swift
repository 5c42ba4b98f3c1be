import CPlatform
import FSFindIndexFormat
import FSFindText

/// When a refresh reads the whole text store for damage (SQLite's `PRAGMA quick_check`) before
/// writing to it: only when the store's file (or its write-ahead log) was written at or after the
/// index it belongs to.
///
/// A refresh's commit writes the store last (its stale words go after the index is replaced,
/// ``CommitOrder``), so its final step settles the store (the log copied into the file) and then
/// marks the file it committed, the index or the delta, newer than the store (``markNewer(_:thanStoreOf:)``).
/// A store fsfind left behind is then older than the newer of the two; damage written into it
/// later (a tool, a crash of another writer, a restore), or a run killed before the mark, makes it
/// newer and is checked. Reading it whole on every refresh cost a no-change refresh of `/usr` a
/// 637 MB read (`benchmarks/RESULTS.md`, "Session 30's merges on a quiet machine"). `fsfind
/// status` still checks it whole every time.
enum TextStoreCheck {
    /// True unless the store at `indexPath`'s side (its file and its log) is strictly older than
    /// both the index file and, when there is one, its delta; true when any of them cannot be
    /// looked at.
    static func isNeeded(forIndex indexPath: String) -> Bool {
        guard let store = storeModified(forIndex: indexPath), let index = modified(indexPath) else { return true }
        let newest = modified(IndexSnapshot.deltaPath(forIndex: indexPath)).map { max($0, index) } ?? index
        return !(store < newest)
    }

    /// The later of the store's and its log's modification times; nil when the store is missing.
    static func storeModified(forIndex indexPath: String) -> Time? {
        let path = TextStore.path(forIndex: indexPath)
        guard let file = modified(path) else { return nil }
        return modified(path + "-wal").map { max($0, file) } ?? file
    }

    /// The file's modification time as (seconds, nanoseconds), nil when it cannot be looked at.
    private static func modified(_ path: String) -> Time? {
        var seconds: Int64 = 0
        var nanoseconds: Int64 = 0
        guard fsfind_modified_at(path, &seconds, &nanoseconds) == 0 else { return nil }
        return Time(seconds: seconds, nanoseconds: nanoseconds)
    }

    /// A modification time, ordered.
    struct Time: Comparable {
        let seconds: Int64
        let nanoseconds: Int64

        static func < (left: Time, right: Time) -> Bool {
            (left.seconds, left.nanoseconds) < (right.seconds, right.nanoseconds)
        }
    }
}
