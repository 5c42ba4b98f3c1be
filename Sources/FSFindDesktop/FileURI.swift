/// `file://` URIs for paths held as bytes, the ids both desktop interfaces hand out: any host can
/// open one, and `GetResultMetas` needs no cache to read one back.
///
/// Escaped exactly as GLib's `g_filename_to_uri` escapes (the tests compare every byte), because
/// the freedesktop thumbnail of a file is named by the MD5 of that URI: a byte outside
/// ``unescaped`` becomes `%XX` (upper-case hex), so a name that is not UTF-8 survives the trip.
enum FileURI {
    /// The bytes GLib leaves as they are in a path (its `UNSAFE_PATH` set).
    static let unescaped: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$&'()*+,-./:=@_~".utf8))

    /// `file://` and the escaped absolute path.
    static func make(path: [UInt8]) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes = Array("file://".utf8)
        bytes.reserveCapacity(bytes.count + path.count)
        for byte in path {
            if unescaped.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        // Only ASCII was appended.
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The path a `file://` URI names (`file:///p`, `file://localhost/p`), escapes decoded; nil
    /// for another scheme or host, a relative path, a bad escape, or one that decodes to NUL.
    static func path(of uri: String) -> [UInt8]? {
        let bytes = Array(uri.utf8)
        let scheme = Array("file://".utf8)
        guard bytes.count > scheme.count,
            bytes[..<scheme.count].map({ $0 | 0x20 }) == scheme.map({ $0 | 0x20 })  // case of "file" only
        else { return nil }
        var rest = bytes[scheme.count...]
        let localhost = Array("localhost".utf8)
        if rest.starts(with: localhost) { rest = rest.dropFirst(localhost.count) }
        guard rest.first == UInt8(ascii: "/") else { return nil }
        var path: [UInt8] = []
        path.reserveCapacity(rest.count)
        var position = rest.startIndex
        while position < rest.endIndex {
            let byte = rest[position]
            if byte == UInt8(ascii: "%") {
                guard position + 2 < rest.endIndex, let high = hexValue(rest[position + 1]),
                    let low = hexValue(rest[position + 2])
                else { return nil }
                let decoded = high << 4 | low
                guard decoded != 0 else { return nil }
                path.append(decoded)
                position += 3
            } else {
                path.append(byte)
                position += 1
            }
        }
        return path
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
