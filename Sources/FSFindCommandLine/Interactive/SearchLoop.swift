import CPlatform
import FSFindIndexFormat
import FSFindIndexer
import FSFindInteractive
import FSFindModel
import FSFindPreview
import FSFindQuery
import FSFindSearch
import FSFindText
import Foundation
import Glibc

/// The interactive search's event loop: polls the terminal, the preview worker and the index's
/// folder, reads and decodes keys, and carries out what ``SearchController`` decides (paint, scan,
/// read the pane's words, ask for a preview, open a file).
///
/// Single-threaded on purpose: after each batch of keys the field is painted at once, then the
/// scan runs and polls the terminal every few thousand rows; a waiting key stops it (the search is
/// stale and dropped, never queued) and is handled first.
final class SearchLoop {
    typealias Outcome = SearchOutcome

    private let terminal: TerminalDevice
    private var controller: SearchController
    /// Opens the index and its text store again, for a new version written under the session.
    private let reopen: () throws(FSFindError) -> (IndexReader, TextStore?)
    /// Says when the index file is replaced (a watcher or `fsfind index` wrote it): the results
    /// are searched again in the new one. Nil when the index's folder cannot be watched.
    private let changes: IndexChanges?
    private var painter = ScreenPainter(
        monochrome: SearchLoop.monochrome, palette: .fromEnvironment(ProcessInfo.processInfo.environment))
    /// `NO_COLOR` set and not empty (no-color.org): attributes only, and pictures without colour.
    private static let monochrome = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    /// Draws previews in a worker process; the screen reads its replies between keys.
    private let previews: any FilePreviewer = PreviewClient(arguments: [FSFindCommand.PreviewWorkerCommand.name])
    /// The terminal draws previews itself (``KittyGraphics``) rather than in chafa's symbols.
    private static let terminalImages =
        !monochrome && KittyGraphics.isSupported(ProcessInfo.processInfo.environment)
    private var decoder = KeyDecoder()
    private let context: QueryContext
    private var scan: InteractiveScan
    /// `FSFIND_SEARCH_TRACE=FILE`: one line per search-triggering key batch, the milliseconds from
    /// reading the keys to painting their results (what `benchmarks/search-keystroke` reports),
    /// then how the answer was found (`cached`, or `narrow`/`full` and the scan's ``ScanWork``).
    private let trace: FileHandle?
    /// `FSFIND_PREVIEW_TRACE=FILE`: for each key that moves the selection, `list MS` when the
    /// list is repainted and `preview MS` when the new selection's preview is on screen, both
    /// from reading the key (what `benchmarks/search-preview` reports).
    private let previewTrace: FileHandle?
    /// Reads the words inside files for the detail pane; its store is nil without one.
    private var searcher: Searcher

    /// The index's value catalog for the suggestions, read on a thread of its own (read first, it
    /// held the first paint of a large index: `benchmarks/RESULTS.md`, "The search field: short
    /// words at word starts") and taken between keys; a new one per index.
    private var catalog = Handoff<ValueCatalog>()

    /// How long to wait after a lone ESC for the rest of an arrow key's sequence.
    static let escapeTimeoutMilliseconds: Int32 = 40

