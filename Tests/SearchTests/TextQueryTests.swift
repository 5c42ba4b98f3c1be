import Testing

@testable import FSFindSearch

/// The FTS5 expressions the search hands the text store: every word quoted, so what a person typed
/// is never FTS5's syntax. The store's own tests (TextTests) run these same strings.
@Suite struct TextQueryTests {
    @Test func wordsArePrefixesJoinedByAnd() {
        #expect(TextQuery.words(["frederic", "call", "page"]) == #""frederic"* AND "call"* AND "page"*"#)
        #expect(TextQuery.words(["rep"], prefix: false) == #""rep""#)
        #expect(TextQuery.words(["", ""]) == "\"\"", "no words: an empty phrase, which matches nothing")
    }

    @Test func aPhraseIsOneQuotedString() {
        #expect(TextQuery.phrase(["buy", "bread"]) == #""buy bread""#)
        #expect(TextQuery.phrase(["chapter", "3"], prefix: true) == #""chapter 3"*"#)
    }

    @Test func syntaxInAWordIsQuotedAway() {
        #expect(TextQuery.words(["\"bread OR x*"]) == "\"\"\"bread OR x*\"*")
    }
}
