import FSFindIndexFormat
import FSFindText
import Glibc

/// When a refresh reads the whole text store for damage (SQLite's `PRAGMA quick_check`) before
/// writing to it: only when the store's file was written at or after the index it belongs to.
///
/// A refresh commits the store first and the index file after it (``CommitOrder``), and a
/// watcher's batch the store before the delta, so a store fsfind left behind is older than the
/// newer of the two; damage written into it later (a tool, a crash of another writer, a restore)
/// makes it newer and is checked as before. Reading it whole on every refresh cost a no-change
/// refresh of `/usr` a 637 MB read (`benchmarks/RESULTS.md`, "Session 30's merges on a quiet
/// machine"). `fsfind status` still checks it whole every time.
enum TextStoreCheck {
    /// True unless the store at `indexPath`'s side is strictly older than both the index file
    /// and, when there is one, its delta; true when any of them cannot be looked at.
    static func isNeeded(forIndex indexPath: String) -> Bool {
        guard let store = modified(TextStore.path(forIndex: indexPath)),
            let index = modified(indexPath)
        else { return true }
        let newest = modified(IndexSnapshot.deltaPath(forIndex: indexPath)).map { max($0, index) } ?? index
        return !(store < newest)
    }

    /// The file's modification time as (seconds, nanoseconds), nil when it cannot be looked at.
    private static func modified(_ path: String) -> Time? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return Time(seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec))
    }

    /// A modification time, ordered.
    struct Time: Comparable {
        let seconds: Int
        let nanoseconds: Int

        static func < (left: Time, right: Time) -> Bool {
            (left.seconds, left.nanoseconds) < (right.seconds, right.nanoseconds)
        }
    }
}
