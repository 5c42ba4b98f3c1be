import Glibc

/// Helpers for paths held as raw bytes (`[UInt8]`, no terminating NUL), the way the kernel sees
/// them: file names need not be UTF-8, and fsfind never changes them.
public enum PathBytes {
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

    /// Calls `body` with `bytes` as a NUL-terminated C string.
    static func withCString<R>(_ bytes: some Collection<UInt8>, _ body: (UnsafePointer<CChar>) -> R) -> R {
        // On the stack for the short names a crawl stats by the million; no heap allocation.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            var index = 0
            for byte in bytes {
                buffer[index] = CChar(bitPattern: byte)
                index += 1
            }
            buffer[index] = 0
            return body(UnsafePointer(buffer.baseAddress!))  // capacity ≥ 1: holds the NUL
        }
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

    /// The bytes of a Swift string argument as the kernel sees them.
    public static func bytes(_ path: String) -> [UInt8] { Array(path.utf8) }

    /// The absolute, symlink-resolved form of `path` (realpath(3)), or nil with errno set.
    public static func realPath(_ path: [UInt8]) -> [UInt8]? {
        let resolved: UnsafeMutablePointer<CChar>? = withCString(path) { realpath($0, nil) }
        guard let resolved else { return nil }
        defer { free(resolved) }
        return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    /// `path` made absolute against the working directory and cleaned of `.`, `..` and repeated
    /// slashes, without touching the file system (for paths that may no longer exist).
    public static func absolute(_ path: [UInt8]) -> [UInt8] {
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
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) { _ = parts.popLast(); continue }
            parts.append(part)
        }
        if parts.isEmpty { return [UInt8(ascii: "/")] }
        return parts.flatMap { [UInt8(ascii: "/")] + $0 }
    }

    /// True when `path` is `folder` or lies below it.
    public static func isWithin(_ path: [UInt8], folder: [UInt8]) -> Bool {
        if folder == [UInt8(ascii: "/")] { return path.first == UInt8(ascii: "/") }
        guard path.count >= folder.count, path.starts(with: folder) else { return false }
        return path.count == folder.count || path[folder.count] == UInt8(ascii: "/")
    }

    /// Readable text for messages, JSON and the `path` attribute; invalid UTF-8 becomes U+FFFD.
    public static func display<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// True when the bytes are valid UTF-8.
    public static func isValidUTF8(_ path: [UInt8]) -> Bool {
        String(validating: path, as: UTF8.self) != nil
    }
}
