import FSFindTestSupport
import Foundation
import IndexFixtures
import SystemPackage
import Testing

@testable import FSFindIndexFormat
@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindText

/// The search screen as the terminal loop drives it (start, keys, the due search, idle, a new
/// index, the end), with a stand-in terminal that keeps what is written and a stand-in previewer:
/// what the executable's loop hands over, and what comes back on the screen.
@Suite struct SearchScreenTests {
    let folder = TemporaryFolder()
    let path: String
    let context = QueryContext(
        now: Date(timeIntervalSinceReferenceDate: 712_345_678), timeZone: TimeZone(identifier: "UTC")!)

    init() throws {
        path = folder.file("index.fsfind")
        try Self.write(["/m/one.mp3", "/m/two.mp3", "/m/three.mp3"], to: path)
    }

    static func write(_ paths: [String], to path: String) throws {
        let items = paths.enumerated().map { Fixtures.item($0.element, n: UInt64(2 * $0.offset + 1)) }
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
    }

    func reader() throws -> IndexReader { try IndexSnapshot(try IndexFile(path: path)).readerOfEverything() }

    func screen(
        _ terminal: FakeTerminal, previews: FakePreviewer = FakePreviewer(), environment: [String: String] = [:],
        reopen: @escaping () throws(FSFindError) -> (IndexReader, TextStore?) = { () throws(FSFindError) in
            throw FSFindError(.indexCorrupt, "not reopened")
        }
    ) throws -> SearchScreen {
        // The recent searches kept in the test's folder (`fsfind/recent-searches` below it).
        SearchScreen(
            terminal: terminal, previews: previews, index: try reader(), text: nil, context: context, field: "",
            scope: .all, everywhere: true, folder: Array("/m".utf8),
            environment: environment.merging(["XDG_STATE_HOME": folder.path]) { given, _ in given },
            emptyIndexHint: "empty here", sentence: \.description, reopen: reopen)
    }

    @Test func theFirstFrameThenTheAnswerAreWrittenToTheTerminal() throws {
        let terminal = FakeTerminal()
        let screen = try screen(terminal)
        screen.start(width: 100, height: 24)
        #expect(!terminal.written.isEmpty && !terminal.written.contains("three.mp3"))
        #expect(screen.needsSearch)
        screen.searchIfDue()
        #expect(!screen.needsSearch)
        #expect(terminal.written.contains("one.mp3") && terminal.written.contains("three.mp3"))
    }

    @Test func typedKeysNarrowTheListAndEnterHandsBackTheSelectedPath() throws {
        let terminal = FakeTerminal()
        let screen = try screen(terminal)
        screen.start(width: 100, height: 24)
        screen.searchIfDue()
        #expect(screen.keys([.text("thr")], readAt: .now) == nil)
        #expect(screen.needsSearch)
        terminal.written = ""
        screen.searchIfDue()
        #expect(terminal.written.contains("three.mp3") && !terminal.written.contains("two.mp3"))
        #expect(screen.keys([.enter], readAt: .now) == .accepted(Array("/m/three.mp3".utf8)))
        #expect(try String(contentsOfFile: folder.file("fsfind/recent-searches"), encoding: .utf8).contains("thr"))
    }

    @Test func idleAsksThePreviewerAndShowsAPreviewDrawnAtOnce() throws {
        let terminal = FakeTerminal()
        let previews = FakePreviewer()
        previews.answer = .lines(["the cover, drawn"])
        let screen = try screen(terminal, previews: previews)
        screen.start(width: 120, height: 32)
        screen.searchIfDue()
        screen.idle()
        let request = try #require(previews.sent.first)
        #expect(PathBytes.display(request.path).hasSuffix(".mp3") && !request.monochrome)
        #expect(terminal.written.contains("the cover, drawn"))
    }

    @Test func noPreviewIsAskedForWhileAKeyWaits() throws {
        let terminal = FakeTerminal()
        let previews = FakePreviewer()
        let screen = try screen(terminal, previews: previews, environment: ["NO_COLOR": "1"])
        screen.start(width: 120, height: 32)
        screen.searchIfDue()
        terminal.keyWaiting = true
        screen.idle()
        #expect(previews.sent.isEmpty)
        terminal.keyWaiting = false
        screen.idle()
        #expect(previews.sent.first?.monochrome == true)
    }

