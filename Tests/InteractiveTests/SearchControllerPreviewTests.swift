import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindQuery

/// What the search screen asks for when no key waits (the selected file's preview and words),
/// what it does with the answers, and the images a kitty terminal is sent.
@Suite struct SearchControllerPreviewTests {
    let folder = TemporaryFolder()
    let index: IndexSnapshot
    let context = QueryContext(
        now: Date(timeIntervalSinceReferenceDate: 712_345_678), timeZone: TimeZone(identifier: "UTC")!)

    init() throws {
        let items = [
            Fixtures.item("/m/one.mp3", n: 1),
            Fixtures.item("/m/two.mp3", n: 3),
            Fixtures.item("/m/three.mp3", n: 5),
            Fixtures.item("/d", folder: true, n: 2),
        ]
        let path = folder.file("index.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        index = IndexSnapshot(try IndexFile(path: path))
    }

    /// A screen where songs have previews (as cover art) and folders none, in the audio scope.
    func driver(
        scope: Scope = .audio, hasTextStore: Bool = false,
        configure: (inout SearchController.Settings) -> Void = { _ in }
    ) -> ScreenDriver {
        var settings = SearchController.Settings()
        settings.previewable = { tree, _ in tree.contains("public.audio") }
        configure(&settings)
        let session = SearchSession(scope: scope, folder: Array("/m".utf8))
        return ScreenDriver(
            index: index, context: context, session: session, settings: settings, hasTextStore: hasTextStore)
    }

    func selectedPath(_ screen: ScreenDriver) -> [UInt8]? { screen.controller.session.selectedRow.map(index.path(at:)) }

    @Test func idleAsksForTheSelectedFilesPreviewInTheBoxUntilItArrives() throws {
        var screen = driver()
        screen.start(width: 120, height: 32)
        let asked = screen.send(.idle)
        let target = try #require(asked.previewRequests.first)
        let box = try #require(screen.controller.layout.previewBox)
        #expect(target.path == selectedPath(screen) && target.columns == box.columns && target.rows == box.rows)
        #expect(target.tree.contains("public.audio"))
        // Asked again while it is drawn: the loop knows it is on its way.
        #expect(screen.send(.idle).previewRequests == [target])
        let preview = FilePreview.unavailable("no cover art")
        let shown = screen.send(.previewArrived(target, preview))
        #expect(shown.paints.last?.model.preview == preview)
        #expect(shown.paints.last?.model.expectsPreview == true)
        #expect(screen.send(.idle).isEmpty)
    }

    @Test func nothingIsAskedWhileASearchIsDue() {
        var screen = driver()
        screen.start()
        screen.send(.keys([.text("t")], readAt: .now))
        #expect(screen.controller.needsSearch)
        #expect(screen.send(.idle).isEmpty)
    }

    @Test func aFileWithoutAKindOfPreviewAsksForNone() throws {
        var screen = driver(scope: .folder)
        let folders = screen.start(width: 120, height: 32)
        #expect(folders.listed == ["d"])
        #expect(folders.paints.last?.model.expectsPreview == false)
        #expect(screen.send(.idle).isEmpty)
    }

    @Test func aHiddenPaneAsksForNoPreview() {
        var screen = driver()
        screen.start(width: 120, height: 32)
        screen.press(.control("p"))
        #expect(screen.controller.layout.previewBox == nil)
        #expect(screen.send(.idle).isEmpty)
    }

    @Test func aPreviewDrawnBeforeShowsAtOnceWhenTheSelectionComesBack() throws {
        var screen = driver()
        screen.start(width: 120, height: 32)
        let first = try #require(screen.send(.idle).previewRequests.first)
        screen.send(.previewArrived(first, .lines(["cover"])))
        let moved = screen.press(.down)
        #expect(moved.paints.last?.model.preview == nil)
        let back = screen.press(.up)
        #expect(back.paints.last?.model.preview == .lines(["cover"]))
        #expect(screen.send(.idle).previewRequests.isEmpty)
    }

    @Test func thePanesWordsAreReadOnceForTheSelectedFileAndField() throws {
        var screen = driver(hasTextStore: true)
        screen.start(width: 120, height: 32)
        let idle = screen.send(.idle)
        let order = try #require(idle.paneTextOrders.first)
        #expect(order.row == screen.controller.session.selectedRow && order.field.isEmpty && order.text == nil)
        // Its preview shows the file: its first lines are not wanted.
        #expect(!order.wantsStart)
        let read = screen.send(.paneTextRead(order, .start("first line\n\n   second  \nthird")))
        let detail = try #require(read.paints.last?.model.detail)
        #expect(detail.contains { $0.contains("first line") } && detail.contains { $0.contains("third") })
        #expect(screen.send(.idle).paneTextOrders.isEmpty)
        // Another field asks again, with its words.
        screen.press(.text("one"))
        let again = try #require(screen.send(.idle).paneTextOrders.first)
        #expect(again.field == "one" && again.text != nil)
    }

    @Test func withoutAStoreNoWordsAreAskedFor() {
        var screen = driver(hasTextStore: false)
        screen.start(width: 120, height: 32)
        #expect(screen.send(.idle).paneTextOrders.isEmpty)
    }

    @Test func aSnippetIsOneLineWithItsPage() {
        #expect(SearchController.lines(of: .snippet("…the words…", page: 3)) == ["p. 3: …the words…"])
        #expect(SearchController.lines(of: .snippet("words", page: nil)) == ["words"])
        #expect(SearchController.lines(of: .start("a\n\n b \nc\nd\ne\nf\ng")) == ["a", "b", "c", "d", "e"])
        #expect(SearchController.lines(of: .nothing).isEmpty)
    }

    @Test func aKittyTerminalIsSentEachImageOnceAndToldToForgetThemAtTheEnd() throws {
        var screen = driver { $0.terminalImages = true }
        screen.start(width: 120, height: 32)
        let target = try #require(screen.send(.idle).previewRequests.first)
        #expect(target.columns <= KittyGraphics.largestSide)
        let image = PreviewImage(width: 2, height: 2, columns: 1, rows: 1, packedPixels: [1, 2, 3])
        let shown = try #require(screen.send(.previewArrived(target, .image(image))).paints.last)
        #expect(shown.model.previewImageID == 1)
        #expect(shown.graphics == KittyGraphics.transmit(image, id: 1))
        // Painted again, the image is not sent again.
        let again = try #require(screen.press(.control("l")).paints.last)
        #expect(again.model.previewImageID == 1 && again.graphics.isEmpty)
        let ending = screen.send(.ending)
        guard case .sendGraphics(let commands)? = ending.first else {
            Issue.record("the images are not deleted: \(ending)")
            return
        }
        #expect(commands == KittyGraphics.delete(id: 1))
    }

    @Test func withoutImagesTheEndSendsNothing() {
        var screen = driver()
        screen.start()
        #expect(screen.send(.ending).isEmpty)
    }

    @Test func thePreviewTraceTimesTheListAndThePreviewFromTheKey() throws {
        var screen = driver { $0.tracesPreviews = true }
        screen.start(width: 120, height: 32)
        let pressed = ContinuousClock.now
        let moved = screen.press(.down, at: pressed)
        guard case .tracePreview("list", let since)? = moved.last else {
            Issue.record("the list is not traced: \(moved)")
            return
        }
        #expect(since == pressed)
        let target = try #require(screen.send(.idle).previewRequests.first)
        let shown = screen.send(.previewArrived(target, .lines(["x"])))
        guard case .tracePreview("preview", let from)? = shown.last else {
            Issue.record("the preview is not traced: \(shown)")
            return
        }
        #expect(from == pressed)
        // Keys that leave the selection where it was do not move it.
        #expect(Self.traced(screen.press(.down, .up)).isEmpty)
        // To a file not drawn yet: the list only; back to one drawn: both at once.
        #expect(Self.traced(screen.press(.up)) == ["list"])
        #expect(Self.traced(screen.press(.down)) == ["list", "preview"])
    }

    /// What the preview trace reports among `effects`.
    static func traced(_ effects: [SearchEffect]) -> [String] {
        effects.compactMap { if case .tracePreview(let what, _) = $0 { what } else { nil } }
    }
}
