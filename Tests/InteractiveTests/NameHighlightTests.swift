import Testing

@testable import FSFindInteractive

@Suite struct NameHighlightTests {
    @Test func aWordIsHighlightedWhereAWordOfTheNameStarts() {
        // "paris" starts the second word of the name, though "paris" also occurs inside "comparison".
        #expect(NameHighlight.ranges(in: "comparison-paris.mp3", words: ["paris"]) == [11..<16])
        #expect(NameHighlight.ranges(in: "Intro Paris.mp3", words: ["paris"]) == [6..<11])
    }

    @Test func caseAndAccentsAreIgnoredAndCharactersCounted() {
        #expect(NameHighlight.ranges(in: "Été à Paris.flac", words: ["ete"]) == [0..<3])
        #expect(NameHighlight.ranges(in: "日本 tokyo.jpg", words: ["tok"]) == [3..<6])
    }

    @Test func insideAWordWhenNoWordStartsWithIt() {
        #expect(NameHighlight.ranges(in: "IMG_12345.jpg", words: ["234"]) == [5..<8])
    }

    @Test func severalWordsAndOverlapsMerge() {
        #expect(NameHighlight.ranges(in: "paris trip notes.txt", words: ["trip", "paris"]) == [0..<5, 6..<10])
        #expect(NameHighlight.ranges(in: "paris.txt", words: ["par", "paris"]) == [0..<5])
        #expect(NameHighlight.ranges(in: "paris.txt", words: ["london"]).isEmpty)
    }
}

/// The byte-by-byte path for ASCII names marks what the character-by-character one marks.
@Suite struct NameHighlightASCIITests {
    @Test func asciiNamesAreMarkedAsCharacterByCharacter() {
        let names = [
            "comparison-paris.mp3", "Intro Paris.mp3", "IMG_12345.jpg", "paris trip notes.txt", "PARIS.TXT",
            "a", "", "report 2024 (final).pdf", "tone_tonic-TON.flac", "x.Paris", "pa.pa.pa", "crlf\r\nname",
            "tab\tname", "Été à Paris.flac",
        ]
        let words: [[String]] = [
            ["paris"], ["par"], ["pa"], ["t"], ["ton", "to"], ["234"], ["2024", "final"], ["zz"], ["a"], ["é"],
            ["name"], [""],
        ]
        for name in names {
            for typed in words {
                let ascii = NameHighlight.asciiRanges(in: name, words: typed)
                if name.utf8.contains(0x0D) || !name.allSatisfy(\.isASCII)
                    || typed.contains(where: { !$0.allSatisfy(\.isASCII) })
                {
                    #expect(ascii == nil, "\(name) \(typed)")
                } else {
                    #expect(ascii == NameHighlight.characterRanges(in: name, words: typed), "\(name) \(typed)")
                }
            }
        }
    }
}
