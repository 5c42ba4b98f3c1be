import CPlatform

/// 128 bits that name a file's bytes under a secret key: SipHash-2-4's 128-bit tag.
///
/// The text store keeps one per document, so a copy of a file made in a later run is found to be
/// the same document without its words being read again; the key is drawn once per store and
/// kept in it, so nobody who cannot read the store can make a file share another's digest.
package struct KeyedDigest: Hashable, Sendable {
    package let first: UInt64
    let second: UInt64

    init(first: UInt64, second: UInt64) {
        self.first = first
        self.second = second
    }

    /// The sixteen bytes, little-endian, as the store keeps them.
    var bytes: [UInt8] {
        (0..<16).map { i in UInt8(truncatingIfNeeded: (i < 8 ? first : second) >> (8 * UInt64(i % 8))) }
    }

    /// A digest kept as ``bytes``; nil when `bytes` is not sixteen bytes long.
    init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        func word(_ start: Int) -> UInt64 {
            (0..<8).reduce(0) { $0 | UInt64(bytes[start + $1]) << (8 * UInt64($1)) }
        }
        self.init(first: word(0), second: word(8))
    }

    /// The key a digest is made under: two words drawn once (``random()``) and kept.
    package struct Key: Sendable, Equatable {
        let first: UInt64
        let second: UInt64

        /// A key drawn from the system's random source.
        package static func random() -> Key {
            Key(first: .random(in: .min ... .max), second: .random(in: .min ... .max))
        }
    }

    /// The digest under `key` of the bytes `feed` hands, in pieces, to the function it is given
    /// (a file read a buffer at a time, or one buffer): the callers need the bytes, not SipHash's
    /// state.
    package init(key: Key, feed: (_ add: (UnsafeRawBufferPointer) -> Void) -> Void) {
        var hasher = Hasher(key: key)
        feed { hasher.add($0) }
        self = hasher.finish()
    }

    /// Bytes fed in pieces, then ``finish()``ed.
    struct Hasher {
        private var state = fsfind_siphash()

        init(key: Key) {
            fsfind_siphash_start(&state, key.first, key.second)
        }

        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress else { return }
            fsfind_siphash_add(&state, base, bytes.count)
        }

        mutating func add(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { add($0) }
        }

        mutating func finish() -> KeyedDigest {
            var tag: (UInt64, UInt64) = (0, 0)
            withUnsafeMutablePointer(to: &tag) { pointer in
                pointer.withMemoryRebound(to: UInt64.self, capacity: 2) { fsfind_siphash_finish(&state, $0) }
            }
            return KeyedDigest(first: tag.0, second: tag.1)
        }
    }
}
