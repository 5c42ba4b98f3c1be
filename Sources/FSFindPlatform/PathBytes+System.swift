import CPlatform
import FSFindModel
import Glibc
import SystemPackage

/// The system-call half of ``PathBytes``: opening byte paths and making them absolute.
extension PathBytes {
    /// `O_PATH`: a GNU extension Swift's Glibc module does not import, read from glibc's header
    /// through the `CPlatform` shim.
    static let openPathFlag: Int32 = fsfind_O_PATH

    /// Calls `body` with `bytes` as a NUL-terminated C string.
    ///
    /// Not generic on purpose: a generic over `Collection` is not specialised across the module
    /// boundary, and the crawl calls this once per entry (a generic version cost a refresh a third
    /// more CPU).
    @inlinable static func withCString<R>(_ bytes: ArraySlice<UInt8>, _ body: (UnsafePointer<CChar>) -> R) -> R {
        // On the stack for the short names a crawl stats by the million; no heap allocation.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            bytes.withUnsafeBytes { source in
                // Non-nil: capacity ≥ 1 (it holds the NUL).
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(
                    from: source.baseAddress ?? UnsafeRawPointer(buffer.baseAddress!), byteCount: source.count)
            }
            buffer[bytes.count] = 0
            return body(UnsafePointer(buffer.baseAddress!))
        }
    }

    /// ``withCString(_:_:)`` for a whole array.
    @inlinable package static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        withCString(bytes[...], body)
    }

    /// `openat(dirfd, path, flags)` that also works for paths of `PATH_MAX` bytes or more: the
    /// leading folders are opened (`O_PATH`) a chunk at a time, each chunk shorter than `PATH_MAX`,
    /// so deep trees with long names stay reachable. `flags` are `open(2)`'s, GNU ones included
    /// (`O_NOATIME`, which swift-system's `OpenOptions` lacks).
    package static func open(
        _ path: [UInt8], flags: Int32, relativeTo directory: FileDescriptor = FileDescriptor(rawValue: AT_FDCWD)
    ) throws(Errno) -> FileDescriptor {
        let limit = Int(PATH_MAX) - 1
        var base = directory
        var start = 0
        defer { if base != directory { _ = try? base.close() } }
        while path.count - start > limit {
            // The last slash that keeps the chunk under the limit.
            guard let cut = path[start..<(start + limit)].lastIndex(of: slash) else { throw .fileNameTooLong }
            let chunk = cut == start ? path[start...start] : path[start..<cut]
            let next = withCString(chunk) {
                openat(base.rawValue, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | openPathFlag)
            }
            guard next >= 0 else { throw Errno(rawValue: errno) }
            if base != directory { _ = try? base.close() }
            base = FileDescriptor(rawValue: next)
            start = cut + 1
        }
        let opened = withCString(path[start...]) { openat(base.rawValue, $0, flags) }
        guard opened >= 0 else { throw Errno(rawValue: errno) }
        return FileDescriptor(rawValue: opened)
    }

    /// `path` made absolute against the working directory and cleaned of `.`, `..` and repeated
    /// slashes, without touching the file system (for paths that may no longer exist).
    package static func absolute(_ path: [UInt8]) -> [UInt8] {
        var full = path
        if path.first != UInt8(ascii: "/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let cwd = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
                full = cwd + [UInt8(ascii: "/")] + path
            }
        }
        var parts: [ArraySlice<UInt8>] = []
        for part in full.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                _ = parts.popLast()
                continue
            }
            parts.append(part)
        }
        if parts.isEmpty { return [UInt8(ascii: "/")] }
        return parts.flatMap { [UInt8(ascii: "/")] + $0 }
    }
}
