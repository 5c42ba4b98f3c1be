import FSFindIndexFormat
import FSFindModel
import FSFindText
import Foundation
import Synchronization

/// The index a long-running reader answers from, opened again only when `fsfind index` or
/// `fsfind watch` has replaced it.
///
/// Opening is cheap, but a fresh ``IndexSnapshot`` checksums each section again the first time a
/// query reads it (every byte of each section it reads); so the snapshot is kept while the files under its
/// names are the same ones (device, inode, size and change time of the index and its delta, one
/// `stat` each per request). A replaced file is a new inode: the writer renames a new file into
/// place, never rewrites one (`docs/index-format.md`).
final class IndexSource: Sendable {
    let path: String
    private let state = Mutex<(stamp: [FileStamp?], snapshot: IndexSnapshot?, generation: Int)>(([], nil, 0))

    init(path: String) {
        self.path = path
    }

    /// Lets the kernel take back the pages of the kept index's mapping (they are read again from
    /// the page cache when next needed): what a long-running reader calls when it goes idle, so a
    /// provider waiting for the next search does not hold the index's tens of megabytes.
    func releasePages() {
        guard let snapshot = state.withLock({ $0.snapshot }) else { return }
        for file in snapshot.files { file.releaseAllPages() }
    }

    /// The index as it is now.
    func current() throws(FSFindError) -> IndexSnapshot { try currentWithGeneration().snapshot }

    /// The index as it is now, and a number that changes whenever it is opened again (what a
    /// cache of its answers is keyed by; an object's address may be reused, this is not).
    func currentWithGeneration() throws(FSFindError) -> (snapshot: IndexSnapshot, generation: Int) {
        let stamp = [FileStamp(path), FileStamp(IndexSnapshot.deltaPath(forIndex: path))]
        let kept = state.withLock { state -> (IndexSnapshot, Int)? in
            // A snapshot whose file was cut short under a read is never used again.
            guard state.stamp == stamp, let snapshot = state.snapshot, !snapshot.hasFaulted else { return nil }
            return (snapshot, state.generation)
        }
        if let kept { return kept }
        let snapshot = try IndexSnapshot(path: path)
        return state.withLock {
            $0 = (stamp, snapshot, $0.generation + 1)
            return (snapshot, $0.generation)
        }
    }

    /// The text store beside `snapshot`, opened for one request (a SQLite connection is not
    /// shared between threads) and checked to be the one whose words it names
    /// (``TextStore/opened(beside:)``); nil when the index has none and names no words.
    func openTextStore(for snapshot: IndexSnapshot) throws(FSFindError) -> TextStore? {
        try TextStore.opened(beside: snapshot)
    }
}

/// Which file a name stands for right now.
struct FileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var changed: Int64
    var changedNanoseconds: Int64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        changed = Int64(info.st_ctim.tv_sec)
        changedNanoseconds = Int64(info.st_ctim.tv_nsec)
    }
}