    init(
        terminal: TerminalDevice, index: IndexReader, text: TextStore?, context: QueryContext, session: SearchSession,
        recent: RecentSearches, reopen: @escaping () throws(FSFindError) -> (IndexReader, TextStore?)
    ) {
        let environment = ProcessInfo.processInfo.environment
        self.terminal = terminal
        self.reopen = reopen
        self.context = context
        self.changes = try? IndexChanges(indexPath: index.snapshot.path)
        self.searcher = Searcher(index: index.snapshot, text: text)
        self.scan = InteractiveScan(index: index.snapshot, ranker: ResultRanker(now: context.now), text: text)
        scan.summarizeInBackground()
        trace = Self.traceFile(environment["FSFIND_SEARCH_TRACE"])
        previewTrace = Self.traceFile(environment["FSFIND_PREVIEW_TRACE"])
        var settings = SearchController.Settings()
        settings.home = environment["HOME"].map { PathBytes.absolute(PathBytes.bytes($0)) } ?? []
        settings.emptyIndexHint = "The index is empty: run 'fsfind index FOLDER'"
        settings.terminalImages = Self.terminalImages
        settings.previewable = { tree, name in PreviewMaker.kind(tree: tree, name: name) != nil }
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

    /// Runs until Enter, Esc or Ctrl-C. Throws when the index turns out damaged mid-session.
    func run() throws(FSFindError) -> Outcome {
        defer { _ = perform(controller.handle(.ending)) }
        let size = terminal.size()
        _ = perform(controller.handle(.started(width: size.width, height: size.height)))
        readCatalog()
        while true {
            takeCatalog()
            if TerminalRestorer.resized.exchange(false, ordering: .relaxed) {
                let size = terminal.size()
                _ = perform(controller.handle(.resized(width: size.width, height: size.height)))
            }
            if controller.needsSearch { _ = perform(controller.handle(.readyToSearch)) }
            // The pane's words and the preview come after the list is painted, and only when no
            // key waits: a snippet of a long file costs tens of milliseconds, which a keystroke
            // must not; the preview's reply is read between keys.
            if !controller.needsSearch, !terminal.hasInput() { _ = perform(controller.handle(.idle)) }
            if !controller.needsSearch, let socket = previews.descriptor, let deadline = previews.deadline,
                !terminal.waitForInput(orReadable: socket, until: deadline)
            {
                if let (request, preview) = previews.collect() {
                    _ = perform(controller.handle(.previewArrived(PreviewTarget(request), preview)))
                }
                continue
            }
            // Idle: wait for a key or a new version of the index, whichever comes first.
            if !controller.needsSearch, let changes, !terminal.waitForInput(orReadable: changes.descriptor, until: nil)
            {
                if changes.replaced() { reload() }
                continue
            }
            guard let keys = readKeys() else { return .cancelled }
            guard !keys.isEmpty else { continue }
            let readAt = ContinuousClock.now
            takeCatalog()
            if let outcome = perform(controller.handle(.keys(keys, readAt: readAt))) { return outcome }
        }
    }

    /// The keys waiting (at once while a search is due, else when one comes), an arrow key's
    /// sequence completed; nil when the terminal is gone.
    private func readKeys() -> [Key]? {
        guard var bytes = terminal.read(timeout: controller.needsSearch ? 0 : -1) else { return nil }
        var keys = decoder.decode(bytes)
        if decoder.hasPending {
            bytes = terminal.read(timeout: Self.escapeTimeoutMilliseconds) ?? []
            keys += decoder.decode(bytes)
            if decoder.hasPending, bytes.isEmpty { keys += decoder.flush() }
        }
        return keys
    }

    /// Carries out `effects` in order. An effect with an answer (a scan, the pane's words, a
    /// preview drawn at once, a failed open) hands it to the controller straight away, and what
    /// that returns is carried out before the next effect. Returns the outcome that ends the session.
    private func perform(_ effects: [SearchEffect]) -> Outcome? {
        for effect in effects {
            if let outcome = perform(effect) { return outcome }
        }
        return nil
    }

    private func perform(_ effect: SearchEffect) -> Outcome? {
        switch effect {
        case .paint(let paint):
            if paint.redrawAll { painter.invalidate() }
            terminal.write(paint.graphics + painter.paint(paint.frame))
        case .scan(let order):
            return perform(controller.handle(run(order)))
        case .readPaneText(let order):
            return perform(controller.handle(.paneTextRead(order, paneText(order))))
        case .requestPreview(let target):
            guard let preview = request(target) else { return nil }
            return perform(controller.handle(.previewArrived(target, preview)))
        case .open(let path):
            guard let reason = open(path) else { return nil }
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
            ) {
                self.terminal.hasInput() || TerminalRestorer.resized.load(ordering: .relaxed)
            }
            guard let result else { return .scanStopped(order) }
            return .scanFinished(order, result)
        } catch {
            return .scanFailed(order, message: error.sentence)
        }
    }

    /// The words of the file for the pane: around the field's words when it has free text the
    /// file holds, else (when wanted) its first lines; nothing without a store.
    private func paneText(_ order: PaneTextOrder) -> PaneText {
        guard let store = searcher.text else { return .nothing }
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
            rows: target.rows, monochrome: Self.monochrome, pixels: Self.terminalImages)
        guard previews.pendingRequest != request else { return nil }
        if previews.pendingRequest != nil {
            guard let deadline = previews.deadline,
                ContinuousClock.now - (deadline - PreviewClient.timeout) > .milliseconds(250)
            else { return nil }
            previews.abandon()
        }
        return previews.send(request)
    }

    /// Reads the new version of the index and hands it to the controller, which searches the
    /// field again in it. A version that cannot be read leaves the session on the old one (still
    /// mapped) with the reason in the status line.
    private func reload() {
        do {
            let (newIndex, text) = try reopen()
            searcher = Searcher(index: newIndex.snapshot, text: text)
            scan = InteractiveScan(index: newIndex.snapshot, ranker: ResultRanker(now: context.now), text: text)
            scan.summarizeInBackground()
            _ = perform(controller.handle(.indexReplaced(newIndex, hasTextStore: text != nil)))
            readCatalog()
        } catch {
            _ = perform(controller.handle(.indexUnreadable(message: error.sentence)))
        }
    }

    /// Reads the value catalog of the index now open: at once on an index of fewer than
    /// ``backgroundCatalogRows`` items (a few milliseconds, and the first key's suggestions have
    /// it), else on a thread of its own.
    private func readCatalog() {
        catalog = Handoff()
        let index = controller.index.snapshot
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
        _ = perform(controller.handle(.catalogRead(read)))
    }

    /// Ctrl-O: hands the item to `xdg-open`, detached, its output discarded so it cannot scribble
    /// over the screen. Nil when it started, else why not.
    private func open(_ path: [UInt8]) -> String? {
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
