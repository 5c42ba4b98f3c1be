import FSFindTestSupport
import Testing

@testable import FSFindModel

/// Command-line arguments keep every byte through the `String`s an argument parser needs.
@Suite struct PathArgumentTests {
    @Test func textIsItself() {
        for text in ["", "/home/ana/Music", "Été à Paris.mp3", "a\tb\nc", "🎵"] {
            #expect(PathBytes.argument(Array(text.utf8)) == text)
            #expect(PathBytes.bytes(text) == Array(text.utf8))
        }
    }

    @Test func invalidBytesRoundTrip() {
        let cases: [[UInt8]] = [
            [0xFF], [0x61, 0xFE, 0x80, 0x62], [0xC3], [0xED, 0xA0, 0x80],  // a lone surrogate's encoding
            [0xF4, 0x8F, 0xBC, 0x80],  // U+10FF00 itself, valid UTF-8, escaped byte by byte
            Array("/tmp/bad".utf8) + [0xFF, 0xFE] + Array("name.txt".utf8),
        ]
        for raw in cases {
            let argument = PathBytes.argument(raw)
            #expect(PathBytes.bytes(argument) == raw, "\(raw)")
        }
        #expect(PathBytes.argument([0x61, 0xFF]).unicodeScalars.map(\.value) == [0x61, 0x10FFFF])
    }

    @Test func randomBytesRoundTrip() {
        var random = SplitMix64(seed: 0xA26)
        for _ in 0..<5_000 {
            let count = Int(random.next() % 12)
            // Bytes from a small alphabet of ASCII, UTF-8 lead and continuation bytes, and F4.
            let alphabet: [UInt8] = [
                0x61, 0x2F, 0xC3, 0xA9, 0x80, 0xBF, 0xE2, 0x82, 0xAC, 0xF4, 0x8F, 0xBC, 0xFF, 0xF0,
            ]
            let raw = (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            #expect(PathBytes.bytes(PathBytes.argument(raw)) == raw, "\(raw)")
        }
    }
}
