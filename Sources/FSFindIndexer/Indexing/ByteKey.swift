/// A byte string as a dictionary key, hashed in one call over its bytes.
///
/// `[UInt8]`'s own `Hashable` feeds the hasher one byte at a time, which made hashing paths and
/// names the largest single cost of a refresh (a million paths of ~80 bytes each, hashed several
/// times). Equality is still the arrays' byte equality.
struct ByteKey: Hashable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (lhs: ByteKey, rhs: ByteKey) -> Bool { lhs.bytes == rhs.bytes }
}
