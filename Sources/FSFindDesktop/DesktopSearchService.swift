import FSFindModel
import FSFindQuery
import FSFindSearch
import Synchronization

/// GNOME Shell's SearchProvider2 and KRunner's krunner1, answered from ``DesktopSearchBackend``:
/// method name and arguments in, the reply's value out. Knows the interfaces' shapes and rules,
/// not GDBus (``DesktopBus`` carries the calls), so every reply is tested without a bus.
final class DesktopSearchService: Sendable {
    /// A method's answer: the reply tuple, or a D-Bus error.
    enum Reply: Equatable, Sendable {
        case value(DBusValue)
        case error(name: String, message: String)
    }

    /// What tells a running search to stop: a newer search from the same interface, or its time
    /// budget spent.
    struct Stop: Sendable {
        var superseded: @Sendable () -> Bool
        var deadline: ContinuousClock.Instant?

        init(superseded: @escaping @Sendable () -> Bool = { false }, deadline: ContinuousClock.Instant? = nil) {
            self.superseded = superseded
            self.deadline = deadline
        }

        var shouldStop: @Sendable () -> Bool {
            { [superseded, deadline] in superseded() || deadline.map { ContinuousClock.now >= $0 } == true }
        }
    }

    /// GNOME's ids: enough that the Shell's "N more" is true for most searches, few enough that a
    /// search is not slowed by ranking more.
    static let resultLimit = 100
    /// KRunner shows a handful of rows per runner.
    static let matchLimit = 20
    /// The time a search may take before it is given up (GNOME draws after ~150 ms debounce plus
    /// every provider's answer; a late answer is worth less than none).
    static let searchBudget = Duration.milliseconds(300)

    private let backend: DesktopSearchBackend
    private let environment: any DesktopEnvironment
    /// One line on stderr (no newline).
    private let log: @Sendable (String) -> Void
    /// An error as fsfind words it.
    private let describe: @Sendable (FSFindError) -> String
    /// The home folder, shown as `~` in descriptions.
    private let home: [UInt8]?

    private struct State {
        /// The query of GNOME's last search: its snippets are the metas' descriptions.
        var lastQuery: FSFindQuery.Query?
        /// The last problem said on stderr, so each keystroke does not repeat it.
        var lastProblem: String?
    }
    private let state = Mutex(State())

    init(
        backend: DesktopSearchBackend, environment: any DesktopEnvironment, home: [UInt8]?,
        log: @escaping @Sendable (String) -> Void, describe: @escaping @Sendable (FSFindError) -> String
    ) {
        self.backend = backend
        self.environment = environment
        self.home = home.map(PathBytes.trimmed)
        self.log = log
        self.describe = describe
    }

    /// True for the methods that search: a newer one stops an older one of the same interface.
    static func isSearch(interface: String, method: String) -> Bool {
        switch (interface, method) {
        case (DesktopInterfaces.gnome, "GetInitialResultSet"), (DesktopInterfaces.gnome, "GetSubsearchResultSet"),
            (DesktopInterfaces.krunner, "Match"):
            true
        default: false
        }
    }

    /// Gives the index's mapped pages back while no search runs.
    func releasePages() { backend.releasePages() }

