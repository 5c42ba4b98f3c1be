import FSFindInteractive
import Testing

@testable import FSFindCommandLine

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
        let escape = decoder.decode([0x1B])
        #expect(escape.isEmpty && decoder.hasPending)
        let arrow = decoder.decode(Array("[A".utf8))
        #expect(arrow == [.up])
        let e = Array("é".utf8)
        let firstHalf = decoder.decode([e[0]])
        let secondHalf = decoder.decode([e[1]])
        #expect(firstHalf.isEmpty && secondHalf == [.text("é")])
    }

    @Test func aLoneEscapeIsEscOnFlush() {
        var decoder = KeyDecoder()
        let pending = decoder.decode([0x1B])
        let flushed = decoder.flush()
        #expect(pending.isEmpty && flushed == [.escape])
        #expect(!decoder.hasPending)
        #expect(keys([0x1B, 0x1B]) == [.escape])
    }

    @Test func altKeysAreIgnoredNotTakenForEsc() {
        #expect(keys([0x1B, UInt8(ascii: "x"), UInt8(ascii: "y")]) == [.text("y")])
    }
}
