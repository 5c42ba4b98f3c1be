import FSFindIndexFormat
import FSFindModel
import FSFindQuery
import FSFindSearch
import Foundation

/// Decides what `fsfind search` shows and does: ``SearchEvent``s in (keys, a resize, a scan's
/// answer, a preview, a new index), ``SearchEffect``s out (a frame to paint, a scan to run, a
/// preview to ask for, a path to hand back).
///
/// It makes no system call: the terminal loop polls, reads, scans, asks the preview worker and
/// writes, and tells this type what came of it, so every decision the screen makes is tested
/// without a terminal (`SearchControllerTests`).
struct SearchController {
    /// What the controller cannot find out itself without a system call: the environment and the
    /// front end's wording.
    struct Settings: Sendable {
        /// The home folder, shown as `~` in paths; empty when unknown.
        var home: [UInt8] = []
        /// What the list says when the index is empty: the front end names its own command.
        var emptyIndexHint = "The index is empty"
        /// The terminal draws previews itself (``KittyGraphics``) rather than in chafa's symbols.
        var terminalImages = false
        /// Whether a file has a kind of preview, by its type tree and name: the preview maker's
        /// rule, which lives beside the worker.
        var previewable: @Sendable (_ tree: [String], _ name: [UInt8]) -> Bool = { _, _ in false }
        /// `FSFIND_SEARCH_TRACE` is set: report each answered batch of keys.
        var tracesSearches = false
        /// `FSFIND_PREVIEW_TRACE` is set: report when a moved selection's list and preview show.
        var tracesPreviews = false

        init() {}
    }

    /// The field, the controls, the results and the selection.
    var session: SearchSession
    /// The searches ended with Enter or Ctrl-O, newest first; the loop writes them.
    var recent: RecentSearches
    /// The index the rows are read from, a reader of everything the screen shows (the detail
    /// pane lists every attribute); a new version replaces it (``SearchEvent/indexReplaced(_:hasTextStore:)``).
    var index: IndexReader
    /// Whether the index has a text store: the pane then shows the selected file's words.
    var hasTextStore: Bool
    let context: QueryContext
    let settings: Settings

    /// The field (or scope, or location) changed since its answer was painted.
    var needsSearch = true
    /// Why the typed text cannot run yet; the last results stay until it can.
    var fieldError: QueryError?
    /// Whether the next answer comes from a recent result, the last matches, or every row.
    var planner = ScanPlanner()
    /// The number of the scan ordered and not answered yet; an answer to another is stale.
    var pendingScan: Int?
    var scanOrders = 0
    /// The selected file's path across a new version of the index, to select it again.
    var keepSelected: [UInt8]?

    /// The window, in columns and rows.
    var width = 80
    var height = 24
    /// The layout of the last frame painted (the preview box comes from it).
    var layout = ScreenLayout(width: 0, height: 0)
    /// The next paint repaints every line (a resize, Ctrl-L).
    var redrawAll = false
    /// The selected row's words for the field they were read for (the pane is painted far more
    /// often than the selection or the field change).
    var paneText: (row: Int, field: String, lines: [String])?
    /// Set by a paint whose pane lacked the selected row's words (not read yet).
    var paneTextMissing = false
    /// The words the shown results answered, which the list marks in names: until a key's answer
    /// comes, the list is the last answer's, marked as it was.
    var shownWords: [String] = []
    /// The last frame's entries and pane lines (``FrameMemo``).
    var memo = FrameMemo()

    /// Previews drawn, so moving back to a file shows it at once.
    var previewCache = PreviewCache<PreviewTarget>()
    /// Images sent to the terminal, by id (1 up to ``imageSlots``, reused oldest first, the old
    /// image deleted), so the terminal holds a bounded number of them.
    var sentImages: [Int: PreviewTarget] = [:]
    var nextImageID = 1
    static let imageSlots = 32
    /// Graphics commands to send before the next frame (an image to send, one to delete).
    var graphics = ""

