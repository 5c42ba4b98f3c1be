import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// The search screen's decisions, played as the terminal loop plays them: keys in, frames, scans
/// and hand-offs out, over a small written index, without a terminal.
@Suite struct SearchControllerTests {
    let folder = TemporaryFolder()
    let index: IndexSnapshot
    let context = QueryContext(
        now: Date(timeIntervalSinceReferenceDate: 712_345_678), timeZone: TimeZone(identifier: "UTC")!)

    static let items = [
        Fixtures.item("/m/paris.mp3", n: 1),
        Fixtures.item("/m/paris-night.mp3", n: 3),
        Fixtures.item("/m/parade.mp3", n: 5),
        Fixtures.item("/m/tone.mp3", n: 7),
        Fixtures.item("/m/tonic.mp3", n: 9),
        Fixtures.item("/m/song.mp3", [.title: .text("Paris by night")], n: 11),
        Fixtures.item("/d", folder: true, n: 2),
        Fixtures.item("/d/paris", folder: true, n: 4),
    ]

    init() throws {
        let path = folder.file("index.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: Self.items, createdAt: Date()), to: path)
        index = IndexSnapshot(try IndexFile(path: path))
    }

    func driver(settings: SearchController.Settings = SearchController.Settings(), text: String = "") -> ScreenDriver {
        var settings = settings
        settings.home = Array("/home/me".utf8)
        let session = SearchSession(field: SearchField(text), folder: Array("/m".utf8))
        return ScreenDriver(index: index, context: context, session: session, settings: settings)
    }

    /// The path of the selected result.
    func selected(_ driver: ScreenDriver) -> String? {
        driver.controller.session.selectedRow.map { PathBytes.display(driver.controller.index.path(at: $0)) }
    }

    @Test func theFirstFrameShowsTheFieldThenEverythingIsListed() throws {
        var screen = driver()
        let first = screen.send(.started(width: 80, height: 24))
        let frame = try #require(first.paints.first)
        #expect(frame.model.field.text.isEmpty && frame.model.total == nil && frame.model.entries.isEmpty)
        #expect(frame.layout.width == 80 && frame.layout.height == 24)
        #expect(screen.controller.needsSearch)
        let answer = screen.settle()
        #expect(answer.scans.count == 1 && answer.scans[0].candidates == nil)
        #expect(answer.listed?.count == Self.items.count)
        #expect(answer.paints.last?.model.total == Self.items.count)
        #expect(!screen.controller.needsSearch)
    }

    @Test func typingPaintsTheFieldAtOnceAndTheResultsAfterTheScan() throws {
        var screen = driver()
        screen.start()
        let keys = screen.send(.keys([.text("to")], readAt: .now))
        // The field first, still over the last results; no scan until the loop is ready.
        #expect(keys.paints.count == 1 && keys.scans.isEmpty)
        #expect(keys.paints[0].model.field.text == "to")
        #expect(keys.listed?.count == Self.items.count)
        let answer = screen.settle()
        #expect(Set(answer.listed ?? []) == ["tone.mp3", "tonic.mp3"])
        // A third letter also matches inside words: every row is scanned again.
        let third = screen.press(.text("n"))
        #expect(third.scans.count == 1 && third.scans[0].candidates == nil)
        #expect(Set(third.listed ?? []) == ["tone.mp3", "tonic.mp3"])
        // One more letter after that narrows from the last matches.
        let fourth = screen.press(.text("e"))
        #expect(fourth.scans.first?.candidates?.count == 2)
        #expect(fourth.listed == ["tone.mp3"])
    }

    @Test func backspaceGoesBackToTheLastAnswerWithoutAScan() {
        var screen = driver()
        screen.start()
        screen.press(.text("ton"))
        screen.press(.text("e"))
        let back = screen.press(.backspace)
        #expect(back.scans.isEmpty)
        #expect(back.paints.last?.model.field.text == "ton")
        #expect(Set(back.listed ?? []) == ["tone.mp3", "tonic.mp3"])
    }

    @Test func arrowsMoveTheSelectionAndTheListScrollsWithIt() throws {
        var screen = driver()
        // 40 × 10: two rows of results under the field, the detail pane under them.
        screen.start(width: 40, height: 10)
        #expect(screen.controller.session.pageSize == 2)
        let first = selected(screen)
        let down = screen.press(.down)
        #expect(down.scans.isEmpty && down.paints.count == 1)
        #expect(down.paints[0].model.selectedEntry == 1)
        let scrolled = screen.press(.down)
        // The third result is selected, on the second line of the list.
        #expect(scrolled.paints[0].model.selectedEntry == 1)
        #expect(screen.controller.session.scrollTop == 1)
        #expect(scrolled.paints[0].model.detailTitle == selected(screen))
        let end = screen.press(.end)
        #expect(screen.controller.session.selection == Self.items.count - 1)
        #expect(end.paints[0].model.entries.count == 2)
        screen.press(.home)
        #expect(selected(screen) == first && screen.controller.session.scrollTop == 0)
        // Up at the top changes nothing, yet the frame is painted (the loop paints every batch).
        #expect(screen.press(.up).paints.count == 1)
    }

    @Test func enterHandsBackTheSelectedPathAndRemembersTheSearch() throws {
        var screen = driver()
        screen.start()
        screen.press(.text("tonic"))
        let end = screen.press(.enter, .text("ignored"))
        #expect(end.outcome == .accepted(Array("/m/tonic.mp3".utf8)))
        #expect(end.savedSearches == [["tonic"]])
        #expect(end.paints.isEmpty)
    }

    @Test func enterWithNothingSelectedDoesNothing() {
        var screen = driver()
        screen.start()
        let nothing = screen.press(.text("zzz"))
        #expect(nothing.listed == [])
        let enter = screen.press(.enter)
        #expect(enter.outcome == nil && enter.savedSearches.isEmpty)
    }

    @Test(arguments: [Key.escape, .control("c"), .control("g")])
    func escapeAndControlCQuitPrintingNothing(key: Key) {
        var screen = driver()
        screen.start()
        let end = screen.press(.text("to"), key)
        #expect(end.outcome == .cancelled)
        #expect(end.savedSearches.isEmpty)
    }

    @Test func controlOOpensTheFileAndAFailureSaysWhy() throws {
        var screen = driver()
        screen.start()
        screen.press(.text("tonic"))
        let open = screen.press(.control("o"))
        let path = Array("/m/tonic.mp3".utf8)
        #expect(open.opens == [path] && open.outcome == nil)
        #expect(open.savedSearches == [["tonic"]])
        #expect(open.paints.last?.model.status == "Opened /m/tonic.mp3 with xdg-open")
        // The paint comes before the open, so a failure's status is painted after it.
        let paint = try #require(open.firstIndex { if case .paint = $0 { true } else { false } })
        let opening = try #require(open.firstIndex { if case .open = $0 { true } else { false } })
        #expect(paint < opening)
        let failed = screen.send(.openFailed(path, reason: "no xdg-open"))
        #expect(failed.paints.last?.model.status == "Cannot run xdg-open: no xdg-open")
        // The recent search is a suggestion at once.
        #expect(screen.controller.session.recent == ["tonic"])
    }

    @Test func aFailureReportedAfterTheNextKeyIsNotShown() {
        var screen = driver()
        screen.start()
        screen.press(.text("tonic"))
        screen.press(.control("o"), .down)
        #expect(screen.controller.session.status == nil)
        #expect(screen.send(.openFailed(Array("/m/tonic.mp3".utf8), reason: "gone")).isEmpty)
    }

    @Test func aResizeRepaintsEveryLineAtTheNewSize() throws {
        var screen = driver()
        screen.start()
        let resized = try #require(screen.send(.resized(width: 120, height: 40)).paints.first)
        #expect(resized.redrawAll && resized.layout.width == 120 && resized.layout.height == 40)
        #expect(resized.frame.lines.count == 40)
        #expect(screen.controller.session.pageSize == resized.layout.listRows)
        // The next frame repaints only what changed.
        #expect(screen.press(.down).paints.first?.redrawAll == false)
        #expect(screen.press(.control("l")).paints.first?.redrawAll == true)
    }

    @Test func aScanAnswerForAFieldTypedPastIsDropped() throws {
        var screen = driver()
        screen.runsScans = false
        screen.send(.started(width: 80, height: 24))
        let stale = try #require(screen.send(.readyToSearch).scans.first)
        screen.send(.keys([.text("tone")], readAt: .now))
        let result = try #require(try screen.scan.run(stale.query, scope: .all, onlyIn: nil))
        #expect(screen.send(.scanFinished(stale, result)).isEmpty)
        #expect(!screen.controller.session.hasResults && screen.controller.needsSearch)
        let fresh = try #require(screen.send(.readyToSearch).scans.first)
        #expect(fresh.number != stale.number)
        let answer = try #require(try screen.scan.run(fresh.query, scope: fresh.scope, onlyIn: fresh.location))
        #expect(screen.send(.scanFinished(fresh, answer)).listed == ["tone.mp3"])
    }

    @Test func aStoppedScanIsOrderedAgainWhenTheLoopIsReady() throws {
        var screen = driver()
        screen.runsScans = false
        screen.send(.started(width: 80, height: 24))
        let order = try #require(screen.send(.readyToSearch).scans.first)
        // Stopped by a waiting key: the screen is painted as it is and the search stays due.
        let stopped = screen.send(.scanStopped(order))
        #expect(stopped.paints.count == 1 && stopped.paints[0].model.total == nil)
        #expect(screen.controller.needsSearch)
        #expect(screen.send(.readyToSearch).scans.count == 1)
    }

    @Test func aFailedScanSaysWhyAndStopsSearching() throws {
        var screen = driver()
        screen.runsScans = false
        screen.send(.started(width: 80, height: 24))
        let order = try #require(screen.send(.readyToSearch).scans.first)
        let failed = screen.send(.scanFailed(order, message: "the index is damaged"))
        #expect(failed.paints.last?.model.status == "the index is damaged")
        #expect(!screen.controller.needsSearch)
    }

    @Test func anIncompletePredicateKeepsTheLastResultsAndShowsItsError() {
        var screen = driver()
        screen.start()
        screen.press(.text("tone"))
        let broken = screen.press(.backspace, .backspace, .backspace, .backspace, .text("duration >"))
        #expect(broken.scans.isEmpty)
        #expect(broken.paints.last?.model.error != nil)
        #expect(broken.listed == ["tone.mp3"])
        #expect(!screen.controller.needsSearch)
    }

    @Test func tabChangesTheScopeAndTheListFollows() {
        var screen = driver()
        screen.start()
        let folders = screen.press(.backTab, .backTab)
        #expect(screen.controller.session.scope == Scope.allCases[Scope.allCases.count - 2])
        #expect(folders.scans.count == 1)
        #expect(Set(folders.listed ?? []) == ["d", "paris"])
    }

    @Test func theLocationControlNarrowsToTheFolder() {
        var screen = driver()
        screen.start()
        let here = screen.press(.control("f"))
        #expect(here.paints.last?.model.location == "In /m")
        #expect(here.listed?.count == 6)
    }

    @Test func theCatalogRefreshesTheSuggestionsWithoutAPaint() {
        var screen = driver()
        screen.start()
        let before = screen.controller.session.suggestions.map(\.title)
        #expect(screen.send(.catalogRead(ValueCatalog())).isEmpty)
        #expect(screen.controller.session.suggestions.map(\.title) == before)
    }

    @Test func anUnreadableIndexIsSaidInTheStatusLine() {
        var screen = driver()
        screen.start()
        let said = screen.send(.indexUnreadable(message: "the index is cut short"))
        #expect(said.paints.last?.model.status == "the index is cut short")
        #expect(!screen.controller.needsSearch)
    }

    @Test func aNewIndexIsSearchedAgainWithTheSameFileSelected() throws {
        var screen = driver()
        screen.start()
        screen.press(.text("paris"))
        screen.press(.down, .down)
        let kept = try #require(selected(screen))
        // The new version has one more file, which sorts first by path.
        let path = folder.file("new.fsfind")
        let items = Self.items + [Fixtures.item("/a/paris.mp3", n: 13)]
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let newer = IndexSnapshot(try IndexFile(path: path))
        #expect(screen.send(.indexReplaced(try newer.readerOfEverything(), hasTextStore: false)).isEmpty)
        #expect(screen.controller.needsSearch)
        screen.scan = InteractiveScan(reader: try newer.readerOfEverything(), now: context.now, text: nil)
        let again = screen.settle()
        #expect(again.scans.first?.candidates == nil)
        #expect(again.listed?.contains("paris.mp3") == true)
        #expect(again.paints.last?.model.total == 5)
        #expect(selected(screen) == kept)
    }

    @Test func theSearchTraceSaysHowEachKeysAnswerWasFound() throws {
        var settings = SearchController.Settings()
        settings.tracesSearches = true
        var screen = driver(settings: settings)
        screen.start()
        let typed = ContinuousClock.now
        let scanned = screen.press(.text("tone"), at: typed)
        guard case .traceSearch(let since, let detail)? = scanned.last else {
            Issue.record("no trace after the answer: \(scanned)")
            return
        }
        #expect(since == typed)
        // From the empty field's answer, whose matches are every row.
        #expect(detail.hasPrefix("narrow visited 8 ") && detail.contains("matched 1 "))
        screen.press(.text("s"))
        let back = screen.press(.backspace)
        guard case .traceSearch(_, "cached")? = back.last else {
            Issue.record("a cached answer is traced as such: \(back)")
            return
        }
        // Keys that do not search leave no trace.
        #expect(!screen.press(.down).contains { if case .traceSearch = $0 { true } else { false } })
    }
}
