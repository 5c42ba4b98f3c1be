import FSFindIndex
import FSFindIndexing
import FSFindInteractive
import FSFindModel
import FSFindSearch
import Glibc

/// Writes to file descriptor 2 directly: C's `stderr` is a global Swift 6 cannot prove safe, and
/// unbuffered writes keep error lines whole and in order with the progress line.
enum StandardError {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