    /// When the keys that asked for the search in progress were read (the search trace).
    var keysReadAt: ContinuousClock.Instant?
    /// How the last answer was found: `cached`, or a scan's cost (the search trace).
    var traceDetail = ""
    /// When the key that moved the selection was read, until its preview shows (the preview trace).
    var movedAt: ContinuousClock.Instant?

    init(
        index: IndexReader, hasTextStore: Bool, context: QueryContext, session: SearchSession,
        recent: RecentSearches, settings: Settings = Settings()
    ) {
        self.index = index
        self.hasTextStore = hasTextStore
        self.context = context
        self.session = session
        self.recent = recent
        self.settings = settings
        self.session.recent = recent.entries
    }

    /// Takes one event; the effects are to be carried out in order.
    mutating func handle(_ event: SearchEvent) -> [SearchEffect] {
        switch event {
        case .started(let width, let height):
            (self.width, self.height) = (width, height)
            session.refreshSuggestions()
            return [paint()]
        case .resized(let width, let height):
            (self.width, self.height) = (width, height)
            redrawAll = true
            return [paint()]
        case .keys(let keys, let readAt):
            return handle(keys, readAt: readAt)
        case .readyToSearch:
            return search()
        case .scanFinished(let order, let result):
            return finish(order, with: result)
        case .scanStopped(let order):
            guard order.number == pendingScan else { return [] }
            pendingScan = nil
            return answered()
        case .scanFailed(let order, let message):
            guard order.number == pendingScan else { return [] }
            pendingScan = nil
            session.status = message
            needsSearch = false
            return answered()
        case .idle:
            return idleWork()
        case .paneTextRead(let order, let text):
            paneText = (order.row, order.field, Self.lines(of: text))
            return [paint()]
        case .previewArrived(let target, let preview):
            return show(preview, for: target)
        case .catalogRead(let catalog):
            session.catalog = catalog
            session.refreshSuggestions()
            return []
        case .indexReplaced(let newIndex, let hasTextStore):
            replace(by: newIndex, hasTextStore: hasTextStore)
            return []
        case .indexUnreadable(let message):
            session.status = message
            return [paint()]
        case .openFailed(let path, let reason):
            // Only while the status still says it opened: a later key has cleared it.
            guard session.status == Self.openedStatus(path) else { return [] }
            session.status = "Cannot run xdg-open: \(reason)"
            return [paint()]
        case .ending:
            guard !sentImages.isEmpty else { return [] }
            // The terminal frees the images it was sent (it would keep them after the screen is gone).
            return [.sendGraphics(sentImages.keys.sorted().map(KittyGraphics.delete).joined())]
        }
    }

    /// What Ctrl-O's status line says: `xdg-open` was started for `path`.
    static func openedStatus(_ path: [UInt8]) -> String { "Opened \(PathBytes.display(path)) with xdg-open" }

    /// Applies a batch of keys to the session and paints once, after all of them. Enter and Esc
    /// end the session at once, as the keys after them were typed for no screen.
    private mutating func handle(_ keys: [Key], readAt: ContinuousClock.Instant) -> [SearchEffect] {
        let selectedBefore = session.selectedRow
        var effects: [SearchEffect] = []
        var opens: [[UInt8]] = []
        for key in keys {
            switch session.handle(key) {
            case .none, .redraw:
                break
            case .search:
                needsSearch = true
                pendingScan = nil
                if keysReadAt == nil { keysReadAt = readAt }
            case .accept:
                guard let row = session.selectedRow else { break }
                if recent.remember(session.field.string) { effects.append(.saveRecentSearches(recent)) }
                return effects + opens.map(SearchEffect.open) + [.finish(.accepted(index.path(at: row)))]
            case .open:
                guard let row = session.selectedRow else { break }
                if recent.remember(session.field.string) { effects.append(.saveRecentSearches(recent)) }
                session.recent = recent.entries
                let path = index.path(at: row)
                opens.append(path)
                session.status = Self.openedStatus(path)
            case .cancel:
                return effects + opens.map(SearchEffect.open) + [.finish(.cancelled)]
            }
            if key == .control("l") { redrawAll = true }
        }
        // The field shows every key at once; results follow when the scan finishes. Files are
        // opened after the paint, so a failure's status replaces the optimistic one.
        effects.append(paint())
        effects += opens.map(SearchEffect.open)
        if settings.tracesPreviews, !needsSearch, session.selectedRow != selectedBefore {
            effects.append(.tracePreview("list", since: readAt))
            movedAt = readAt
            if let target = selectedPreviewTarget, previewCache.preview(for: target) != nil {
                effects.append(.tracePreview("preview", since: readAt))
                movedAt = nil
            }
        }
        return effects
    }

