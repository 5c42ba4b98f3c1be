import CPlatform
import FSFindIndexFormat
import FSFindModel
import FSFindPlatform
import Glibc
import SystemPackage

/// Tells a reader when the index it reads has changed (its file or its delta replaced): what `query --live` and
/// `search` wait on to show what a watcher (or `fsfind index`) just wrote.
///
/// A writer replaces the index by renaming a finished file over it, so one inotify watch on the
/// index's folder sees every new version as an `IN_MOVED_TO` (or `IN_CREATE`, for an index made
/// where there was none) of the index's name. The descriptor is non-blocking, for `poll` beside
/// a terminal or a signal descriptor; nothing is read or polled while nothing changes.
package final class IndexChanges {
    let descriptor: FileDescriptor
    private let name: [UInt8]
    /// The delta's name (``IndexSnapshot/deltaPath(forIndex:)``): a watcher's batch replaces it.
    private let deltaName: [UInt8]

    package init(indexPath: String) throws(FSFindError) {
        let bytes = PathBytes.bytes(indexPath)
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { $0 == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<$0]) } ?? [UInt8(ascii: ".")]
        name = slash.map { Array(bytes[($0 + 1)...]) } ?? bytes
        let delta = PathBytes.bytes(IndexSnapshot.deltaPath(forIndex: indexPath))
        deltaName = Array(delta[((delta.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1)...])
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else {
            throw FSFindError.system("inotify_init1", .init(rawValue: errno), "cannot watch the index for changes")
        }
        let mask = UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_ONLYDIR)
        guard PathBytes.withCString(folder, { inotify_add_watch(fd, $0, mask) }) >= 0 else {
            let error = errno
            Glibc.close(fd)
            throw FSFindError.system(
                "inotify_add_watch", .init(rawValue: error), "cannot watch the index's folder for changes",
                path: PathBytes.display(folder))
        }
        descriptor = FileDescriptor(rawValue: fd)
    }

    deinit { _ = try? descriptor.close() }

    /// What a loop of its own (the search screen's) polls beside its terminal: the descriptor,
    /// readable when the index's folder changed, and ``replaced()``, which reads what changed.
    package var polled: (descriptor: FileDescriptor, replaced: () -> Bool) {
        (descriptor, { self.replaced() })
    }

    /// Reads every event waiting; true when one of them was a new version of the index (its base
    /// file or its delta).
    func replaced() -> Bool {
        var found = false
        InotifyEvents.readAll(descriptor) { _, _, eventName in
            if eventName == name || eventName == deltaName { found = true }
        }
        return found
    }

    /// Calls `onReplaced` for each new version of the index until SIGINT or SIGTERM arrives
    /// (blocked here and read through a signal descriptor, so the caller ends cleanly, status 0).
    /// Replacements within 50 ms of one another are one call.
    package func wait(onReplaced: () throws(FSFindError) -> Void) throws(FSFindError) {
        let signalDescriptor = try InotifyEvents.terminationDescriptor()
        defer { _ = try? signalDescriptor.close() }
        while true {
            var descriptors = [
                pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalDescriptor.rawValue, events: Int16(POLLIN), revents: 0),
            ]
            if retryingOnInterrupt({ poll(&descriptors, 2, -1) }) < 0 {
                throw FSFindError.system("poll", .init(rawValue: errno), "cannot wait for the index to change")
            }
            if descriptors[1].revents != 0, fsfind_signalfd_read(signalDescriptor.rawValue) != 0 { return }
            guard descriptors[0].revents != 0, replaced() else { continue }
            // A watcher's batches come at least 200 ms apart; a few replacements at once are one.
            usleep(50_000)
            _ = replaced()
            try onReplaced()
        }
    }
}
