import Testing

@testable import FSFind

/// Terminal bytes to keys, including sequences split across reads and a lone Esc.
@Suite struct KeyDecoderTests {
    func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes)
    }

    @Test func textControlAndSequences() {
        #expect(keys(Array("héllo".utf8)) == [.text("héllo")])
        #expect(
            keys([0x0E, 0x10, 0x0D, 0x09, 0x7F, 0x03]) == [
                .control("n"), .control("p"), .enter, .tab, .backspace, .control("c"),
            ])
        #expect(
            keys(Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D\u{1B}[Z\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[1;5C".utf8))
                == [.up, .down, .right, .left, .backTab, .delete, .pageUp, .pageDown, .right])
        #expect(keys(Array("ab\u{1B}[Bc".utf8)) == [.text("ab"), .down, .text("c")])
    }

    @Test func splitInputWaitsForTheRest() {
        var decoder = KeyDecoder()
        #expect({ decoder.decode([0x1B]) }() == [])
        #expect(decoder.hasPending)
        #expect({ decoder.decode(Array("[A".utf8)) }() == [.up])
        let e = Array("é".utf8)
        #expect({ decoder.decode([e[0]]) }() == [])
        #expect({ decoder.decode([e[1]]) }() == [.text("é")])
    }

    @Test func aLoneEscapeIsEscOnFlush() {
        var decoder = KeyDecoder()
        #expect({ decoder.decode([0x1B]) }() == [])
        #expect({ decoder.flush() }() == [.escape])
        #expect(!decoder.hasPending)
        #expect(keys([0x1B, 0x1B]) == [.escape])
    }

    @Test func altKeysAreIgnoredNotTakenForEsc() {
        #expect(keys([0x1B, UInt8(ascii: "x"), UInt8(ascii: "y")]) == [.text("y")])
    }
}
