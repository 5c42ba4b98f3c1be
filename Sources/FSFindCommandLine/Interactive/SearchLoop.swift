import CPlatform
import FSFindIndexFormat
import FSFindIndexer
import FSFindInteractive
import FSFindModel
import FSFindOutput
import FSFindPlatform
import FSFindPreview
import FSFindQuery
import FSFindSearch
import FSFindText
import Foundation
import Glibc

/// The interactive search's event loop: keys in, session updated, index scanned, frame painted.
///
/// Single-threaded on purpose: after each batch of keys the field is painted at once, then the
/// scan runs and polls the terminal every few thousand rows; a waiting key stops it (the search is
/// stale and dropped, never queued) and is handled first.
final class SearchLoop {
    enum Outcome {
        case accepted([UInt8])
        case cancelled
    }

    private let terminal: TerminalDevice
    private var index: IndexSnapshot
    /// Opens the index and its text store again, for a new version written under the session.
    private let reopen: () throws(FSFindError) -> (IndexSnapshot, TextStore?)
    /// Says when the index file is replaced (a watcher or `fsfind index` wrote it): the results
    /// are searched again in the new one. Nil when the index's folder cannot be watched.
    private let changes: IndexChanges?
    /// The selected file's path across a replacement, to select it again in the new results.
    private var keepSelected: [UInt8]?
    private let context: QueryContext
    private var session: SearchSession
    private var recent: RecentSearches
    private var painter = ScreenPainter(
        monochrome: SearchLoop.monochrome, palette: .fromEnvironment(ProcessInfo.processInfo.environment))
    /// `NO_COLOR` set and not empty (no-color.org): attributes only, and pictures without colour.
    private static let monochrome = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    /// Draws previews in a worker process; the screen reads its replies between keys.
    private let previews: any FilePreviewer = PreviewClient(arguments: [FSFindCommand.PreviewWorkerCommand.name])
    private var previewCache = PreviewCache<PreviewRequest>()
    /// The terminal draws previews itself (``KittyGraphics``) rather than in chafa's symbols.
    private static let terminalImages =
        !monochrome && KittyGraphics.isSupported(ProcessInfo.processInfo.environment)
    /// Images sent to the terminal, by id (1 up to ``imageSlots``, reused oldest first, the old
    /// image deleted), so the terminal holds a bounded number of them.
    private var sentImages: [Int: PreviewRequest] = [:]
    private var nextImageID = 1
    private static let imageSlots = 32
    /// Sequences to write before the next frame (an image to send, one to delete).
    private var graphics = ""
    /// The layout of the last frame painted (the preview box comes from it).
    private var layout = ScreenLayout(width: 0, height: 0)
    private var decoder = KeyDecoder()
    private var scan: InteractiveScan
    private let home: [UInt8]
    private var fieldError: QueryError?
    private var needsSearch = true
    /// `FSFIND_SEARCH_TRACE=FILE`: one line per search-triggering key batch, the milliseconds from
    /// reading the keys to painting their results (what `benchmarks/search-keystroke` reports),
    /// then how the answer was found (``traceDetail``).
    private let trace: FileHandle?
    /// The last search's way (`cached`, `narrow` or `full`) and, for a scan, its
    /// ``ScanWork``: rows visited and scored, matches, milliseconds asking the text store and
    /// scanning.
    private var traceDetail = ""
    private var keysReadAt: ContinuousClock.Instant?
    /// `FSFIND_PREVIEW_TRACE=FILE`: for each key that moves the selection, `list MS` when the
    /// list is repainted and `preview MS` when the new selection's preview is on screen, both
    /// from reading the key (what `benchmarks/search-preview` reports).
    private let previewTrace: FileHandle?
    private var movedAt: ContinuousClock.Instant?
    /// Whether the next answer comes from a recent result, the last matches, or every row.
    private var planner = ScanPlanner()
    /// Reads the words inside files for the detail pane; its store is nil without one.
    private var searcher: Searcher
    /// The selected row's text lines for the field they were made for (the pane is repainted
    /// far more often than the selection or the field change).
    private var paneText: (row: Int, field: String, lines: [String])?
    /// Set by a paint whose pane lacked the selected row's words (not worked out yet).
    private var paneTextMissing = false

