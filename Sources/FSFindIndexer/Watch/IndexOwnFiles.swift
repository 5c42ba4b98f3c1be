import Glibc

/// The files a watcher writes itself when its index lies inside a folder it watches: the index,
/// its lock, delta, text store (with SQLite's log and shared memory) and their temporary files
/// (`.NAME.tmp.PID`). Every batch writes them, so taken as changes, each batch started the next,
/// for ever; their events are left out, and so is the look at their folder's own row they would
/// bring (its times change with every rename of the delta into it).
struct IndexOwnFiles {
    /// The index's folder, resolved as the roots are (the events' paths start with a root's).
    private let folder: [UInt8]
    /// The index file's name.
    private let name: [UInt8]

    init(indexPath: String) {
        let bytes = Array(indexPath.utf8)
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        name = Array(bytes[(slash.map { $0 + 1 } ?? 0)...])
        let given = slash.map { $0 == 0 ? "/" : String(decoding: bytes[..<$0], as: UTF8.self) } ?? "."
        if let resolved = realpath(given, nil) {
            folder = Array(String(cString: resolved).utf8)
            free(resolved)
        } else {
            folder = Array(given.utf8)
        }
    }

    /// True when `path` (absolute, as an event names it) is one of the index's own files.
    func contains(_ path: [UInt8]) -> Bool {
        guard !name.isEmpty, let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return false }
        let parent = slash == 0 ? [UInt8(ascii: "/")] : Array(path[..<slash])
        guard parent == folder else { return false }
        let last = path[(slash + 1)...]
        let dot = UInt8(ascii: ".")
        return last.elementsEqual(name) || last.starts(with: name + [dot]) || last.starts(with: [dot] + name + [dot])
    }
}
