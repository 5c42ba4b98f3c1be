import FSFindIndex
import FSFindIndexing
import FSFindInteractive
import FSFindModel
import FSFindSearch
import Glibc
import SystemPackage

/// Writes to file descriptor 2 directly: C's `stderr` is a global Swift 6 cannot prove safe, and
/// unbuffered writes keep error lines whole and in order with the progress line.
enum StandardError {
    static func write(_ text: String) {
        // Nowhere is left to report a failure to write an error.
        _ = try? Array(text.utf8).withUnsafeBytes { try FileDescriptor.standardError.writeAll($0) }
    }
}
