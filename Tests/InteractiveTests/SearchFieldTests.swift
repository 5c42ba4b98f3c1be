import Testing

@testable import FSFindInteractive
@testable import FSFindQuery

/// Typing into the token field: chips on space, deletion as one unit, selection, quotes.
@Suite struct SearchFieldTests {
    @Test func aTokenWordBecomesAChipWhenASpaceEndsIt() {
        var field = SearchField()
        field.insert("paris kind:audio")
        #expect(field.tokens.isEmpty)
        #expect(field.currentWord == "kind:audio")
        field.insert(" ")
        #expect(field.tokens.map(\.text) == ["kind:audio"])
        #expect(field.text == "paris ")
        field.insert("x")
        #expect(field.text == "paris x")
        #expect(field.string == "kind:audio paris x")
    }

    @Test func incompleteTokensStayText() {
        var field = SearchField()
        field.insert("size:> ")
        #expect(field.tokens.isEmpty)
        #expect(field.text == "size:> ")
    }

    @Test func quotedValuesKeepTheirSpaces() {
        var field = SearchField()
        field.insert("author:\"Steve ")
        #expect(field.tokens.isEmpty)
        field.insert("Jobs\" ")
        #expect(field.tokens.map(\.value) == ["Steve Jobs"])
        #expect(field.text.isEmpty)
    }

    @Test func backspaceDeletesACharacterThenTheLastChipWhole() {
        var field = SearchField("kind:audio size:>1MB to")
        #expect(field.tokens.count == 2)
        field.backspace()
        field.backspace()
        #expect(field.text.isEmpty)
        field.backspace()
        #expect(field.tokens.map(\.key) == ["kind"])
        field.backspace()
        #expect(field.isEmpty)
        field.backspace()
        #expect(field.isEmpty)
    }

    @Test func aSelectedChipIsDeletedAsOneUnit() {
        var field = SearchField("kind:audio size:>1MB duration:>5m")
        let selected1 = field.selectPreviousToken()
        #expect(selected1)
        #expect(field.selectedToken == 2)
        let selected2 = field.selectPreviousToken()
        #expect(selected2)
        #expect(field.selectedToken == 1)
        field.backspace()
        #expect(field.tokens.map(\.key) == ["kind", "duration"])
        #expect(field.selectedToken == nil)
        let selected3 = field.selectPreviousToken()
        #expect(selected3)
        let selected4 = field.selectNextToken()
        #expect(selected4)
        #expect(field.selectedToken == nil)
        let selected5 = field.selectNextToken()
        #expect(!selected5)
    }

    @Test func chipsAreNotSelectableWhileTextIsTyped() {
        var field = SearchField("kind:audio tone")
        let selected6 = field.selectPreviousToken()
        #expect(!selected6)
    }

    @Test func wordAndClearEditing() {
        var field = SearchField("kind:audio tone paris")
        field.deleteWord()
        #expect(field.text == "tone ")
        field.clear()
        #expect(field.text.isEmpty && field.tokens.count == 1)
        field.clear()
        #expect(field.isEmpty)
    }

    @Test func controlCharactersAreNotTyped() {
        var field = SearchField()
        field.insert("a\u{7}b\nc")
        #expect(field.text == "abc")
    }
}

/// When a scan may start from the last one's matches.
@Suite struct SearchFieldNarrowingTests {
    @Test(arguments: [
        ("", "t", true), ("t", "to", true), ("ton", "tone", true), ("tone", "tone x", true), ("tone ", "tone x", true),
        ("kind:audio ", "kind:audio ton", true), ("ton", "kind:audio ton", true), ("", "duration > 3", true),
        ("paris", "paris r", true), ("paris r", "paris re", true), ("tone", "ton", false), ("tone", "tane", false),
        ("kind:audio to", "to", false), ("duration > 3", "duration > 30", false), ("to", "to ==", false),
        // From three letters a word also matches inside names and among the files' words.
        ("to", "tone", false), ("pa", "par", false), ("paris r", "paris rep", false),
        // Operators and phrases may widen.
        ("paris", "paris | x", false), ("paris", "paris -draft", false), ("buy", "\"buy bread\"", false),
    ])
    func narrowing(older: String, newer: String, expected: Bool) {
        var old = SearchField()
        old.insert(older)
        var new = SearchField()
        new.insert(newer)
        #expect(new.narrows(old) == expected)
    }
}
