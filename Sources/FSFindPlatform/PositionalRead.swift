import FSFindModel
import Glibc

/// Reads at a file offset without moving the descriptor's position (`pread(2)`), for parsers that
/// jump around a file's structure (ZIP's central directory, TIFF's directories).
package enum PositionalRead {
    /// Exactly `count` bytes at `offset`, or nil when the file is shorter or a read fails.
    package static func exactly(_ descriptor: Int32, count: Int, at offset: Int) -> [UInt8]? {
        guard count >= 0, offset >= 0 else { return nil }
        if count == 0 { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = buffer.withUnsafeMutableBytes { raw in
                // Non-nil: the buffer holds count > 0 bytes.
                pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(offset + filled))
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            filled += got
        }
        return buffer
    }
}