    /// Answers the field when it is due: from a recent result, or by ordering a scan of the last
    /// matches (the field only narrowed) or of every row. A field whose text has an error keeps
    /// the last results until the text is whole again.
    private mutating func search() -> [SearchEffect] {
        guard needsSearch, pendingScan == nil else { return [] }
        let query = FieldQuery(session.field, context: context)
        fieldError = query.error
        guard query.error == nil else {
            needsSearch = false
            return answered()
        }
        let candidates: [Int]?
        switch planner.plan(for: session) {
        case .cached(let result):
            session.apply(result)
            shownWords = Self.words(query)
            needsSearch = false
            traceDetail = "cached"
            return answered()
        case .narrow(let rows): candidates = rows
        case .full: candidates = nil
        }
        scanOrders += 1
        pendingScan = scanOrders
        return [
            .scan(
                ScanOrder(
                    number: scanOrders, query: query, scope: session.scope, location: session.location,
                    candidates: candidates))
        ]
    }

    /// Takes a finished scan, unless the field moved past it (a stale answer is dropped).
    private mutating func finish(_ order: ScanOrder, with result: ScanResult) -> [SearchEffect] {
        guard order.number == pendingScan else { return [] }
        pendingScan = nil
        if settings.tracesSearches { traceDetail = Self.describe(result, narrowed: order.candidates != nil) }
        planner.finished(result, for: session)
        session.apply(result)
        shownWords = Self.words(order.query)
        needsSearch = false
        return answered()
    }

    /// Paints the search's answer (or, when it was stale, the screen as it is), selecting again
    /// the file selected before a new index, and traces the keys that asked for it.
    private mutating func answered() -> [SearchEffect] {
        if !needsSearch, let path = keepSelected {
            keepSelected = nil
            if let position = session.results.rows.firstIndex(where: { index.path(at: $0) == path }) {
                session.select(position: position)
            }
        }
        var effects = [paint()]
        if !needsSearch, let start = keysReadAt {
            if settings.tracesSearches { effects.append(.traceSearch(since: start, detail: traceDetail)) }
            keysReadAt = nil
        }
        return effects
    }

    /// Moves to a new version of the index: the field is searched again there, the selected file
    /// selected again, and what was worked out for the old rows forgotten.
    private mutating func replace(by newIndex: IndexReader, hasTextStore: Bool) {
        keepSelected = session.selectedRow.map { index.path(at: $0) }
        index = newIndex
        self.hasTextStore = hasTextStore
        planner = ScanPlanner()
        memo.forget()
        paneText = nil
        pendingScan = nil
        needsSearch = true
    }

    /// A query's words as the list marks them in names.
    private static func words(_ query: FieldQuery) -> [String] {
        query.words.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The search trace's detail of a scan: `narrow|full`, then what it cost (``ScanResult/trace``).
    static func describe(_ result: ScanResult, narrowed: Bool) -> String {
        "\(narrowed ? "narrow" : "full") " + result.trace
    }

    /// `duration` in milliseconds with three decimals, as the traces write it.
    static func milliseconds(_ duration: Duration) -> String {
        String(
            format: "%.3f", Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
    }
}
