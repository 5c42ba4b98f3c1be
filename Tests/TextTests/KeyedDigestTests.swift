import Testing

@testable import FSFindText

/// SipHash-2-4's 128-bit tag agrees with the reference vectors (key 00…0f, message 00…n-1),
/// however the bytes are cut into pieces.
@Suite struct KeyedDigestTests {
    static let key = KeyedDigest.Key(first: 0x0706_0504_0302_0100, second: 0x0F0E_0D0C_0B0A_0908)

    /// From the reference implementation's `vectors.h` (`vectors_sip128`), rows 0, 1, 7, 8, 15, 63.
    static let vectors: [(length: Int, tag: [UInt8])] = [
        (0, [0xa3, 0x81, 0x7f, 0x04, 0xba, 0x25, 0xa8, 0xe6, 0x6d, 0xf6, 0x72, 0x14, 0xc7, 0x55, 0x02, 0x93]),
        (1, [0xda, 0x87, 0xc1, 0xd8, 0x6b, 0x99, 0xaf, 0x44, 0x34, 0x76, 0x59, 0x11, 0x9b, 0x22, 0xfc, 0x45]),
        (7, [0xa1, 0xf1, 0xeb, 0xbe, 0xd8, 0xdb, 0xc1, 0x53, 0xc0, 0xb8, 0x4a, 0xa6, 0x1f, 0xf0, 0x82, 0x39]),
        (8, [0x3b, 0x62, 0xa9, 0xba, 0x62, 0x58, 0xf5, 0x61, 0x0f, 0x83, 0xe2, 0x64, 0xf3, 0x14, 0x97, 0xb4]),
        (15, [0x54, 0x93, 0xe9, 0x99, 0x33, 0xb0, 0xa8, 0x11, 0x7e, 0x08, 0xec, 0x0f, 0x97, 0xcf, 0xc3, 0xd9]),
        (63, [0x51, 0x50, 0xd1, 0x77, 0x2f, 0x50, 0x83, 0x4a, 0x50, 0x3e, 0x06, 0x9a, 0x97, 0x3f, 0xbd, 0x7c]),
    ]

    @Test func referenceVectors() {
        for (length, tag) in Self.vectors {
            var hasher = KeyedDigest.Hasher(key: Self.key)
            hasher.add((0..<length).map { UInt8($0) })
            #expect(hasher.finish().bytes == tag, "\(length) bytes")
        }
    }

    @Test func piecesGiveTheSameTag() {
        let message = (0..<63).map { UInt8($0) }
        for cut in [1, 3, 5, 8, 9, 13] {
            var hasher = KeyedDigest.Hasher(key: Self.key)
            var start = 0
            while start < message.count {
                hasher.add(Array(message[start..<min(message.count, start + cut)]))
                start += cut
            }
            #expect(hasher.finish().bytes == Self.vectors.last?.tag, "pieces of \(cut)")
        }
    }

    @Test func anotherKeyAnotherTag() {
        var one = KeyedDigest.Hasher(key: Self.key)
        var other = KeyedDigest.Hasher(key: KeyedDigest.Key(first: 1, second: 2))
        one.add(Array("the same bytes".utf8))
        other.add(Array("the same bytes".utf8))
        let digest = one.finish()
        #expect(digest != other.finish())
        #expect(KeyedDigest(bytes: digest.bytes) == digest)
    }
}
