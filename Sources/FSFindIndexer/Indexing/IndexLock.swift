import FSFindModel
import FSFindPlatform
import Foundation
import Glibc
import SystemPackage

/// Keeps two `fsfind index` runs on one index from interleaving.
///
/// An `flock(2)` on `INDEX.lock` beside the index: the kernel drops it when the holder exits or is
/// killed, so a stale lock cannot block forever. The holder writes its pid into the file so the
/// waiting run can say who it waits for.
final class IndexLock {
    private let descriptor: FileDescriptor
    /// The lock file, `INDEX.lock`.
    let path: String
    /// The index this lock guards.
    let indexPath: String
    /// True for the lock that guards writes to ``indexPath`` (`INDEX.lock`), false for a
    /// watcher's (`INDEX.watch.lock`), which says only that a watcher runs.
    let guardsWrites: Bool

    /// The suffix of the lock that guards writes to an index.
    static let writeSuffix = ".lock"

    /// Takes the lock, waiting for another holder unless `wait` is false.
    /// - Parameters:
    ///   - suffix: the lock file's, after the index's name: `.lock` guards writes to the index;
    ///     `fsfind watch` holds `.watch.lock` for as long as it runs, one watcher per index.
    ///   - onWait: called once with the holder's pid (0 when unknown) before waiting.
    init(
        indexPath: String, suffix: String = IndexLock.writeSuffix, wait: Bool, onWait: (Int32) -> Void
    ) throws(FSFindError) {
        self.indexPath = indexPath
        guardsWrites = suffix == IndexLock.writeSuffix
        path = indexPath + suffix
        try IndexLock.createParent(of: indexPath)
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(
                path, .readWrite, options: [.create, .closeOnExec, .noFollow],
                permissions: FilePermissions(rawValue: 0o644))
        } catch {
            throw FSFindError.system(
                "open", error as? Errno ?? .ioError, "cannot open the lock file \(path)", path: path)
        }
        if flock(fd.rawValue, LOCK_EX | LOCK_NB) != 0 {
            let holder = IndexLock.readPid(fd)
            guard wait else {
                _ = try? fd.close()
                throw FSFindError(
                    .locked, "another indexing run (pid \(holder)) is updating \(indexPath)",
                    path: indexPath, remedy: .waitForLock)
            }
            onWait(holder)
            if retryingOnInterrupt({ flock(fd.rawValue, LOCK_EX) }) != 0 {
                let error = Errno(rawValue: errno)
                _ = try? fd.close()
                throw FSFindError.system("flock", error, "cannot lock \(path)", path: path)
            }
        }
        descriptor = fd
        record([])
    }

    /// Throws unless this is the lock that guards writes to the index at `indexPath`: what every
    /// writer checks first, so a caller cannot hold one index's lock (or its watcher's) and write
    /// another.
    func check(writing indexPath: String) throws(FSFindError) {
        guard guardsWrites, self.indexPath == indexPath else {
            throw FSFindError.broken("the lock held is \(path), not the one that guards writes to \(indexPath)")
        }
    }

    deinit {
        _ = ftruncate(descriptor.rawValue, 0)
        _ = try? descriptor.close()
    }

    /// Writes the holder's pid and `lines` into the lock file (``WatcherStatus`` reads them).
    func record(_ lines: [String]) {
        let text = Array((["\(getpid())"] + lines).map { $0 + "\n" }.joined().utf8)
        _ = ftruncate(descriptor.rawValue, 0)
        _ = try? text.withUnsafeBytes { try descriptor.writeAll(toAbsoluteOffset: 0, $0) }
    }

    /// Who holds the lock file at `path` and what it recorded, or nil when nobody holds it.
    static func holder(of path: String) -> (pid: Int32, lines: [String])? {
        guard let fd = try? FileDescriptor.open(path, .readOnly, options: [.closeOnExec, .noFollow]) else {
            return nil
        }
        defer { _ = try? fd.close() }
        // A shared lock is refused while the holder has its exclusive one.
        guard flock(fd.rawValue, LOCK_SH | LOCK_NB) != 0 else {
            flock(fd.rawValue, LOCK_UN)
            return nil
        }
        let bytes = (try? fd.read(upTo: 4096, atAbsoluteOffset: 0)) ?? []
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        return (Int32(lines.first ?? "") ?? 0, Array(lines.dropFirst()))
    }

    private static func readPid(_ file: FileDescriptor) -> Int32 {
        guard let bytes = try? file.read(upTo: 32, atAbsoluteOffset: 0), !bytes.isEmpty else { return 0 }
        let text = String(decoding: bytes, as: UTF8.self)
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// `index` creates missing parent folders of the index (`docs/spec/cli.md`).
    static func createParent(of file: String) throws(FSFindError) {
        guard let slash = file.lastIndex(of: "/") else { return }
        let parent = file[..<slash]
        var prefix = parent.hasPrefix("/") ? "" : "."
        for part in parent.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw FSFindError(
                    .io, "cannot create the folder \(prefix) for the index", path: prefix,
                    underlying: .init(rawValue: errno))
            }
        }
    }
}
