import Testing

@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindSearch

/// Key → action: what each key does to the session and what the loop must do next.
@Suite struct SearchSessionTests {
    static func session(rows: Int = 5) -> SearchSession {
        var session = SearchSession(folder: Array("/home/me".utf8))
        session.apply(ScanResult(rows: Array(0..<rows), total: rows))
        session.pageSize = 3
        return session
    }

    @Test func typingSearchesAndMovingRedraws() {
        var session = Self.session()
        #expect(session.handle(.text("to")) == .search)
        #expect(session.handle(.down) == .redraw)
        #expect(session.handle(.control("n")) == .redraw)
        #expect(session.selection == 2)
        #expect(session.handle(.control("p")) == .redraw)
        #expect(session.handle(.end) == .redraw)
        #expect(session.selectedRow == 4)
        #expect(session.scrollTop == 2)
        #expect(session.handle(.down) == .none)
        #expect(session.handle(.home) == .redraw)
        #expect(session.scrollTop == 0)
        #expect(session.handle(.pageDown) == .redraw)
        #expect(session.selection == 2)
    }

    @Test func aScanThatFoundNothingOffersTheCorrectedSearchFirstTakenWithRight() {
        var session = SearchSession(folder: Array("/home/me".utf8))
        for key in "kind:pdf Quartely report" { _ = session.handle(.text(String(key))) }
        var nothing = ScanResult()
        nothing.corrections = [SpellingCorrection(word: "quartely", suggestion: "quarterly")]
        session.apply(nothing)
        #expect(session.suggestions.first?.title == "did you mean: kind:pdf quarterly report")
        #expect(session.highlightedSuggestion == 0)
        #expect(session.handle(.right) == .search)
        #expect(session.field.string == "kind:pdf quarterly report")
        // A scan that finds files, or a corrected word, offers no correction.
        session.apply(ScanResult(rows: [1], total: 1))
        #expect(!session.suggestions.contains { $0.title.hasPrefix("did you mean") })
    }

    @Test func aCorrectionReplacesWholeWordsWhateverTheirCase() {
        let corrections = [
            SpellingCorrection(word: "quartely", suggestion: "quarterly"),
            SpellingCorrection(word: "comparsion", suggestion: "comparison"),
        ]
        #expect(
            SpellingCorrection.corrected("Quartely comparsion -quartelyx \"comparsion\"", by: corrections)
                == "quarterly comparison -quartelyx \"comparison\"")
        #expect(SpellingCorrection.corrected("report", by: corrections) == "report")
    }

    @Test func tabCyclesScopesBothWays() {
        var session = Self.session()
        #expect(session.handle(.tab) == .search)
        #expect(session.scope == .audio)
        #expect(session.handle(.backTab) == .search)
        #expect(session.handle(.backTab) == .search)
        #expect(session.scope == Scope.allCases.last)
    }

    @Test func theLocationScopeToggles() {
        var session = Self.session()
        #expect(session.location == nil)
        #expect(session.handle(.control("f")) == .search)
        #expect(session.location == Array("/home/me".utf8))
    }

    @Test func controlPTogglesTheDetailPane() {
        var session = SearchSession(field: SearchField(""), scope: .all, everywhere: true, folder: Array("/".utf8))
        #expect(session.showsDetail)
        #expect(session.handle(.control("p")) == .redraw && !session.showsDetail)
        #expect(session.handle(.control("p")) == .redraw && session.showsDetail)
    }

    @Test func enterOpenAndQuit() {
        var session = Self.session()
        #expect(session.handle(.enter) == .accept)
        #expect(session.handle(.control("o")) == .open)
        #expect(session.handle(.escape) == .cancel)
        #expect(session.handle(.control("c")) == .cancel)
        var empty = SearchSession(folder: [])
        #expect(empty.handle(.enter) == .none)
    }

    @Test func backspaceOnAnEmptyFieldDoesNothing() {
        var session = Self.session()
        #expect(session.handle(.backspace) == .none)
        #expect(session.handle(.text("kind:audio ")) == .search)
        #expect(session.field.tokens.count == 1)
        #expect(session.handle(.left) == .redraw)
        #expect(session.handle(.delete) == .search)
        #expect(session.field.isEmpty)
    }

    @Test func rightTakesTheHighlightedSuggestion() {
        var session = Self.session()
        #expect(session.handle(.text("kind:vi")) == .search)
        #expect(session.suggestions.first?.title == "kind:video")
        #expect(session.handle(.right) == .search)
        #expect(session.field.tokens.map(\.text) == ["kind:video"])
        #expect(session.field.text.isEmpty)
        _ = session.handle(.text("mod"))
        #expect(session.suggestions.map(\.title) == ["modified:"])
        _ = session.handle(.right)
        #expect(session.field.text == "modified:")
        #expect(session.suggestions.first?.title == "modified:today")
        #expect(session.handle(.control("s")) == .redraw)
        #expect(session.highlightedSuggestion == 1)
    }
}
