import Foundation
import Testing

@testable import FSFindExtraction

/// RTF's visible text and `\info` fields, as WordPad, TextEdit and Word write them, and hostile
/// RTF costing linear work.
@Suite struct RTFTextTests {
    static func read(_ source: String, limit: Int = 1 << 20) -> RTFText {
        RTFText(Array(source.utf8), limit: limit)
    }

    @Test func wordpadTextWithoutItsTables() {
        let document = Self.read(
            #"""
            {\rtf1\ansi\ansicpg1252\deff0\nouicompat{\fonttbl{\f0\fnil\fcharset0 Calibri;}}
            {\colortbl ;\red255\green0\blue0;}
            {\*\generator Riched20 10.0.19041}\viewkind4\uc1
            \pard\sa200\sl276\slmult1\f0\fs22\lang9 Quarterly \b marmalade\b0  report\par
            Caf\'e9 na\'efve \{braces\} and a back\\slash\par
            }
            """#)
        #expect(document.text.contains("Quarterly marmalade report\n"))
        #expect(document.text.contains("Café naïve {braces} and a back\\slash"))
        for markup in ["Calibri", "fonttbl", "red255", "Riched20", "pard", "viewkind"] {
            #expect(!document.text.contains(markup), "\(markup) in \(document.text)")
        }
    }

    @Test func infoFieldsAreMetadataNotText() {
        let document = Self.read(
            #"""
            {\rtf1\ansi{\info{\title Lettre de Fr\'e9d\'e9ric}{\author Ana M\u252?ller}{\subject Budget}
            {\keywords plums, pears}{\creatim\yr2024\mo3\dy5}}Body words.}
            """#)
        #expect(document.title == "Lettre de Frédéric")
        #expect(document.author == "Ana Müller")
        #expect(document.subject == "Budget")
        #expect(document.keywords == "plums, pears")
        #expect(document.text.trimmingCharacters(in: .whitespacesAndNewlines) == "Body words.")
    }

    @Test func unicodeEscapesSkipTheirFallbacks() {
        // \uc1: one fallback character after each \u; \uc2 two (a group's own); a surrogate pair.
        let document = Self.read(#"{\rtf1\ansi\uc1 \u26085?\u26412?{\uc2 \u8364\'80\'80}\u-10179?\u-8704? end}"#)
        #expect(document.text == "日本€😀 end")
    }

    @Test func aCodePageOtherThanLatin() {
        // Windows-1251: \'cf\'f0\'e8\'e2\'e5\'f2 is "Привет".
        let document = Self.read(#"{\rtf1\ansi\ansicpg1251 \'cf\'f0\'e8\'e2\'e5\'f2 world}"#)
        #expect(document.text == "Привет world")
    }

    @Test func picturesObjectsFieldsAndBinaryAreSkipped() {
        let binary = String(repeating: "x", count: 10)
        let document = Self.read(
            #"{\rtf1{\pict\pngblip 89504e470d0a1a0a}{\object{\*\objdata 0102}}"#
                + #"{\field{\*\fldinst HYPERLINK "http://example.com"}{\fldrslt visible link}}"#
                + #"\bin10 "# + binary + #" after}"#)
        #expect(document.text == "visible link after")
    }

    @Test func hostileRTFIsLinearAndCut() {
        // 100,000 nested groups, an unterminated document, a 10 MB body cut at the limit.
        let deep = "{\\rtf1 " + String(repeating: "{", count: 100_000) + "deep" + String(repeating: "}", count: 100_000)
        #expect(Self.read(deep).text == "deep")
        #expect(Self.read(#"{\rtf1 cut off \'e"#).text == "cut off ")
        let long = "{\\rtf1 " + String(repeating: "word ", count: 2_000_000) + "}"
        let cut = Self.read(long, limit: 4096).text
        #expect(cut.utf8.count <= 4096 && cut.utf8.count > 4000)
        #expect(!RTFText.isRTF(Array("{\\rt".utf8)))
    }
}