    @Test func aPendingPreviewIsPolledAndItsReplyShown() throws {
        let terminal = FakeTerminal()
        let previews = FakePreviewer()
        previews.answersLater = true
        let screen = try screen(terminal, previews: previews)
        screen.start(width: 120, height: 32)
        screen.searchIfDue()
        #expect(screen.previewWait == nil)
        screen.idle()
        #expect(screen.previewWait != nil)
        previews.answer = .lines(["drawn by the worker"])
        screen.collectPreview()
        #expect(terminal.written.contains("drawn by the worker"))
        #expect(screen.previewWait == nil)
    }

    @Test func aNewVersionOfTheIndexIsSearchedAgain() throws {
        let terminal = FakeTerminal()
        let path = path
        let screen = try screen(terminal) { () throws(FSFindError) in
            (try IndexSnapshot(try IndexFile(path: path)).readerOfEverything(), nil)
        }
        screen.start(width: 100, height: 24)
        screen.searchIfDue()
        try Self.write(["/m/one.mp3", "/m/four.mp3"], to: path)
        screen.reload()
        screen.searchIfDue()
        #expect(screen.index.itemCount == 2)
        #expect(terminal.written.contains("four.mp3"))
    }

    @Test func anUnreadableNewVersionKeepsTheOldOneAndSaysWhy() throws {
        let terminal = FakeTerminal()
        let screen = try screen(terminal)
        screen.start(width: 100, height: 24)
        screen.searchIfDue()
        screen.reload()
        #expect(screen.index.itemCount == 3)
        #expect(terminal.written.contains("not reopened"))
    }

    @Test func theLoopHandsTheKeysToTheScreenUntilEnter() throws {
        let terminal = FakeTerminal()
        terminal.batches = [[.text("thr")], [], [.enter], [.text("never read")]]
        terminal.resizes = 1
        let screen = try screen(terminal)
        #expect(screen.run(changes: nil) == .accepted(Array("/m/three.mp3".utf8)))
        #expect(terminal.batches == [[.text("never read")]])
        #expect(terminal.written.contains("three.mp3"))
    }

    @Test func theLoopEndsCancelledWhenTheTerminalGoesAway() throws {
        let terminal = FakeTerminal()
        terminal.batches = [[.text("two")]]
        let screen = try screen(terminal)
        #expect(screen.run(changes: nil) == .cancelled)
        #expect(terminal.batches.isEmpty)
    }

    @Test func theSearchTraceHasALinePerAnsweredBatchOfKeys() throws {
        let trace = folder.file("search.trace")
        let screen = try screen(FakeTerminal(), environment: ["FSFIND_SEARCH_TRACE": trace])
        screen.start(width: 100, height: 24)
        screen.searchIfDue()
        _ = screen.keys([.text("t")], readAt: .now)
        screen.searchIfDue()
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.first?.isNumber == true })
    }
}

/// The terminal, as the screen sees it: what was written, whether a key (or a resize) waits, and
/// the batches of keys the loop reads, in order (nil once they run out: the terminal is gone).
final class FakeTerminal: SearchTerminal {
    var written = ""
    var keyWaiting = false
    var interrupted = false
    var batches: [[Key]] = []
    var resizes = 0

    func write(_ text: String) { written += text }
    func hasInput() -> Bool { keyWaiting }
    func size() -> (width: Int, height: Int) { (100, 24) }

    func takeResize() -> Bool {
        guard resizes > 0 else { return false }
        resizes -= 1
        return true
    }

    func waitForInput(orReadable other: FileDescriptor, until deadline: ContinuousClock.Instant?) -> Bool { true }

    func readKeys(waiting: Bool) -> [Key]? {
        batches.isEmpty ? nil : batches.removeFirst()
    }
}

/// A previewer that draws every song at once (or, with `answersLater`, when collected).
final class FakePreviewer: FilePreviewer {
    var answer = FilePreview.lines(["a preview"])
    var answersLater = false
    var sent: [PreviewRequest] = []
    var pendingRequest: PreviewRequest?
    let timeout: Duration = .seconds(3)
    let previewable: @Sendable ([String], [UInt8]) -> Bool = { tree, _ in tree.contains("public.audio") }
    var descriptor: FileDescriptor? { pendingRequest == nil ? nil : FileDescriptor(rawValue: 0) }
    var deadline: ContinuousClock.Instant? { pendingRequest == nil ? nil : .now + timeout }

    func send(_ request: PreviewRequest) -> FilePreview? {
        sent.append(request)
        guard answersLater else { return answer }
        pendingRequest = request
        return nil
    }

    func abandon() { pendingRequest = nil }

    func collect() -> (PreviewRequest, FilePreview)? {
        guard let request = pendingRequest else { return nil }
        pendingRequest = nil
        return (request, answer)
    }
}
