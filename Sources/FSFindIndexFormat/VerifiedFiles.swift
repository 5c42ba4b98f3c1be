import Glibc
import Synchronization

/// The sections of index files this process has verified, by file: a long-running reader (a
/// watcher's batches, `serve`, `search`) opens the same base again after every new delta, and
/// checksumming its every section each time was most of a watcher's batch
/// (`benchmarks/RESULTS.md`, "Live updates as fast as Tracker's"); checking their shapes again
/// (``IndexFile/checkShapes(of:reads:)``) was a quarter of one once the delta was small
/// (`benchmarks/RESULTS.md`, "The text store's log emptied after each batch").
///
/// A file is named by its device, inode, size, modification and change times and its header's
/// checksum (which covers every section's checksum): every writer replaces an index by rename, so
/// a file with all of these the same holds the bytes that were verified, and writing into one
/// changes its change time. As git does with an index entry "racily clean", a file changed less
/// than ``settledSeconds`` before it is verified is not remembered: a write into it within the
/// same tick of the file system's clock would leave its times as they were. Only files mapped
/// from disk of at least ``minimumSize`` are remembered (a smaller one is checked in well under
/// a millisecond), and only the last few.
enum VerifiedFiles {
    /// What names one file's contents.
    struct Key: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: timespec
        var changed: timespec
        var headerChecksum: UInt32

        static func == (a: Key, b: Key) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size && a.headerChecksum == b.headerChecksum
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(device)
            hasher.combine(inode)
            hasher.combine(size)
            hasher.combine(modified.tv_nsec)
            hasher.combine(headerChecksum)
        }
    }

    /// How many files are remembered: a base and its deltas, with room for a fold's new base.
    static let capacity = 8
    /// Files smaller than this are checked again each time they are opened.
    static let minimumSize: Int64 = 1 << 20
    /// A file changed more recently than this is checked again each time it is opened.
    static let settledSeconds = 2

    /// What was found sound of a section.
    enum Check: Int {
        /// Its bytes matched its checksum (``IndexFile/verify(_:releasing:)``).
        case checksum = 0
        /// Its counts, order and numbers passed ``IndexFile/checkShapes(of:reads:)``.
        case shape = 1
    }

    private struct Table {
        /// Per file, a bit per section for each ``Check``.
        var sections: [Key: [UInt64]] = [:]
        /// Keys, oldest first.
        var order: [Key] = []
    }

    private static let table = Mutex(Table())

    /// The sections of the file named `key` found sound by `check` so far in this process (a bit
    /// per section).
    static func sections(of key: Key, _ check: Check = .checksum) -> UInt64 {
        guard key.size >= minimumSize else { return 0 }
        return table.withLock { $0.sections[key]?[check.rawValue] ?? 0 }
    }

    /// Records that section bits `bits` of the file named `key` passed `check`, at `now` (the
    /// real-time clock's seconds).
    static func record(_ bits: UInt64, _ check: Check = .checksum, of key: Key, now: Int = time(nil)) {
        guard key.size >= minimumSize, key.changed.tv_sec + settledSeconds <= now else { return }
        table.withLock { table in
            if table.sections[key] != nil {
                table.sections[key]![check.rawValue] |= bits
                return
            }
            var entry: [UInt64] = [0, 0]
            entry[check.rawValue] = bits
            table.sections[key] = entry
            table.order.append(key)
            if table.order.count > capacity { table.sections[table.order.removeFirst()] = nil }
        }
    }

    /// Forgets every file (tests).
    static func forgetAll() {
        table.withLock { $0 = Table() }
    }
}
