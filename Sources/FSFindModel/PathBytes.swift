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

    /// The bytes of a Swift string argument as the kernel sees them: the inverse of
    /// ``argument(_:)`` (a string without its escapes is just its UTF-8).
    package static func bytes(_ path: String) -> [UInt8] {
        // Every escape is a 4-byte scalar starting 0xF4; most arguments have none.
        guard path.utf8.contains(0xF4) else { return Array(path.utf8) }
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if argumentEscapes.contains(scalar.value) {
                result.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                result.append(contentsOf: String(scalar).utf8)
            }
        }
        return result
    }

    /// A command-line argument (raw bytes, not necessarily UTF-8) as a `String` that keeps every
    /// byte: argument parsers take strings, and decoding `argv` lossily (as `CommandLine.arguments`
    /// does) would turn a file name with invalid UTF-8 into another name. Each byte that is not
    /// part of valid UTF-8 becomes one scalar of ``argumentEscapes`` (in Supplementary Private
    /// Use Area-B, which no file name uses; one that does has its bytes escaped too), as Python's
    /// "surrogateescape" does; ``bytes(_:)`` turns the string back into the exact bytes.
    package static func argument(_ raw: [UInt8]) -> String {
        guard raw.contains(where: { $0 >= 0x80 }) else { return String(decoding: raw, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = raw.makeIterator()
        var offset = 0
        func escape(_ count: Int) {
            for byte in raw[offset..<offset + count] {
                scalars.append(Unicode.Scalar(argumentEscapes.lowerBound + UInt32(byte))!)  // in range
            }
        }
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if argumentEscapes.contains(scalar.value) { escape(encoded.count) } else { scalars.append(scalar) }
                offset += encoded.count
            case .error(let length):
                escape(length)
                offset += length
            case .emptyInput:
                break loop
            }
        }
        return String(scalars)
    }

    /// The scalars that stand for single bytes in ``argument(_:)``: U+10FF00 + byte.
    static let argumentEscapes: ClosedRange<UInt32> = 0x10FF00...0x10FFFF

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
}
