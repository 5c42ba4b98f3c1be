import Testing

@testable import FSFindCommandLine

/// What reaches a terminal from a file name, a tag or a query: never a raw control.
@Suite struct TerminalTextTests {
    @Test func plainTextIsUnchanged() {
        for text in ["/home/ana/Été à Paris.mp3", "back\\slash", "🎵 ♪", ""] {
            #expect(TerminalText.escaped(text) == text)
        }
    }

    @Test func controlsAreShownAsEscapes() {
        #expect(TerminalText.escaped("a\u{1B}]52;c;aGk=\u{07}b") == #"a\e]52;c;aGk=\x07b"#)
        #expect(TerminalText.escaped("tab\there\nnew\rline") == #"tab\there\nnew\rline"#)
        #expect(TerminalText.escaped("del\u{7F}") == #"del\x7f"#)
        // C1 controls (CSI is U+009B) are written as their UTF-8 bytes.
        #expect(TerminalText.escaped("x\u{9B}2J") == #"x\xc2\x9b2J"#)
        #expect(TerminalText.escaped("two\nlines\u{1B}", keepingNewlines: true) == "two\nlines\\e")
    }

    @Test func invalidUTF8IsShownByteByByte() {
        let path: [UInt8] = Array("/bad".utf8) + [0xFF, 0xFE] + Array("name".utf8) + [0xC3]
        #expect(TerminalText.shown(path) == #"/bad\xff\xfename\xc3"#)
        #expect(TerminalText.shown(Array("ok/é".utf8)) == "ok/é")
    }
}
