import Testing

@testable import FSFindInteractive
@testable import FSFindManual
@testable import FSFindModel
@testable import FSFindQuery

/// The frame for a given window size: every line exactly as wide as the window, the parts where
/// they belong, and text cut with an ellipsis rather than wrapped.
@Suite struct ScreenLayoutTests {
    static func model() -> ScreenModel {
        var model = ScreenModel()
        model.field = SearchField("kind:audio ton")
        model.scopes = Scope.allCases.map { ScreenModel.ScopeSegment(title: $0.title, count: 3) }
        model.selectedScope = 1
        model.total = 2
        model.entries = [
            ScreenModel.Entry(name: "tone.flac", folder: "~/Music"),
            ScreenModel.Entry(name: "tone.ogg", folder: "~/Music"),
        ]
        model.selectedEntry = 1
        model.detailTitle = "/home/me/Music/tone.ogg"
        model.detail = ["fsName   = \"tone.ogg\"", "fileSize = 1234"]
        model.suggestions = ["kind:audio", "kind:video"]
        return model
    }

    @Test(arguments: [(80, 24), (200, 60), (30, 8), (100, 30), (99, 30)])
    func everyLineFillsTheWindow(width: Int, height: Int) {
        let frame = ScreenLayout(width: width, height: height).render(Self.model())
        #expect(frame.lines.count == height)
        for line in frame.lines { #expect(line.width == width, "\(line.text)") }
        #expect(frame.cursorColumn < width)
    }

    @Test func theMatchedLettersOfANameAreHighlighted() {
        var model = Self.model()
        model.entries[0].highlights = [0..<3]
        model.entries[1].highlights = [0..<3]
        let lines = ScreenLayout(width: 80, height: 24).render(model).lines
        let plainRow = lines[4].spans
        #expect(plainRow.contains(StyledSpan("ton", .match)))
        #expect(plainRow.contains(StyledSpan("e.flac", .plain)))
        #expect(lines[5].spans.contains(StyledSpan("ton", .selectedMatch)))
        #expect(lines[4].text.hasPrefix("   tone.flac  ~/Music"))
    }

    @Test func aPictureIsDrawnInItsBoxAndAReasonInALine() throws {
        var model = Self.model()
        model.expectsPreview = true
        let cell = PreviewPicture.Cell(symbol: "▀", foreground: 0xFF0000, background: 0x0000FF)
        model.preview = .picture(
            try #require(PreviewPicture(columns: 4, rows: 2, cells: Array(repeating: cell, count: 8))))
        let wide = ScreenLayout(width: 120, height: 30)
        let lines = wide.render(model).lines
        // Beside the list: under the title, each row of the picture in its colours.
        #expect(lines[5].text.contains("│ ▀▀▀▀"))
        #expect(lines[5].spans.contains(StyledSpan("▀▀▀▀", .picture(foreground: 0xFF0000, background: 0x0000FF))))
        #expect(lines[7].text.hasSuffix("│" + String(repeating: " ", count: 59)))  // the gap after it
        model.preview = .unavailable("binary data, not text")
        let reason = wide.render(model).lines.map(\.text)
        #expect(reason[5].contains("│ no preview: binary data, not text"))
        // Under the list at 80 × 24: at the right of the details.
        let narrow = ScreenLayout(width: 80, height: 24)
        let box = try #require(narrow.previewBox)
        #expect(box.columns == 24 && box.rows == 6)
        model.preview = .picture(
            try #require(PreviewPicture(columns: 4, rows: 2, cells: Array(repeating: cell, count: 8))))
        let small = narrow.render(model).lines.map(\.text)
        let details = try #require(small.firstIndex { $0.hasPrefix("─ Details") })
        #expect(small[details + 1].hasSuffix("▀▀▀▀" + String(repeating: " ", count: 20)))
        for line in narrow.render(model).lines { #expect(line.width == 80) }
    }

    @Test func partsAreWhereTheyBelong() {
        let layout = ScreenLayout(width: 80, height: 24)
        let lines = layout.render(Self.model()).lines.map(\.text)
        #expect(lines[0].hasPrefix(" > [kind:audio] ton"))
        #expect(lines[1].contains("[Audio 3]"))
        #expect(lines[2].contains("Suggestions: kind:audio  kind:video"))
        #expect(lines[3].hasPrefix("─ 2 results ─"))
        #expect(lines[4].hasPrefix("   tone.flac  ~/Music"))
        #expect(lines[5].hasPrefix(" > tone.ogg  ~/Music"))
        #expect(lines.contains { $0.hasPrefix("─ Details ─") })
        #expect(lines.contains { $0.hasPrefix(" /home/me/Music/tone.ogg") })
        #expect(lines[23].contains("Esc quit") || lines[23].hasSuffix("…"))
        #expect(layout.listRows == 12)
    }

    @Test func wideWindowsPutTheDetailBesideTheList() {
        let layout = ScreenLayout(width: 200, height: 60)
        let lines = layout.render(Self.model()).lines.map(\.text)
        #expect(layout.sideBySide)
        #expect(layout.listRows == 55)
        #expect(lines[4].contains("│ /home/me/Music/tone.ogg"))
        #expect(lines[5].contains("│ fsName   = \"tone.ogg\""))
    }

    @Test func theEmptyFieldShowsThePlaceholderAndAnErrorReplacesSuggestions() {
        var model = Self.model()
        model.field = SearchField()
        #expect(
            ScreenLayout(width: 80, height: 24).render(model).lines[0].text.contains("Files, songs, photos, documents…")
        )
        model.field = SearchField("duration >")
        model.error = QueryError(message: "expected a value after '>'", range: 9..<10)
        let frame = ScreenLayout(width: 80, height: 24).render(model)
        #expect(frame.lines[2].text.contains("! expected a value"))
        #expect(frame.lines[0].spans.contains { $0.style == .error && $0.text == ">" })
    }

    @Test func theChosenScopeStaysVisibleInANarrowWindow() {
        var model = Self.model()
        model.selectedScope = Scope.allCases.count - 1
        let line = ScreenLayout(width: 60, height: 20).render(model).lines[1].text
        #expect(line.contains("[Apps 3]"))
        #expect(line.hasPrefix("‹"))
    }

    @Test func aLongFieldKeepsItsEndInView() {
        var model = Self.model()
        model.field = SearchField(String(repeating: "word ", count: 30) + "end")
        let frame = ScreenLayout(width: 40, height: 10).render(model)
        #expect(frame.lines[0].text.hasPrefix("…"))
        #expect(frame.lines[0].text.contains("end"))
    }

    @Test func tooSmallSaysSo() {
        let frame = ScreenLayout(width: 20, height: 5).render(Self.model())
        #expect(frame.lines.count == 5)
        #expect(frame.lines[0].text.hasPrefix("Window too small"))
    }

    @Test func fittingCutsWithAnEllipsisAndCountsWideCharacters() {
        #expect(StyledLine("abcdef").fitted(to: 4).text == "abc…")
        #expect(StyledLine("ab").fitted(to: 4).text == "ab  ")
        #expect(StyledLine("日本語").fitted(to: 5).text == "日本…")
        #expect(StyledLine("日本語").fitted(to: 5).width == 5)
        #expect(StyledLine("e\u{301}a\tb").fitted(to: 6).text == "e\u{301}a b  ")
        #expect(TerminalWidth.of("🎵x") == 3)
    }

    @Test func noColorKeepsAttributesButNoColours() {
        let frame = Frame(
            lines: [StyledLine("kind:audio", .chip), StyledLine("bad", .error), StyledLine("x", .selectedChip)],
            cursorRow: 0, cursorColumn: 0)
        var coloured = ScreenPainter()
        #expect(coloured.paint(frame).contains("46m"))
        var plain = ScreenPainter(monochrome: true)
        let output = plain.paint(frame)
        // No SGR colour parameter (30–37, 40–47) anywhere; reverse video and bold stay.
        let colour = try! Regex(#"\u{1B}\[[0-9;]*(3[0-7]|4[0-7])[;m]"#)
        #expect(!output.contains(colour), "\(output.debugDescription)")
        var again = ScreenPainter()
        #expect(again.paint(frame).contains(colour), "the pattern finds colours where there are some")
        #expect(output.contains("\u{1B}[0;7mkind:audio") && output.contains("\u{1B}[0;1mbad"))
    }

    @Test func thePainterRewritesOnlyChangedLines() {
        var painter = ScreenPainter()
        let first = Frame(lines: [StyledLine("one"), StyledLine("two")], cursorRow: 0, cursorColumn: 3)
        let all = painter.paint(first)
        #expect(all.contains("one") && all.contains("two"))
        var second = first
        second.lines[1] = StyledLine("TWO", .bold)
        let changed = painter.paint(second)
        #expect(!changed.contains("one") && changed.contains("TWO"))
        #expect(changed.contains(TerminalCodes.moveTo(row: 1, column: 0)))
        painter.invalidate()
        #expect(painter.paint(second).contains("one"))
    }

    @Test func rowsShowFactsWhenThereIsRoomAndFoldersLoseTheirStart() {
        #expect(ScreenLayout.shortenedFromLeft("~/Music/Albums/2024", to: 10) == "…bums/2024")
        #expect(ScreenLayout.shortenedFromLeft("~/Music", to: 10) == "~/Music")
        var model = ScreenModel()
        model.total = 1
        model.entries = [
            ScreenModel.Entry(name: "tone.flac", folder: "~/Music/Albums/2024", facts: "FLAC audio   12 KB")
        ]
        let wide = ScreenLayout(width: 80, height: 24, emptyIndexHint: "").listLines(model, columns: 80, rows: 1)
        #expect(wide[0].text.hasSuffix("FLAC audio   12 KB"), "\(wide[0].text)")
        #expect(wide[0].text.contains("~/Music/Albums/2024"))
        let narrow = ScreenLayout(width: 30, height: 24, emptyIndexHint: "").listLines(model, columns: 30, rows: 1)
        #expect(!narrow[0].text.contains("FLAC"), "\(narrow[0].text)")
        #expect(narrow[0].text.contains("…"), "no room for the whole folder: \(narrow[0].text)")
    }

    @Test func withoutTheDetailPaneTheListTakesTheBody() {
        var model = ScreenModel()
        model.total = 1
        model.entries = [ScreenModel.Entry(name: "tone.flac", folder: "~/Music")]
        model.selectedEntry = 0
        model.detailTitle = "/home/me/Music/tone.flac"
        model.detail = ["Kind  FLAC audio"]
        for width in [80, 200] {
            let layout = ScreenLayout(width: width, height: 24, showsDetail: false)
            let frame = layout.render(model)
            #expect(layout.listRows == 19)
            #expect(!frame.lines.contains { $0.text.contains("FLAC audio") || $0.text.contains("─ Details") })
            #expect(frame.lines.count == 24 && frame.lines.allSatisfy { $0.width == width })
        }
        #expect(ScreenLayout(width: 80, height: 24).render(model).lines.contains { $0.text.contains("FLAC audio") })
    }
}
