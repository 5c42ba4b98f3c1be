import Glibc

/// Byte-level path helpers. Paths are bytes on Linux; these never round-trip through String.
public enum PathBytes {
    /// The bytes of a Swift string argument as the kernel sees them.
    public static func bytes(_ path: String) -> [UInt8] { Array(path.utf8) }

    /// The absolute, symlink-resolved form of `path` (realpath(3)), or nil with errno set.
    public static func realPath(_ path: [UInt8]) -> [UInt8]? {
        let resolved: UnsafeMutablePointer<CChar>? = path.withCString { realpath($0, nil) }
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

    /// The path as text for messages and JSON: invalid UTF-8 becomes U+FFFD.
    public static func display(_ path: [UInt8]) -> String { String(decoding: path, as: UTF8.self) }

    /// True when the bytes are valid UTF-8.
    public static func isValidUTF8(_ path: [UInt8]) -> Bool {
        String(validating: path, as: UTF8.self) != nil
    }
}
