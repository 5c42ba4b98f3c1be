import Glibc

/// Helpers for paths held as raw bytes (`[UInt8]`, no terminating NUL), the way the kernel sees
/// them: file names need not be UTF-8, and fsfind never changes them.
enum PathBytes {
    static let slash = UInt8(ascii: "/")

    /// `O_PATH` and `O_NOATIME` are GNU extensions Swift's Glibc module does not import; these are
    /// their values on every Linux architecture Swift supports.
    static let openPathFlag: Int32 = 0o10_000_000
    static let openNoAccessTimeFlag: Int32 = 0o1_000_000

    /// `parent` + `/` + `name`, without doubling the slash after `/`.
    static func join(_ parent: [UInt8], _ name: [UInt8]) -> [UInt8] {
        var result = parent
        result.reserveCapacity(parent.count + name.count + 1)
        if result.last != slash { result.append(slash) }
        result.append(contentsOf: name)
        return result
    }

    /// Where the last component starts (after the last slash; 0 when there is none).
    static func nameStart(of path: [UInt8]) -> Int {
        guard let slashIndex = path.lastIndex(of: slash) else { return 0 }
        return slashIndex + 1
    }

    /// `path` without trailing slashes (but `/` stays `/`).
    static func trimmed(_ path: [UInt8]) -> [UInt8] {
        var result = path
        while result.count > 1, result.last == slash { result.removeLast() }
        return result
    }

    /// Readable text for messages and the `path` attribute; invalid UTF-8 becomes U+FFFD.
    static func lossyString<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Calls `body` with `bytes` as a NUL-terminated C string.
    static func withCString<R>(_ bytes: some Collection<UInt8>, _ body: (UnsafePointer<CChar>) -> R) -> R {
        var buffer = [CChar]()
        buffer.reserveCapacity(bytes.count + 1)
        for byte in bytes { buffer.append(CChar(bitPattern: byte)) }
        buffer.append(0)
        return buffer.withUnsafeBufferPointer { body($0.baseAddress!) }  // non-empty: holds the NUL
    }

    /// `openat(dirfd, path, flags)` that also works for paths of `PATH_MAX` bytes or more: the
    /// leading folders are opened (`O_PATH`) a chunk at a time, each chunk shorter than `PATH_MAX`,
    /// so deep trees with long names stay reachable. Returns -1 with `errno` set on failure.
    static func open(_ path: [UInt8], flags: Int32, relativeTo directory: Int32 = AT_FDCWD) -> Int32 {
        let limit = Int(PATH_MAX) - 1
        var base = directory
        var start = 0
        defer { if base != directory { close(base) } }
        while path.count - start > limit {
            // The last slash that keeps the chunk under the limit.
            guard let cut = path[start..<(start + limit)].lastIndex(of: slash) else {
                errno = ENAMETOOLONG
                return -1
            }
            let chunk = cut == start ? path[start...start] : path[start..<cut]
            let next = withCString(chunk) {
                openat(base, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | openPathFlag)
            }
            if base != directory { close(base) }
            base = next
            guard next >= 0 else {
                base = directory
                return -1
            }
            start = cut + 1
        }
        return withCString(path[start...]) { openat(base, $0, flags) }
    }
}
