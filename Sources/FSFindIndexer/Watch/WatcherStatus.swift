import Foundation

/// Whether an `fsfind watch` runs on an index, and when it last updated it: what `fsfind status`
/// shows. The watcher holds `INDEX.watch.lock` (an `flock`, dropped by the kernel however the
/// watcher ends) and writes its pid and the time of its last update into it.
package struct WatcherStatus: Sendable, Equatable {
    /// The watch lock's name after the index's.
    static let lockSuffix = ".watch.lock"

    package var pid: Int32
    /// When the watcher last wrote the index (or finished its first refresh).
    package var lastUpdate: Date?

    /// The running watcher of the index at `indexPath`, or nil when none runs.
    package static func of(indexPath: String) -> WatcherStatus? {
        guard let holder = IndexLock.holder(of: indexPath + lockSuffix) else { return nil }
        let seconds = holder.lines.first.flatMap(Double.init)
        return WatcherStatus(pid: holder.pid, lastUpdate: seconds.map(Date.init(timeIntervalSince1970:)))
    }
}
