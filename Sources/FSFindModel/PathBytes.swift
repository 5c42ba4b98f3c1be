/// Helpers for paths held as raw bytes (`[UInt8]`, no terminating NUL), the way the kernel sees
/// them: file names need not be UTF-8, and fsfind never changes them.
package enum PathBytes {
    package static let slash = UInt8(ascii: "/")

    /// `parent` + `/` + `name`, without doubling the slash after `/`.
    package static func join(_ parent: [UInt8], _ name: [UInt8]) -> [UInt8] {
        var result = parent
        result.reserveCapacity(parent.count + name.count + 1)
        if result.last != slash { result.append(slash) }
        result.append(contentsOf: name)
        return result
    }

    /// Where the last component starts (after the last slash; 0 when there is none).
    package static func nameStart(of path: [UInt8]) -> Int {
        guard let slashIndex = path.lastIndex(of: slash) else { return 0 }
        return slashIndex + 1
    }

    /// `path` without trailing slashes (but `/` stays `/`).
    package static func trimmed(_ path: [UInt8]) -> [UInt8] {
        var result = path
        while result.count > 1, result.last == slash { result.removeLast() }
        return result
    }

    /// The bytes of a Swift string argument as the kernel sees them.
    package static func bytes(_ path: String) -> [UInt8] { Array(path.utf8) }

    /// True when `path` is `folder` or lies below it.
    package static func isWithin(_ path: [UInt8], folder: [UInt8]) -> Bool {
        if folder == [UInt8(ascii: "/")] { return path.first == UInt8(ascii: "/") }
        guard path.count >= folder.count, path.starts(with: folder) else { return false }
        return path.count == folder.count || path[folder.count] == UInt8(ascii: "/")
    }

    /// Readable text for messages, JSON and the `path` attribute; invalid UTF-8 becomes U+FFFD.
    @inlinable package static func display<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// True when the bytes are valid UTF-8.
    package static func isValidUTF8(_ path: [UInt8]) -> Bool {
        String(validating: path, as: UTF8.self) != nil
    }
}
