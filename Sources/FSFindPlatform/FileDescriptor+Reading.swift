import Glibc
import SystemPackage

/// Reads that fill a buffer, on top of swift-system's `read`, which already retries `EINTR`.
extension FileDescriptor {
    /// Up to `count` bytes, from the current position or at `offset` (`pread(2)`, which leaves the
    /// position alone: parsers that jump around a file's structure, ZIP's central directory or
    /// TIFF's directories, use that). Fewer bytes only at the end of the file.
    package func read(upTo count: Int, atAbsoluteOffset offset: Int? = nil) throws(Errno) -> [UInt8] {
        guard count > 0 else { return [] }
        // Read straight into uninitialized capacity: a caller may ask for 16 MiB of a file of
        // 2 KiB, and zeroing what read(2) is about to overwrite showed in the full-text index's
        // time (`benchmarks/RESULTS.md`, "Numbers that were in code comments"). Only the
        // bytes read count as initialized.
        do {
            return try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                initialized = 0
                while initialized < count {
                    let rest = UnsafeMutableRawBufferPointer(
                        rebasing: UnsafeMutableRawBufferPointer(buffer)[initialized...])
                    let got =
                        try offset.map { try read(fromAbsoluteOffset: Int64($0 + initialized), into: rest) }
                        ?? read(into: rest)
                    if got == 0 { break }
                    initialized += got
                }
            }
        } catch {
            throw error as? Errno ?? .ioError  // swift-system's reads throw only Errno
        }
    }
}

/// `body`'s result, calling it again while it fails with `EINTR`: the one retry loop for the
/// system calls swift-system does not wrap (`poll`, `waitpid`, `flock`, `send`).
@inlinable package func retryingOnInterrupt<Result: FixedWidthInteger>(_ body: () -> Result) -> Result {
    while true {
        let result = body()
        if result != -1 || errno != EINTR { return result }
    }
}
