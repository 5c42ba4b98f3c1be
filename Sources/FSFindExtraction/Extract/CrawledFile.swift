import CPlatform
import FSFindCrawl
import FSFindModel
import FSFindPlatform
import Glibc
import Synchronization
import SystemPackage

/// A crawled regular file opened again to read its content, proven to be the file the crawl saw.
///
/// Between the crawl's `statx` and the moment libmagic or an extractor reads the file, whoever can
/// write in the folder can swap it: for a symlink to a file outside the indexed tree (whose title
/// would then land in a world-readable index), for a FIFO (which would block the reader), or for
/// another file by `rename`. So every open of an indexed file's content goes through here: the
/// path is opened with `O_NOFOLLOW | O_NONBLOCK` (a symlink is refused, a FIFO does not block),
/// then `fstat` on the descriptor must show a regular file with the crawled device and inode. The
/// inode check also covers a folder on the way swapped for a link, which `O_NOFOLLOW` (last
/// component only) does not. A file changed in place keeps its inode and is read as it is now.
///
/// Libraries that open files by name (FFmpeg, poppler, gdk-pixbuf, libexif, ZIPFoundation) get
/// ``libraryPath``, `/proc/self/fd/N`: opening that reopens this very inode, never a path lookup
/// of the original name. Owns the descriptor; closes it in `deinit`.
final class CrawledFile {
    /// Why a file was not read.
    enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// `open` or `fstat` failed (permission, vanished, a symlink: `ELOOP`).
        case cannotOpen(Errno)
        /// The path now names a FIFO, device, socket or folder.
        case notRegularFile
        /// The path now names another file than the crawl saw.
        case replaced
        /// `/proc` is not mounted, so a library cannot be handed the open file by name.
        case noProcFileSystem

        var description: String {
            switch self {
            case .cannotOpen(.tooManySymbolicLinkLevels): "is a symbolic link now (not followed)"
            case .cannotOpen(let errno): "cannot open: \(errno.description)"
            case .notRegularFile: "not a regular file any more"
            case .replaced: "replaced by another file since the crawl"
            case .noProcFileSystem: "cannot hand the file to a library: /proc is not mounted"
            }
        }
    }

    /// The open descriptor, read-only.
    let descriptor: FileDescriptor
    /// The file's size when it was opened.
    let size: Int
    /// True when any execute bit was set when it was opened: libmagic names some types by it (an
    /// ELF object is `application/x-pie-executable` with one, `application/x-sharedlib` without).
    let isExecutable: Bool
    /// The file's size and times when it was opened, to tell whether anything wrote to it since.
    private let opened: FileIdentity

    /// Opens the file at `path` (raw bytes) and checks it is a regular file with the device and
    /// inode of `expected` (the crawl's identity); `nil` accepts whatever regular file is there,
    /// for callers that have not crawled (tests, one-off reads).
    init(opening path: [UInt8], expected: FileIdentity?) throws(Refusal) {
        let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        // O_NOATIME where permitted (reading to index is not using the file); only the owner may.
        // A GNU flag Swift's Glibc module does not import: glibc's own, through `CPlatform`.
        let fd: FileDescriptor
        do throws(Errno) {
            do throws(Errno) {
                fd = try PathBytes.open(path, flags: flags | fsfind_O_NOATIME)
            } catch .notPermitted {
                fd = try PathBytes.open(path, flags: flags)
            }
        } catch {
            throw .cannotOpen(error)
        }
        var status = stat()
        guard fstat(fd.rawValue, &status) == 0 else {
            let code = Errno(rawValue: errno)
            _ = try? fd.close()
            throw .cannotOpen(code)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            _ = try? fd.close()
            throw .notRegularFile
        }
        if let expected, UInt64(status.st_dev) != expected.device || UInt64(status.st_ino) != expected.inode {
            _ = try? fd.close()
            throw .replaced
        }
        descriptor = fd
        size = Int(status.st_size)
        isExecutable = status.st_mode & 0o111 != 0
        opened = FileIdentity(status)
    }

    /// True when the open file has the size and times it had when it was opened: nothing wrote
    /// to it (or changed its mode) in between.
    func unchangedSinceOpen() -> Bool { stillHas(opened) }

    /// True when the open file still has `identity`'s size, modification and change times (the
    /// device and inode were checked at the open): nobody wrote to it since the crawl.
    func stillHas(_ identity: FileIdentity) -> Bool {
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0 else { return false }
        let now = FileIdentity(status)
        return now.size == identity.size && now.mtimeNanos == identity.mtimeNanos
            && now.ctimeNanos == identity.ctimeNanos
    }

    deinit { _ = try? descriptor.close() }

    /// `/proc/self/fd/N` for this descriptor, checked to name the same inode (so a missing `/proc`
    /// is an error here rather than a confusing one inside a library).
    ///
    /// The check runs once per process: `/proc` is mounted or not for the process's whole life,
    /// and each check is a `stat` through `/proc` plus an `fstat`, two of the few system calls an
    /// extraction makes (a million files cost seconds of it).
    func libraryPath() throws(Refusal) -> [UInt8] {
        let path = Array("/proc/self/fd/\(descriptor.rawValue)".utf8)
        if Self.procVerified.load(ordering: .relaxed) { return path }
        var viaProc = stat()
        var direct = stat()
        guard PathBytes.withCString(path, { stat($0, &viaProc) }) == 0, fstat(descriptor.rawValue, &direct) == 0,
            viaProc.st_dev == direct.st_dev, viaProc.st_ino == direct.st_ino
        else { throw .noProcFileSystem }
        Self.procVerified.store(true, ordering: .relaxed)
        return path
    }

    /// Whether a `/proc/self/fd` name has been seen to reopen its descriptor's file in this process.
    private static let procVerified = Atomic<Bool>(false)
}
