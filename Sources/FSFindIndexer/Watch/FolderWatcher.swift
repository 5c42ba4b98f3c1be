import CPlatform
import FSFindModel
import FSFindPlatform
import Glibc
import SystemPackage

/// inotify watches on indexed folders, and what their events say changed.
///
/// One watch per folder (inotify watches are not recursive): creations, deletions, renames in
/// and out, and files closed after writing or with changed attributes, never following links.
/// Events are read without blocking; the owner polls ``descriptor``. Each event names the entry
/// that must be looked at again (the folder's own path for an event about the folder), so a batch
/// of events becomes a set of paths, however many events each had.
final class FolderWatcher {
    /// What reading the events found.
    struct Events {
        /// Entries that were created, deleted, renamed in or out, written or changed attributes.
        var changed: Set<[UInt8]> = []
        /// Folders whose own attributes changed (mode, owner, times): their own row is looked at
        /// again, not what is inside them (a `chmod` of a home folder is not a crawl of it).
        var alone: Set<[UInt8]> = []
        /// The kernel's queue overflowed: events were lost, every watched folder may have changed.
        var overflowed = false
        /// Watched folders that were deleted or moved away (their own watch ended).
        var gone: Set<[UInt8]> = []
        /// Folders created or moved into a watched folder: to be watched at once, before the
        /// batch crawls them, so nothing made in them between the crawl and a later watch is lost.
        var newFolders: [[UInt8]] = []
        /// Files created and, as these events leave them, not yet closed after writing: a batch
        /// waits a moment for their close (``BatchTiming``) so that they are read whole.
        var unclosed: Set<[UInt8]> = []
        /// Files whose wait these events ended: closed after writing, deleted or moved away.
        var settled: Set<[UInt8]> = []
    }

    /// Why a folder could not be watched.
    enum WatchFailure: Error, Equatable {
        /// The per-user limit (`fs.inotify.max_user_watches`) is reached.
        case limitReached
        case other(Errno)
    }

    let descriptor: FileDescriptor
    /// At most this many watches, as if the kernel's limit were reached there; nil: the kernel's.
    /// The tests' way to reach the limit without lowering `fs.inotify.max_user_watches` for the
    /// whole machine.
    private let limit: Int?
    private var paths: [Int32: [UInt8]] = [:]
    private var watches: [[UInt8]: Int32] = [:]

    static let mask: UInt32 =
        UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_CLOSE_WRITE)
        | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)
        | UInt32(IN_DONT_FOLLOW) | UInt32(IN_EXCL_UNLINK)

    init(limit: Int? = nil) throws(FSFindError) {
        self.limit = limit
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else {
            throw FSFindError.system("inotify_init1", Errno(rawValue: errno), "cannot watch for changes")
        }
        descriptor = FileDescriptor(rawValue: fd)
    }

    deinit { _ = try? descriptor.close() }

    /// How many folders are watched.
    var count: Int { watches.count }

    func isWatched(_ folder: [UInt8]) -> Bool { watches[folder] != nil }

    /// Starts watching `folder` (a no-op when it is watched already).
    func watch(_ folder: [UInt8]) -> Result<Void, WatchFailure> {
        if watches[folder] != nil { return .success(()) }
        if let limit, watches.count >= limit { return .failure(.limitReached) }
        let wd = PathBytes.withCString(folder) { inotify_add_watch(descriptor.rawValue, $0, Self.mask) }
        guard wd >= 0 else {
            return .failure(errno == ENOSPC ? .limitReached : .other(Errno(rawValue: errno)))
        }
        // A folder renamed and then watched under its new name keeps its old descriptor.
        if let old = paths[wd] { watches[old] = nil }
        paths[wd] = folder
        watches[folder] = wd
        return .success(())
    }

    /// Watches `root` and every folder below it that `admits` accepts, each watched *before* it
    /// is listed: a folder made in it afterwards is an event, one made before is in the listing.
    /// For a folder that appears with contents (`mkdir -p`, a folder moved in, an archive
    /// unpacked), so that nothing made in it between the batch's crawl and a later watch is lost.
    /// Stops at the first failure, which it returns (the watch limit, say).
    func watchTree(_ root: [UInt8], admits: ([UInt8]) -> Bool) -> WatchFailure? {
        var pending = [root]
        while let folder = pending.popLast() {
            if case .failure(let failure) = watch(folder) {
                if case .other = failure { continue }  // gone already, or not a folder any more
                return failure
            }
            guard let fd = try? PathBytes.open(folder, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            else { continue }
            guard let stream = fdopendir(fd.rawValue) else {
                _ = try? fd.close()
                continue
            }
            defer { closedir(stream) }
            let nameOffset = fsfind_dirent_name_offset()
            while let record = readdir(stream) {
                let type = record.pointee.d_type
                guard type == DT_DIR || type == DT_UNKNOWN else { continue }
                let pointer = UnsafeRawPointer(record).advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
                let name = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer)))
                if name == [0x2E] || name == [0x2E, 0x2E] { continue }
                let path = PathBytes.join(folder, name)
                if admits(path) { pending.append(path) }  // DT_UNKNOWN: `watch` refuses a non-folder (IN_ONLYDIR)
            }
        }
        return nil
    }

    /// Stops watching `folder` and every watched folder below it (they left the index).
    func forget(below folder: [UInt8]) {
        for (path, wd) in watches where PathBytes.isWithin(path, folder: folder) {
            inotify_rm_watch(descriptor.rawValue, wd)
            watches[path] = nil
            paths[wd] = nil
        }
    }

    /// Reads every event waiting (none: an empty result).
    func read() -> Events {
        var events = Events()
        InotifyEvents.readAll(descriptor) { wd, mask, name in apply(wd: wd, mask: mask, name: name, to: &events) }
        return events
    }

    private func apply(wd: Int32, mask: UInt32, name: [UInt8], to events: inout Events) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            events.overflowed = true
            return
        }
        guard let folder = paths[wd] else { return }
        if mask & UInt32(IN_IGNORED) != 0 {
            paths[wd] = nil
            if watches[folder] == wd { watches[folder] = nil }
            return
        }
        if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 {
            events.gone.insert(folder)
            return
        }
        if name.isEmpty {
            // About the watched folder itself: its attributes (its entries' events name them).
            events.alone.insert(folder)
        } else {
            let path = folder == [UInt8(ascii: "/")] ? folder + name : folder + [UInt8(ascii: "/")] + name
            let attributesOnly =
                mask & UInt32(IN_ISDIR) != 0
                && mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)) == 0
            if attributesOnly { events.alone.insert(path) } else { events.changed.insert(path) }
            if mask & UInt32(IN_ISDIR) == 0, mask & UInt32(IN_CREATE) != 0 {
                events.unclosed.insert(path)
                events.settled.remove(path)
            } else if mask & (UInt32(IN_CLOSE_WRITE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)) != 0 {
                events.unclosed.remove(path)
                events.settled.insert(path)
            }
            if mask & UInt32(IN_ISDIR) != 0, mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 {
                events.newFolders.append(path)
            }
        }
    }
}
