import FSFindIndex
import FSFindModel
import FSFindPlatform
import Glibc
import SystemPackage

/// Reads at most a given number of bytes from the start of a file named by raw path bytes.
///
/// Text extractors only look at a bounded prefix, so a multi-gigabyte log file that libmagic calls
/// HTML costs one read, not the whole file.
enum FilePrefix {
    /// The first `limit` bytes of the file at `path` (fewer when the file is shorter).
    static func read(_ path: [UInt8], limit: Int) throws(ExtractionError) -> [UInt8] {
        let fd = PathBytes.open(path, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw ExtractionError("cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        do throws(Errno) {
            return try FileDescriptor(rawValue: fd).read(upTo: limit)
        } catch {
            throw ExtractionError("cannot read: \(error.description)")
        }
    }
}
