import CPlatform
import FSFindIndexFormat
import FSFindModel
import FSFindPlatform
import FSFindQuery
import FSFindSearch
import FSFindText
import Foundation
import SystemPackage

/// What the search screen needs of the terminal it draws on: the executable's device, whose
/// bytes the executable decodes into keys.
package protocol SearchTerminal: AnyObject {
    /// Writes `text` (a frame, graphics commands) to the screen.
    func write(_ text: String)
    /// Whether a key waits to be read: the preview worker is not asked then.
    func hasInput() -> Bool
    /// Whether a key or a resize waits: a scan in progress stops for either (its answer is stale).
    var interrupted: Bool { get }
    /// Columns and rows of the window.
    func size() -> (width: Int, height: Int)
    /// Whether the window changed size since the last call.
    func takeResize() -> Bool
    /// Waits until a key arrives, `other` has something to read, or `deadline` passes (forever
    /// without one; a signal such as a resize ends the wait too); true when a key waits.
    func waitForInput(orReadable other: FileDescriptor, until deadline: ContinuousClock.Instant?) -> Bool
    /// The keys read: when `waiting`, waits for one, else only those already there (possibly
    /// none); nil when the terminal is gone.
    func readKeys(waiting: Bool) -> [Key]?
}

/// `fsfind search`'s screen: ``SearchController`` and what carries out its effects (paint, scan,
/// read the pane's words, ask the preview worker, open a file), and the loop that polls the
/// terminal, the preview worker and the index's folder (``run(changes:)``).
///
/// The executable owns the terminal device and decodes its bytes into keys (``SearchTerminal``);
/// everything the screen decides and does with a key lives here, tested with a stand-in terminal
/// (`SearchScreenTests`).
package final class SearchScreen {
    let terminal: any SearchTerminal
    private var controller: SearchController
    /// Opens the index and its text store again, for a new version written under the session.
    private let reopen: () throws(FSFindError) -> (IndexReader, TextStore?)
    private var painter: ScreenPainter
    /// The last frame's list and pane lines, drawn again only when they change.
    private var bodyMemo = BodyMemo()
    private let previews: any FilePreviewer
    /// `NO_COLOR` set and not empty (no-color.org): attributes only, and pictures without colour.
    private let monochrome: Bool
    /// The terminal draws previews itself (``KittyGraphics``) rather than in chafa's symbols.
    private let terminalImages: Bool
    private let context: QueryContext
    private var scan: InteractiveScan
    /// `FSFIND_SEARCH_TRACE=FILE`: one line per search-triggering key batch, the milliseconds from
    /// reading the keys to painting their results (what `benchmarks/search-keystroke` reports),
    /// then how the answer was found (`cached`, or `narrow`/`full` and the scan's ``ScanResult/trace``).
    private let trace: FileHandle?
    /// `FSFIND_PREVIEW_TRACE=FILE`: for each key that moves the selection, `list MS` when the
    /// list is repainted and `preview MS` when the new selection's preview is on screen, both
    /// from reading the key (what `benchmarks/search-preview` reports).
    private let previewTrace: FileHandle?
    /// Reads the words inside files for the detail pane.
    private var searcher: Searcher
    /// The text store the pane's words come from; nil without one.
    private var words: TextStore?
    /// An error as the front end words it (its remedies name its own commands), for the status line.
    private let sentence: (FSFindError) -> String

    /// The index's value catalog for the suggestions, read on a thread of its own (read first, it
    /// held the first paint of a large index: `benchmarks/RESULTS.md`, "The search field: short
    /// words at word starts") and taken between keys; a new one per index.
    private var catalog = Handoff<ValueCatalog>()

    /// The screen over `index` (a reader of everything the screen shows: the detail pane lists
    /// every attribute) and its text store, drawn on `terminal`, its previews drawn by
    /// `previews`. It starts with `field` typed, in `scope`, searching `everywhere` or only in
    /// `folder` (the folder a search limited to it starts from). `environment` gives the home
    /// folder, the recent searches' file (``RecentSearches/defaultPath(environment:)``),
    /// `NO_COLOR`, the terminal's graphics and the trace files; `emptyIndexHint` is what the list
    /// says when the index is empty and `sentence` words an error, both in the front end's words.
    package init(
        terminal: any SearchTerminal, previews: any FilePreviewer, index: IndexReader, text: TextStore?,
        context: QueryContext, field: String, scope: Scope, everywhere: Bool, folder: [UInt8],
        environment: [String: String], emptyIndexHint: String, sentence: @escaping (FSFindError) -> String,
        reopen: @escaping () throws(FSFindError) -> (IndexReader, TextStore?)
    ) {
        let session = SearchSession(field: SearchField(field), scope: scope, everywhere: everywhere, folder: folder)
        let recent = RecentSearches(path: RecentSearches.defaultPath(environment: environment))
        self.terminal = terminal
        self.sentence = sentence
        self.previews = previews
        self.reopen = reopen
        self.context = context
        monochrome = !(environment["NO_COLOR"] ?? "").isEmpty
        terminalImages = !monochrome && KittyGraphics.isSupported(environment)
        painter = ScreenPainter(monochrome: monochrome, palette: .fromEnvironment(environment))
        searcher = Searcher(index: index.snapshot, text: text)
        words = text
        scan = InteractiveScan(reader: index, now: context.now, text: text)
        scan.summarizeInBackground(answeringLettersIn: scope, context: context, lowering: Self.yieldToKeys)
        trace = Self.traceFile(environment["FSFIND_SEARCH_TRACE"])
        previewTrace = Self.traceFile(environment["FSFIND_PREVIEW_TRACE"])
        var settings = SearchController.Settings()
        settings.home = environment["HOME"].map { PathBytes.absolute(PathBytes.bytes($0)) } ?? []
        settings.emptyIndexHint = emptyIndexHint
        settings.terminalImages = terminalImages
        settings.previewable = previews.previewable
        settings.tracesSearches = trace != nil
        settings.tracesPreviews = previewTrace != nil
        controller = SearchController(
            index: index, hasTextStore: text != nil, context: context, session: session, recent: recent,
            settings: settings)
    }

    /// The trace file a variable names, emptied; nil when it is unset or empty.
    private static func traceFile(_ path: String?) -> FileHandle? {
        guard let path, !path.isEmpty else { return nil }
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)
    }

    /// The field (or scope, or location) changed since its answer was painted: the loop calls
    /// ``searchIfDue()`` before it waits for anything.
    var needsSearch: Bool { controller.needsSearch }

    /// The index open now (a new version replaces it in ``reload()``).
    var index: IndexReader { controller.index }

    /// What to poll beside the terminal while a preview is on its way, and until when.
    var previewWait: (descriptor: FileDescriptor, deadline: ContinuousClock.Instant)? {
        guard let descriptor = previews.descriptor, let deadline = previews.deadline else { return nil }
        return (descriptor, deadline)
    }

    /// The screen is up, `width` × `height`: paints the first frame and starts reading the catalog.
    func start(width: Int, height: Int) {
        perform(controller.handle(.started(width: width, height: height)))
        readCatalog()
    }

    /// The window changed size: repaints every line.
    func resize(width: Int, height: Int) {
        perform(controller.handle(.resized(width: width, height: height)))
    }

    /// Takes the catalog if it is read, then answers the field if its answer is due (stopping as
    /// soon as a key or a resize waits).
    func searchIfDue() {
        takeCatalog()
        if controller.needsSearch { perform(controller.handle(.readyToSearch)) }
    }

    /// No key waits and the answer is painted: the pane's words and the preview, which must
    /// never hold a key (a snippet of a long file costs tens of milliseconds).
    func idle() {
        perform(controller.handle(.idle))
    }

    /// The preview worker's descriptor is readable or its deadline passed: shows its reply, or
    /// why there is none.
    func collectPreview() {
        guard let (request, preview) = previews.collect() else { return }
        perform(controller.handle(.previewArrived(PreviewTarget(request), preview)))
    }

    /// Keys read together, and when they were read (for the traces); the outcome when one of
    /// them ends the session.
    func keys(_ keys: [Key], readAt: ContinuousClock.Instant) -> SearchOutcome? {
        takeCatalog()
        return perform(controller.handle(.keys(keys, readAt: readAt)))
    }

    /// The session ends (however it ends): the terminal forgets the images it was sent.
    func end() {
        perform(controller.handle(.ending))
    }

    /// Reads the new version of the index and searches the field again in it. A version that
    /// cannot be read leaves the session on the old one (still mapped) with the reason in the
    /// status line.
    func reload() {
        do {
            let (newIndex, text) = try reopen()
            searcher = Searcher(index: newIndex.snapshot, text: text)
            words = text
            scan = InteractiveScan(reader: newIndex, now: context.now, text: text)
            scan.summarizeInBackground(
                answeringLettersIn: controller.session.scope, context: context, lowering: Self.yieldToKeys)
            perform(controller.handle(.indexReplaced(newIndex, hasTextStore: text != nil)))
            readCatalog()
        } catch {
            perform(controller.handle(.indexUnreadable(message: sentence(error))))
        }
    }

    /// Carries out `effects` in order. An effect with an answer (a scan, the pane's words, a
    /// preview drawn at once, a failed open) hands it to the controller straight away, and what
    /// that returns is carried out before the next effect. Returns the outcome that ends the session.
    @discardableResult
    private func perform(_ effects: [SearchEffect]) -> SearchOutcome? {
        for effect in effects {
            if let outcome = perform(effect) { return outcome }
        }
        return nil
    }

    private func perform(_ effect: SearchEffect) -> SearchOutcome? {
        switch effect {
        case .paint(let paint):
            if paint.redrawAll { painter.invalidate() }
            terminal.write(paint.graphics + painter.paint(paint.frame(reusing: &bodyMemo)))
        case .scan(let order):
            return perform(controller.handle(run(order)))
        case .readPaneText(let order):
            return perform(controller.handle(.paneTextRead(order, paneText(order))))
        case .requestPreview(let target):
            guard let preview = request(target) else { return nil }
            return perform(controller.handle(.previewArrived(target, preview)))
        case .open(let path):
            guard let reason = Self.open(path) else { return nil }
            return perform(controller.handle(.openFailed(path, reason: reason)))
        case .saveRecentSearches(let recent):
            recent.save()
        case .sendGraphics(let commands):
            terminal.write(commands)
        case .traceSearch(let start, let detail):
            trace?.write(Data((SearchController.milliseconds(ContinuousClock.now - start) + " " + detail + "\n").utf8))
        case .tracePreview(let what, let start):
            previewTrace?.write(
                Data((what + " " + SearchController.milliseconds(ContinuousClock.now - start) + "\n").utf8))
        case .finish(let outcome):
            return outcome
        }
        return nil
    }

    /// Scans for `order`, stopping as soon as a key (or a resize) waits.
    private func run(_ order: ScanOrder) -> SearchEvent {
        do {
            let result = try scan.run(
                order.query, scope: order.scope, onlyIn: order.location, candidates: order.candidates
            ) { self.terminal.interrupted }
            guard let result else { return .scanStopped(order) }
            return .scanFinished(order, result)
        } catch {
            return .scanFailed(order, message: sentence(error))
        }
    }

    /// The words of the file for the pane: around the field's words when it has free text the
    /// file holds, else (when wanted) its first lines; nothing without a store.
    private func paneText(_ order: PaneTextOrder) -> PaneText {
        guard let store = words else { return .nothing }
        if let query = order.text, let snippet = (try? searcher.snippets(for: query, rows: [order.row]))?[order.row] {
            return .snippet(snippet.text, page: snippet.page)
        }
        // The row of the searcher's index (the controller's is the same version), still the file
        // the order names.
        let index = controller.index
        if order.wantsStart, order.row < index.itemCount, index.identity(at: order.row) == order.identity,
            let document = index.textDocument(at: order.row),
            let start = try? store.textStart(document: document, characters: 5 * 120)
        {
            return .start(start)
        }
        return .nothing
    }

    /// Asks the worker for `target`'s preview unless it is on its way or a key waits; the preview
    /// when it comes back at once (a worker that cannot start says why). A request for another
    /// file that has taken a quarter of a second is given up (its worker killed): the selection
    /// moved on, and the new file should not wait for the old one.
    private func request(_ target: PreviewTarget) -> FilePreview? {
        guard !terminal.hasInput() else { return nil }
        let request = PreviewRequest(
            path: target.path, identity: target.identity, tree: target.tree, columns: target.columns,
            rows: target.rows, monochrome: monochrome, pixels: terminalImages)
        guard previews.pendingRequest != request else { return nil }
        if previews.pendingRequest != nil {
            guard let deadline = previews.deadline,
                ContinuousClock.now - (deadline - previews.timeout) > .milliseconds(250)
            else { return nil }
            previews.abandon()
        }
        return previews.send(request)
    }

    /// Reads the value catalog of the index now open: at once on an index of fewer than
    /// ``backgroundCatalogRows`` items (a few milliseconds, and the first key's suggestions have
    /// it), else on a thread of its own.
    private func readCatalog() {
        catalog = Handoff()
        let index = controller.index
        if index.itemCount < Self.backgroundCatalogRows {
            catalog.put(ValueCatalog.read(from: index))
        } else {
            catalog.fill {
                Self.yieldToKeys()
                return ValueCatalog.read(from: index)
            }
        }
        takeCatalog()
    }

    static let backgroundCatalogRows = 100_000

    /// Puts the calling thread (the catalog's, which only the suggestions wait for) below
    /// everything else (`SCHED_IDLE`, nice 19, idle I/O), so a key typed at once gets the cores.
    /// The row summaries keep their priority: every scan until they are made scores every row.
    @Sendable static func yieldToKeys() { _ = fsfind_lower_priority() }

    /// Hands the catalog to the controller once it is read, for the suggestions of the next key.
    private func takeCatalog() {
        guard let read = catalog.take() else { return }
        perform(controller.handle(.catalogRead(read)))
    }

    /// Ctrl-O: hands the item to `xdg-open`, detached, its output discarded so it cannot scribble
    /// over the screen. Nil when it started, else why not.
    private static func open(_ path: [UInt8]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", PathBytes.display(path)]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return nil
        } catch {
            return error.localizedDescription
        }
    }
}

extension PreviewTarget {
    /// The target a worker's reply was drawn for (the colours are the session's, the same for all).
    init(_ request: PreviewRequest) {
        self.init(
            path: request.path, identity: request.identity, tree: request.tree, columns: request.columns,
            rows: request.rows)
    }
}