    /// The index's value catalog for the suggestions, read on a thread of its own (0.7 s on a
    /// million rows, which held the first paint) and taken between keys; a new one per index.
    private var catalog = Handoff<ValueCatalog>()

    /// How long to wait after a lone ESC for the rest of an arrow key's sequence.
    static let escapeTimeoutMilliseconds: Int32 = 40

    init(
        terminal: TerminalDevice, index: IndexSnapshot, text: TextStore?, context: QueryContext, session: SearchSession,
        recent: RecentSearches, reopen: @escaping () throws(FSFindError) -> (IndexSnapshot, TextStore?)
    ) {
        self.terminal = terminal
        self.index = index
        self.reopen = reopen
        self.changes = try? IndexChanges(indexPath: index.path)
        self.searcher = Searcher(index: index, text: text)
        self.context = context
        self.session = session
        self.recent = recent
        self.scan = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), text: text)
        scan.summarizeInBackground()
        self.home = ProcessInfo.processInfo.environment["HOME"].map { PathBytes.absolute(PathBytes.bytes($0)) } ?? []
        self.session.recent = recent.entries
        if let path = ProcessInfo.processInfo.environment["FSFIND_SEARCH_TRACE"], !path.isEmpty {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            trace = FileHandle(forWritingAtPath: path)
        } else {
            trace = nil
        }
        if let path = ProcessInfo.processInfo.environment["FSFIND_PREVIEW_TRACE"], !path.isEmpty {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            previewTrace = FileHandle(forWritingAtPath: path)
        } else {
            previewTrace = nil
        }
    }

    /// Writes `what` and the milliseconds since `start` to the preview trace.
    private func tracePreview(_ what: String, since start: ContinuousClock.Instant) {
        previewTrace?.write(Data((what + " " + Self.milliseconds(ContinuousClock.now - start) + "\n").utf8))
    }

    /// `duration` in milliseconds with three decimals, as the traces write it.
    private static func milliseconds(_ duration: Duration) -> String {
        String(
            format: "%.3f", Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
    }

    /// Runs until Enter, Esc or Ctrl-C. Throws when the index turns out damaged mid-session.
    func run() throws(FSFindError) -> Outcome {
        // The terminal frees the images it was sent (it would keep them after the screen is gone).
        defer { if !sentImages.isEmpty { terminal.write(sentImages.keys.sorted().map(KittyGraphics.delete).joined()) } }
        session.refreshSuggestions()
        draw()
        readCatalog()
        while true {
            takeCatalog()
            if TerminalRestorer.resized.exchange(false, ordering: .relaxed) {
                painter.invalidate()
                draw()
            }
            if needsSearch {
                search()
                if !needsSearch, let path = keepSelected {
                    keepSelected = nil
                    if let position = session.results.rows.firstIndex(where: { index.path(at: $0) == path }) {
                        session.select(position: position)
                    }
                }
                draw()
                if !needsSearch, let start = keysReadAt {
                    trace?.write(Data((Self.milliseconds(ContinuousClock.now - start) + " " + traceDetail + "\n").utf8))
                    keysReadAt = nil
                }
            }
            // The pane's words come after the list is painted, and only when no key waits: a
            // snippet of a long file costs tens of milliseconds, which a keystroke must not.
            if !needsSearch, paneTextMissing, !terminal.hasInput() {
                if let row = session.selectedRow { _ = textLines(for: row) }
                draw()
            }
            // The preview follows the same way: asked for once the list is painted, its reply read
            // between keys, so a slow picture never holds a keystroke.
            if !needsSearch, !terminal.hasInput() { startPreview() }
            if !needsSearch, let socket = previews.descriptor, let deadline = previews.deadline,
                !terminal.waitForInput(orReadable: socket, until: deadline)
            {
                if let (request, preview) = previews.collect() {
                    previewCache.insert(preview, for: request)
                    draw()
                    if let start = movedAt, let row = session.selectedRow, previewRequest(for: row) == request {
                        tracePreview("preview", since: start)
                        movedAt = nil
                    }
                }
                continue
            }
            // Idle: wait for a key or a new version of the index, whichever comes first.
            if !needsSearch, let changes, !terminal.waitForInput(orReadable: changes.descriptor, until: nil) {
                if changes.replaced() { reload() }
                continue
            }
            guard var bytes = terminal.read(timeout: needsSearch ? 0 : -1) else { return .cancelled }
            var keys = decoder.decode(bytes)
            if decoder.hasPending {
                bytes = terminal.read(timeout: Self.escapeTimeoutMilliseconds) ?? []
                keys += decoder.decode(bytes)
                if decoder.hasPending, bytes.isEmpty { keys += decoder.flush() }
            }
            guard !keys.isEmpty else { continue }
            let readAt = ContinuousClock.now
            takeCatalog()
            let selectedBefore = session.selectedRow
            for key in keys {
                switch session.handle(key) {
                case .none, .redraw:
                    break
                case .search:
                    needsSearch = true
                    if keysReadAt == nil { keysReadAt = ContinuousClock.now }
                case .accept:
                    guard let row = session.selectedRow else { break }
                    recent.record(session.field.string)
                    return .accepted(index.path(at: row))
                case .open:
                    guard let row = session.selectedRow else { break }
                    recent.record(session.field.string)
                    session.recent = recent.entries
                    open(index.path(at: row))
                case .cancel:
                    return .cancelled
                }
                if key == .control("l") { painter.invalidate() }
            }
            // The field shows every key at once; results follow when the scan finishes.
            draw()
            if previewTrace != nil, !needsSearch, session.selectedRow != selectedBefore {
                tracePreview("list", since: readAt)
                movedAt = readAt
                if let row = session.selectedRow, let request = previewRequest(for: row),
                    previewCache.preview(for: request) != nil
                {
                    tracePreview("preview", since: readAt)
                    movedAt = nil
                }
            }
        }
    }

    /// Reads the new version of the index and searches the field again in it, keeping the
    /// selected file selected. A version that cannot be read leaves the session on the old one
    /// (still mapped) with the reason in the status line.
    private func reload() {
        do {
            let (newIndex, text) = try reopen()
            keepSelected = session.selectedRow.map { index.path(at: $0) }
            index = newIndex
            searcher = Searcher(index: newIndex, text: text)
            scan = InteractiveScan(index: newIndex, ranker: ResultRanker(now: context.now), text: text)
            scan.summarizeInBackground()
            planner = ScanPlanner()
            paneText = nil
            readCatalog()
            needsSearch = true
        } catch {
            session.status = error.sentence
            draw()
        }
    }

    /// Reads the value catalog of the index now open: at once on an index of fewer than
    /// ``backgroundCatalogRows`` items (a few milliseconds, and the first key's suggestions have
    /// it), else on a thread of its own.
    private func readCatalog() {
        catalog = Handoff()
        let index = index
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

    /// Puts the catalog in the session once it is read, for the suggestions of the next key.
    private func takeCatalog() {
        guard let read = catalog.take() else { return }
        session.catalog = read
        session.refreshSuggestions()
    }

    private func search() {
        let query = FieldQuery(session.field, context: context)
        fieldError = query.error
        guard query.error == nil else {
            needsSearch = false  // keep the last results until the text is whole again
            return
        }
        let candidates: [Int]?
        switch planner.plan(for: session) {
        case .cached(let result):
            session.apply(result)
            needsSearch = false
            traceDetail = "cached"
            return
        case .narrow(let rows): candidates = rows
        case .full: candidates = nil
        }
        do {
            let result = try scan.run(query, scope: session.scope, onlyIn: session.location, candidates: candidates) {
                self.terminal.hasInput() || TerminalRestorer.resized.load(ordering: .relaxed)
            }
            guard let result else { return }  // stale: a key is waiting
            if trace != nil { traceDetail = Self.describe(result, narrowed: candidates != nil) }
            planner.finished(result, for: session)
            session.apply(result)
            needsSearch = false
        } catch {
            session.status = error.sentence
            needsSearch = false
        }
    }

    /// ``traceDetail`` of a scan: `narrow|full visited V scored S bounded B matched M content MS scan MS`.
    private static func describe(_ result: ScanResult, narrowed: Bool) -> String {
        let work = result.work
        return "\(narrowed ? "narrow" : "full") visited \(work.visited) scored \(work.scored) bounded \(work.bounded) "
            + "matched \(result.matched.count) content \(milliseconds(work.content)) scan \(milliseconds(work.scan))"
    }

    private func draw() {
        let size = terminal.size()
        layout = ScreenLayout(
            width: size.width, height: size.height, emptyIndexHint: "The index is empty: run 'fsfind index FOLDER'",
            showsDetail: session.showsDetail)
        session.pageSize = layout.listRows
        session.keepSelectionVisible()
        let frame = layout.render(model(rows: layout.listRows))
        terminal.write(graphics + painter.paint(frame))
        graphics = ""
    }

    /// What the pane's preview box would show for `row`: nil when the box is hidden or the file
    /// has no kind of preview.
    private func previewRequest(for row: Int) -> PreviewRequest? {
        guard var box = layout.previewBox else { return nil }
        if Self.terminalImages { box.columns = min(box.columns, KittyGraphics.largestSide) }
        var tree: [String] = []
        if case .textList(let types)? = index.value(of: .contentTypeTree, at: row) { tree = types }
        guard previews.hasPreview(tree: tree, name: index.name(at: row)) else { return nil }
        return PreviewRequest(
            path: index.path(at: row), identity: index.identity(at: row), tree: tree, columns: box.columns,
            rows: box.rows, monochrome: Self.monochrome, pixels: Self.terminalImages)
    }

    /// The id under which the terminal holds `image`, sending it first (after deleting the image
    /// whose id it takes) when it is not there yet.
    private func imageID(for request: PreviewRequest, _ image: PreviewImage) -> Int {
        if let id = sentImages.first(where: { $0.value == request })?.key { return id }
        let id = nextImageID
        nextImageID = nextImageID % Self.imageSlots + 1
        if sentImages[id] != nil { graphics += KittyGraphics.delete(id: id) }
        sentImages[id] = request
        graphics += KittyGraphics.transmit(image, id: id)
        return id
    }

    /// Asks the worker for the selected file's preview unless it is drawn already or on its way.
    /// A request for another file that has taken a quarter of a second is given up (its worker
    /// killed): the selection moved on, and the new file should not wait for the old one.
    private func startPreview() {
        guard let row = session.selectedRow, let request = previewRequest(for: row),
            previewCache.preview(for: request) == nil, previews.pendingRequest != request
        else { return }
        if previews.pendingRequest != nil {
            guard let deadline = previews.deadline,
                ContinuousClock.now - (deadline - previews.timeout) > .milliseconds(250)
            else { return }
            previews.abandon()
        }
        if let preview = previews.send(request) {
            previewCache.insert(preview, for: request)
            draw()
        }
    }

    /// The words of the selected file for the pane: around the field's words when it has free
    /// text the file holds, else its first lines; nothing without a store.
    private func textLines(for row: Int) -> [String] {
        let field = session.field.text
        if let cached = paneText, cached.row == row, cached.field == field { return cached.lines }
        var lines: [String] = []
        if let store = searcher.text {
            if let query = FieldQuery(session.field, context: context).text,
                let snippet = (try? searcher.snippets(for: query, rows: [row]))?[row]
            {
                lines = [(snippet.page.map { "p. \($0): " } ?? "") + snippet.text]
            } else if previewRequest(for: row) == nil,  // else the preview box shows the file
                let start = try? store.textStart(
                    path: index.path(at: row), identity: index.identity(at: row), characters: 5 * 120)
            {
                lines = Array(
                    start.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                        .filter { !$0.isEmpty }.prefix(5))
            }
        }
        paneText = (row, field, lines)
        return lines
    }

    private func model(rows: Int) -> ScreenModel {
        paneTextMissing = false
        var model = ScreenModel()
        model.field = session.field
        model.error = fieldError
        model.suggestions = session.suggestions.map(\.title)
        model.highlightedSuggestion = session.highlightedSuggestion
        model.scopes = Scope.allCases.map {
            ScreenModel.ScopeSegment(title: $0.title, count: session.hasResults ? session.results.count(of: $0) : nil)
        }
        model.selectedScope = Scope.allCases.firstIndex(of: session.scope) ?? 0
        model.location = session.everywhere ? "Everywhere" : "In " + shortened(session.folder)
        model.status = session.status
        guard session.hasResults else { return model }
        model.total = session.results.total
        let visible = session.results.rows.dropFirst(session.scrollTop).prefix(rows)
        let pane = DetailPane(now: context.now, timeZone: context.timeZone)
        let words = FieldQuery(session.field, context: context).words.map { String(decoding: $0, as: UTF8.self) }
        model.entries = visible.map { row in
            let path = index.path(at: row)
            let name: String
            if case .text(let display)? = index.value(of: .displayName, at: row) {
                name = display
            } else {
                name = PathBytes.display(index.name(at: row))
            }
            let slash = path.lastIndex(of: UInt8(ascii: "/")) ?? 0
            var kind: String?
            if case .text(let text)? = index.value(of: .kind, at: row) { kind = text }
            var size: Double?
            if case .number(let bytes)? = index.value(of: .fileSize, at: row) { size = bytes }
            var modified: Date?
            if case .date(let date)? = index.value(of: .contentModificationDate, at: row) { modified = date }
            return ScreenModel.Entry(
                name: name, folder: shortened(slash == 0 ? [UInt8(ascii: "/")] : Array(path[..<slash])),
                facts: pane.facts(kind, size: size, modified: modified),
                highlights: NameHighlight.ranges(in: name, words: words))
        }
        if let row = session.selectedRow {
            model.selectedEntry = session.selection - session.scrollTop
            model.detailTitle = shortened(index.path(at: row))
            // The words only once worked out (see run()); until then the pane shows the rest.
            let cached = paneText.flatMap { $0.row == row && $0.field == session.field.text ? $0.lines : nil }
            paneTextMissing = cached == nil && searcher.text != nil && session.showsDetail
            if let request = previewRequest(for: row) {
                model.expectsPreview = true
                model.preview = previewCache.preview(for: request)
                if case .image(let image)? = model.preview { model.previewImageID = imageID(for: request, image) }
            }
            model.detail = DetailPane(now: context.now, timeZone: context.timeZone).lines(
                index.attributes(at: row), problem: index.problem(at: row), text: cached ?? [])
        }
        return model
    }

    /// `path` for people: the home folder as `~`.
    private func shortened(_ path: [UInt8]) -> String {
        if !home.isEmpty, home != [UInt8(ascii: "/")], PathBytes.isWithin(path, folder: home) {
            return "~" + PathBytes.display(path.dropFirst(home.count))
        }
        return PathBytes.display(path)
    }

    /// Ctrl-O: hands the item to `xdg-open`, detached, its output discarded so it cannot scribble
    /// over the screen.
    private func open(_ path: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", PathBytes.display(path)]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            session.status = "Opened \(PathBytes.display(path)) with xdg-open"
        } catch {
            session.status = "Cannot run xdg-open: \(error.localizedDescription)"
        }
    }
}