    /// Answers one call.
    func call(interface: String, method: String, arguments: [DBusArgument], stop: Stop = Stop()) -> Reply {
        func argument(_ position: Int) -> DBusArgument {
            position < arguments.count ? arguments[position] : .other("")
        }
        switch (interface, method) {
        case (DesktopInterfaces.gnome, "GetInitialResultSet"):
            return .value(.tuple([.strings(initialResultSet(argument(0).strings, stop: stop))]))
        case (DesktopInterfaces.gnome, "GetSubsearchResultSet"):
            return .value(.tuple([.strings(subsearchResultSet(argument(0).strings, argument(1).strings, stop: stop))]))
        case (DesktopInterfaces.gnome, "GetResultMetas"):
            return .value(.tuple([resultMetas(argument(0).strings)]))
        case (DesktopInterfaces.gnome, "ActivateResult"):
            activate(argument(0).string)
            return .value(.tuple([]))
        case (DesktopInterfaces.gnome, "LaunchSearch"):
            if let problem = environment.launchSearch(terms: argument(0).strings) {
                say("could not open fsfind search in a terminal: \(problem)")
            }
            return .value(.tuple([]))
        case (DesktopInterfaces.krunner, "Match"):
            return .value(.tuple([match(argument(0).string, stop: stop)]))
        case (DesktopInterfaces.krunner, "Actions"):
            return .value(.tuple([Self.actions]))
        case (DesktopInterfaces.krunner, "Run"):
            run(argument(0).string, action: argument(1).string)
            return .value(.tuple([]))
        case (DesktopInterfaces.krunner, "Teardown"):
            return .value(.tuple([]))
        case (DesktopInterfaces.krunner, "Config"):
            return .value(
                .tuple([.dictionary([("MinLetterCount", .int32(Int32(DesktopSearchBackend.minimumCharacters)))])]))
        default:
            return .error(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(interface).\(method)")
        }
    }

    // MARK: - GNOME Shell

    /// File URIs, best first, at most ``resultLimit``; when none, the terms with their typos
    /// corrected, as one row that searches for them (``correctionPrefix``).
    func initialResultSet(_ terms: [String], stop: Stop) -> [String] {
        let (items, corrected) = search(terms, limit: Self.resultLimit, stop: stop, remember: true)
        if items.isEmpty, let corrected { return [Self.correctionPrefix + corrected] }
        return items.map { FileURI.make(path: $0.path) }
    }

    /// The id of the row that offers a search with its typos corrected (`quartely` → "quarterly"):
    /// neither Shell nor KRunner lets a provider change the text typed, so the row opens `fsfind
    /// search` on the corrected words (``DesktopEnvironment/launchSearch(terms:)``).
    static let correctionPrefix = "fsfind-did-you-mean:"

    /// The corrected search an id names, or nil for another id.
    static func correctedSearch(_ id: String) -> String? {
        id.hasPrefix(correctionPrefix) ? String(id.dropFirst(correctionPrefix.count)) : nil
    }

    /// What the correction row says.
    static func correctionTitle(_ search: String) -> String { "Did you mean \u{201C}\(search)\u{201D}?" }

    /// The previous ids the new terms still find, in the new ranking. When the previous list was
    /// cut at ``resultLimit`` it is not the whole answer, so the new terms are searched afresh
    /// (as Nautilus does): narrowing it would lose what ranked below the cut.
    func subsearchResultSet(_ previous: [String], _ terms: [String], stop: Stop) -> [String] {
        // A correction row is not a file the new terms could narrow.
        guard previous.count < Self.resultLimit, !previous.contains(where: { Self.correctedSearch($0) != nil }) else {
            return initialResultSet(terms, stop: stop)
        }
        let kept = Set(previous)
        if kept.isEmpty {
            // Nothing to narrow; the query is still the one snippets come from.
            if case .query(let query) = DesktopSearchBackend.read(terms) { state.withLock { $0.lastQuery = query } }
            return []
        }
        // Only the previous answer's rows are looked at, not every row (a fresh search costs
        // twice as much: `benchmarks/RESULTS.md`, "Desktop search"); the words' lookup is what is
        // left.
        let (items, _) = search(
            terms, limit: nil, stop: stop, remember: true, among: previous.compactMap(FileURI.path(of:)))
        return Array(
            items.lazy.map { FileURI.make(path: $0.path) }.filter { kept.contains($0) }.prefix(Self.resultLimit))
    }

    /// One `a{sv}` per id, in order, whatever the id: the Shell drops the whole section when the
    /// count is wrong or a meta lacks `id` or `name`.
    func resultMetas(_ ids: [String]) -> DBusValue {
        let paths = ids.map(FileURI.path(of:))
        let query = state.withLock { $0.lastQuery }
        var items: [DesktopSearchBackend.Item?] = Array(repeating: nil, count: ids.count)
        let known = paths.enumerated().compactMap { k, path in path.map { (k, $0) } }
        do {
            let described = try backend.describe(known.map(\.1), query: query)
            for ((k, _), item) in zip(known, described) { items[k] = item }
        } catch {
            problem(error)
        }
        let metas = zip(ids, zip(paths, items)).map { id, pair -> DBusValue in
            let (path, item) = pair
            if let search = Self.correctedSearch(id) {
                return .dictionary([
                    ("id", .string(id)), ("name", .string(Self.correctionTitle(search))),
                    ("description", .string("Search for it with fsfind")),
                    ("icon", .themedIcon(["edit-find-symbolic", "edit-find"])),
                ])
            }
            guard let path else {
                // Not a file URI (another provider's id, a stale cache): still a row.
                return .dictionary([
                    ("id", .string(id)), ("name", .string(id)),
                    ("icon", environment.icon(path: nil, uri: id, contentType: nil)),
                ])
            }
            let name = item?.name ?? PathBytes.display(path[PathBytes.nameStart(of: path)...])
            return .dictionary([
                ("id", .string(id)), ("name", .string(name.isEmpty ? id : name)),
                ("description", .string(item?.snippet ?? folderText(of: path))),
                ("icon", environment.icon(path: path, uri: id, contentType: item?.contentType)),
                ("clipboardText", .string(PathBytes.display(path))),
            ])
        }
        return .array(elementSignature: "a{sv}", metas)
    }

    private func activate(_ id: String) {
        if let search = Self.correctedSearch(id) {
            launch(search)
            return
        }
        guard FileURI.path(of: id) != nil else {
            say("cannot open \(id): not a file URI")
            return
        }
        if let problem = environment.open(uri: id) { say("could not open \(id): \(problem)") }
    }

    // MARK: - KRunner

    /// krunner1's actions: one beside the default (open the file).
    static let actions = DBusValue.array(
        elementSignature: "(sss)",
        [.tuple([.string("openParentDir"), .string("Open Containing Folder"), .string("document-open-folder")])])

    /// `a(sssida{sv})`: id (the file URI), text (the name), icon name, type (100 Exact for a
    /// whole-name match, else 30 Possible), relevance (0.75 down by 0.05 a rank, at least 0.01),
    /// and the folder as `subtext` and the URI in `urls`.
    func match(_ text: String, stop: Stop) -> DBusValue {
        let terms = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let (items, corrected) = search(terms, limit: Self.matchLimit, stop: stop, remember: false)
        if items.isEmpty, let corrected {
            // KRunner's CompletionMatch (10): a row about the query, not a file.
            let id = Self.correctionPrefix + corrected
            return .array(
                elementSignature: "(sssida{sv})",
                [
                    .tuple([
                        .string(id), .string(Self.correctionTitle(corrected)), .string("edit-find"), .int32(10),
                        .double(0.5), .dictionary([("subtext", .string("Search for it with fsfind"))]),
                    ])
                ])
        }
        let typed = terms.joined(separator: " ").lowercased()
        let matches = items.enumerated().map { rank, item -> DBusValue in
            let uri = FileURI.make(path: item.path)
            let name = item.name.lowercased()
            let stem = name.lastIndex(of: ".").map { String(name[..<$0]) }
            let exact = name == typed || stem == typed
            return .tuple([
                .string(uri), .string(item.name),
                .string(environment.iconName(path: item.path, contentType: item.contentType)),
                .int32(exact ? 100 : 30), .double(max(0.75 - 0.05 * Double(rank), 0.01)),
                .dictionary([("urls", .strings([uri])), ("subtext", .string(folderText(of: item.path)))]),
            ])
        }
        return .array(elementSignature: "(sssida{sv})", matches)
    }

    private func run(_ id: String, action: String) {
        if let search = Self.correctedSearch(id) {
            launch(search)
            return
        }
        // A path is taken too: older runners' ids were paths.
        let uri = id.hasPrefix("/") ? FileURI.make(path: PathBytes.bytes(id)) : id
        guard FileURI.path(of: uri) != nil else {
            say("cannot open \(id): not a file URI")
            return
        }
        switch action {
        case "": if let problem = environment.open(uri: uri) { say("could not open \(id): \(problem)") }
        case "openParentDir": environment.showItems(uris: [uri])
        default: say("krunner asked for an unknown action '\(action)'")
        }
    }

    // MARK: - Shared

    /// Opens `fsfind search` on a corrected search.
    private func launch(_ search: String) {
        let terms = search.split(separator: " ").map(String.init)
        if let problem = environment.launchSearch(terms: terms) {
            say("could not open fsfind search in a terminal: \(problem)")
        }
    }

    /// The files the terms find; when a fresh search finds none, also the terms with their
    /// misspelled words corrected (nil when no word is).
    private func search(
        _ terms: [String], limit: Int?, stop: Stop, remember: Bool, among: [[UInt8]]? = nil
    ) -> (items: [DesktopSearchBackend.Item], corrected: String?) {
        let query: FSFindQuery.Query
        switch DesktopSearchBackend.read(terms) {
        case .tooShort:
            if remember { state.withLock { $0.lastQuery = nil } }
            return ([], nil)
        case .refused(let reason):
            if remember { state.withLock { $0.lastQuery = nil } }
            say("not searched: \(reason)")
            return ([], nil)
        case .query(let read):
            query = read
        }
        if remember { state.withLock { $0.lastQuery = query } }
        do {
            let items = try backend.search(query, limit: limit, among: among, shouldStop: stop.shouldStop)
            state.withLock { $0.lastProblem = nil }
            // Cut at the budget, the search answered with what it had found by then: said.
            if let deadline = stop.deadline, ContinuousClock.now >= deadline, !stop.superseded() {
                say(
                    "a search for \"\(terms.joined(separator: " "))\" took over \(Self.searchBudget): "
                        + "answered with the \(items.count) files found by then")
            }
            guard items.isEmpty, among == nil, !stop.shouldStop() else { return (items, nil) }
            // A correction is a nicety: a store that cannot give one leaves the answer empty.
            let corrections = (try? backend.corrections(query)) ?? []
            guard !corrections.isEmpty else { return (items, nil) }
            return (items, SpellingCorrection.corrected(terms.joined(separator: " "), by: corrections))
        } catch  where error.code == .stopped {
            // Not thrown by a search told to stop (it answers with what it found); kept for a
            // store's question stopped on the way: a newer search took over, or over budget.
            if !stop.superseded() {
                say("a search for \"\(terms.joined(separator: " "))\" took over \(Self.searchBudget): answered nothing")
            }
            return ([], nil)
        } catch {
            problem(error)
            return ([], nil)
        }
    }

    /// An index problem, said once until it changes (an index deleted under a running provider
    /// would otherwise print a line per keystroke).
    private func problem(_ error: FSFindError) {
        let line = describe(error)
        let isNew = state.withLock { state in
            defer { state.lastProblem = line }
            return state.lastProblem != line
        }
        if isNew { log(line) }
    }

    private func say(_ line: String) { log("fsfind desktop-search: " + line) }

    /// The folder holding `path`, with the home folder as `~`.
    func folderText(of path: [UInt8]) -> String {
        let start = PathBytes.nameStart(of: path)
        var folder = Array(path[..<max(0, start - 1)])
        if folder.isEmpty { folder = [PathBytes.slash] }
        if let home, home != [PathBytes.slash], PathBytes.isWithin(folder, folder: home) {
            return "~" + PathBytes.display(folder[home.count...])
        }
        return PathBytes.display(folder)
    }
}
