import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// A frame's list and pane are read and drawn again only when what they show changed: the
/// field's echo before a scan shows the last answer as it was painted, marks included, and a new
/// index is read afresh.
@Suite struct FrameMemoTests {
    let folder = TemporaryFolder()
    let context = QueryContext(
        now: Date(timeIntervalSinceReferenceDate: 712_345_678), timeZone: TimeZone(identifier: "UTC")!)

    private func index(_ names: [String], file: String) throws -> IndexSnapshot {
        let items = names.enumerated().map { Fixtures.item("/m/" + $1, n: UInt64(2 * $0 + 1)) }
        let path = folder.file(file)
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        return IndexSnapshot(try IndexFile(path: path))
    }

    private func driver(_ index: IndexSnapshot) -> ScreenDriver {
        var settings = SearchController.Settings()
        settings.home = Array("/home/me".utf8)
        let session = SearchSession(field: SearchField(""), folder: Array("/m".utf8))
        return ScreenDriver(index: index, context: context, session: session, settings: settings)
    }

    @Test func theEchoMarksTheShownAnswersWordsUntilTheNextAnswer() throws {
        var screen = driver(try index(["paris.mp3", "parade.mp3", "tone.mp3"], file: "a.fsfind"))
        screen.start()
        let answered = try #require(screen.press(.text("par")).paints.last)
        #expect(answered.model.entries.map(\.highlights) == [[0..<3], [0..<3]])
        // The echo: the field as typed, over the last answer exactly as it was painted.
        let echo = screen.send(.keys([.text("i")], readAt: .now))
        let echoed = try #require(echo.paints.first)
        #expect(echoed.model.field.text == "pari")
        #expect(echoed.model.entries == answered.model.entries)
        #expect(echoed.model.body == answered.model.body)
        // The answer: its own rows, its own word marked.
        let next = try #require(screen.settle().paints.last)
        #expect(next.model.entries.map(\.name) == ["paris.mp3"])
        #expect(next.model.entries.map(\.highlights) == [[0..<4]])
    }

    @Test func aNewIndexIsReadAfresh() throws {
        var screen = driver(try index(["paris.mp3", "parade.mp3"], file: "a.fsfind"))
        screen.start()
        let before = try #require(screen.press(.text("pa")).paints.last)
        #expect(before.model.entries.map(\.name) == ["paris.mp3", "parade.mp3"])
        // The same rows in the same order, other files: nothing kept from the old index shows.
        let newer = try index(["pamphlet.mp3", "patio.mp3"], file: "b.fsfind")
        #expect(screen.send(.indexReplaced(try newer.readerOfEverything(), hasTextStore: false)).isEmpty)
        screen.scan = InteractiveScan(reader: try newer.readerOfEverything(), now: context.now, text: nil)
        let after = try #require(screen.settle().paints.last)
        #expect(after.model.entries.map(\.name) == ["patio.mp3", "pamphlet.mp3"])
        #expect(after.model.detailTitle.hasSuffix("patio.mp3"))
    }

    /// Drawn with one memo, frame after frame, every frame is what a fresh render draws.
    @Test func aFrameDrawnWithTheMemoIsTheFreshOne() {
        let layout = ScreenLayout(width: 100, height: 30)
        var models = [ScreenLayoutTests.model()]
        var field = models[0]
        field.field = SearchField("kind:audio tone")
        models.append(field)
        var entry = field
        entry.entries[0].name = "tonal.flac"
        models.append(entry)
        var pane = entry
        pane.detail.append("kind = \"FLAC audio\"")
        models.append(pane)
        var selection = pane
        selection.selectedEntry = 0
        models += [selection, selection, models[0]]
        // No rows: the list says "No results", or the empty index's hint when the field is empty.
        var none = models[0]
        none.entries = []
        none.total = 0
        none.selectedEntry = nil
        var emptyField = none
        emptyField.field = SearchField("")
        models += [none, emptyField, none]
        var memo = BodyMemo()
        for (k, model) in models.enumerated() {
            #expect(layout.render(model, reusing: &memo) == layout.render(model), "\(k)")
        }
        let wide = ScreenLayout(width: 140, height: 30)
        #expect(wide.render(models[0], reusing: &memo) == wide.render(models[0]))
    }
}
