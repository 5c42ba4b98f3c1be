import FSFindModel
import Foundation
import Glibc

/// Writes index files: encodes ``IndexContents`` in the format of `docs/index-format.md` and
/// replaces the target atomically, so a reader, a crash or a kill sees the old file or the new one.
enum IndexWriter {
    /// Sorts items by path bytes, writes atomically (temp + fsync + rename + dir fsync).
    ///
    /// Items with the same path keep the last one given. Missing parent folders are created. The
    /// target is never truncated in place: readers may have it mapped.
    static func write(_ contents: IndexContents, to path: String) throws(FSFindError) {
        try replaceAtomically(path: path, with: try encode(contents))
    }

    // MARK: - Encoding

    /// The complete file image for `contents`.
    static func encode(_ contents: IndexContents) throws(FSFindError) -> IndexImage {
        let items = sortedUnique(contents.items)
        var builder = try IndexBuilder(old: nil)
        for item in items { try builder.stage(item) }
        return try builder.encode(
            rows: items.indices.map { RowSource.staged($0) }, roots: contents.roots, createdAt: contents.createdAt)
    }

    /// Items in path-byte order, one per path (the last given wins).
    static func sortedUnique(_ items: [IndexedItem]) -> [IndexedItem] {
        let paths = items.map(\.path)
        let order = paths.indices.sorted { a, b in
            let order = IndexFormat.compare(paths[a], paths[b])
            return order != 0 ? order < 0 : a < b
        }
        var result: [IndexedItem] = []
        result.reserveCapacity(items.count)
        for index in order {
            if let last = result.last, last.path == items[index].path {
                result[result.count - 1] = items[index]
            } else {
                result.append(items[index])
            }
        }
        return result
    }

    // MARK: - Atomic replacement

    static func replaceAtomically(path: String, with image: IndexImage) throws(FSFindError) {
        let writer = try IndexFileWriter(replacing: path)
        try writer.write(image)
        try writer.commit()
    }

    /// Makes a rename into `path`'s folder durable; some file systems refuse fsync on folders,
    /// which is fine.
    static func syncFolder(of path: String) {
        let folderFD = Glibc.open(split(path).0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = fsync(folderFD)
            _ = Glibc.close(folderFD)
        }
    }

    /// Removes every `.<name>.tmp.<pid>` file beside the index at `path`.
    ///
    /// A run killed between creating its temporary file and the rename leaves one behind, and a
    /// later run usually has another pid, so it would stay forever. Call only while holding the
    /// index lock: then no other run can be writing one. Failures are ignored (the file is junk,
    /// never read).
    static func removeTemporaryFiles(of path: String) {
        let (folder, name) = split(path)
        let prefix = ".\(name).tmp."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in names where entry.hasPrefix(prefix) {
            let pid = entry.dropFirst(prefix.count)
            guard !pid.isEmpty, pid.allSatisfy(\.isASCII), pid.allSatisfy(\.isNumber) else { continue }
            unlink((folder == "/" ? "/" : folder + "/") + entry)
        }
    }

    /// (folder, last component) of a path string; the folder is "." for a bare name.
    static func split(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }
}
