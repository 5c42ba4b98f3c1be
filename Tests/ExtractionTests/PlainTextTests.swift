import Testing

@testable import FSFindExtraction

/// How a text file's bytes become its words: by its bytes, never its name.
@Suite struct PlainTextTests {
    private static func utf16(_ text: String, littleEndian: Bool) -> [UInt8] {
        Array(text.utf16).flatMap { unit in
            littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
    }

    @Test func encodingsAreFoundFromTheBytes() {
        #expect(PlainText.decode(Array("plain ASCII".utf8)) == "plain ASCII")
        #expect(PlainText.decode(Array("Été à Paris".utf8)) == "Été à Paris")
        #expect(PlainText.decode([0xEF, 0xBB, 0xBF] + Array("bom".utf8)) == "bom")
        #expect(PlainText.decode([0xFF, 0xFE] + Self.utf16("Grüße", littleEndian: true)) == "Grüße")
        #expect(PlainText.decode([0xFE, 0xFF] + Self.utf16("Grüße", littleEndian: false)) == "Grüße")
        #expect(PlainText.decode(Self.utf16("no mark here", littleEndian: true)) == "no mark here")
        #expect(PlainText.decode(Self.utf16("no mark here", littleEndian: false)) == "no mark here")
        #expect(PlainText.decode(Array("Fr".utf8) + [0xE9, 0x64, 0xE9] + Array("ric".utf8)) == "Frédéric")
    }

    @Test func aCharacterCutAtTheLimitIsDroppedNotTheEncoding() {
        let text = Array("café".utf8)
        #expect(PlainText.decode(Array(text.dropLast())) == "caf")
        let emoji = Array("ok 🎵".utf8)
        #expect(PlainText.decode(Array(emoji.dropLast(2))) == "ok ")
        // Latin-1 near the end is not a cut character: E9 then a line break, or E9 alone after
        // a lead byte's worth of room.
        #expect(PlainText.decode(Array("caf".utf8) + [0xE9, 0x0A]) == "café\n")
        #expect(PlainText.decode(Array("d".utf8) + [0xE9, 0x6A, 0xE0]) == "déjà")
        #expect(PlainText.decode(Array("ok ".utf8) + [0xF0, 0x9F, 0x41]) == "ok ð\u{9F}A")
    }

    @Test func binaryIsNotText() {
        #expect(PlainText.decode([0x41, 0x00, 0x42, 0x43, 0x00, 0x00, 0x7F, 0x45, 0x4C, 0x46]) == nil)
        #expect(PlainText.decode(Array("text\u{0}with a NUL".utf8)) == nil)
        // A sparse file: a little text, then holes that read as NULs.
        #expect(PlainText.decode(Array("sparse start\n".utf8) + [UInt8](repeating: 0, count: 8192)) == nil)
    }
}
