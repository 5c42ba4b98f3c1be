import FSFindModel
import FSFindSearch

/// The interactive search's state and what each key does to it: the field, the scope and location
/// controls, the result selection and the suggestions. No I/O: the terminal loop feeds keys in
/// and carries out the ``Action`` each returns.
struct SearchSession: Sendable {
    /// What the loop must do after a key.
    enum Action: Sendable, Equatable {
        case none
        /// Draw again; results still hold.
        case redraw
        /// The field, scope or location changed: search again (drawing the field first).
        case search
        /// Print the selected path and exit 0.
        case accept
        /// Open the selected item with the desktop's default application.
        case open
        /// Exit 130, printing nothing.
        case cancel
    }

    var field: SearchField
    var scope: Scope
    /// False when the search is narrowed to ``folder`` (the location scope).
    var everywhere: Bool
    /// Whether the detail pane is shown (Ctrl-P hides and shows it).
    var showsDetail = true
    /// The folder the location scope narrows to (`--onlyin`, else the working folder).
    let folder: [UInt8]
    /// The last finished scan (kept while the typed text has an error).
    private(set) var results = ScanResult()
    /// True until the first scan finishes.
    private(set) var hasResults = false
    /// Index into `results.rows` of the selected result.
    private(set) var selection = 0
    /// The first result row on screen.
    private(set) var scrollTop = 0
    /// How many result rows the screen shows (set by the loop from ``ScreenLayout``).
    var pageSize = 10
    private(set) var suggestions: [Suggestion] = []
    private(set) var highlightedSuggestion = 0
    var catalog = ValueCatalog()
    var recent: [String] = []
    /// A one-line message (an opened file, a failure) shown until the next key.
    var status: String?

    init(field: SearchField = SearchField(), scope: Scope = .all, everywhere: Bool = true, folder: [UInt8]) {
        self.field = field
        self.scope = scope
        self.everywhere = everywhere
        self.folder = folder
    }

    /// The row of the selected result, if any.
    var selectedRow: Int? {
        results.rows.indices.contains(selection) ? results.rows[selection] : nil
    }

    /// The location scope to search in, nil for everywhere.
    var location: [UInt8]? { everywhere ? nil : folder }

    /// Applies one key.
    mutating func handle(_ key: Key) -> Action {
        status = nil
        switch key {
        case .text(let text):
            field.insert(text)
            return fieldChanged()
        case .backspace:
            guard !field.isEmpty else { return .none }
            field.backspace()
            return fieldChanged()
        case .delete:
            return field.deleteSelectedToken() ? fieldChanged() : .none
        case .control("w"):
            field.deleteWord()
            return fieldChanged()
        case .control("u"):
            field.clear()
            return fieldChanged()
        case .left:
            return field.selectPreviousToken() ? .redraw : .none
        case .right:
            if field.selectNextToken() { return .redraw }
            return acceptSuggestion() ? fieldChanged() : .none
        case .control("s"):
            guard !suggestions.isEmpty else { return .none }
            highlightedSuggestion = (highlightedSuggestion + 1) % suggestions.count
            return .redraw
        case .up:
            return move(by: -1)
        case .down, .control("n"):
            return move(by: 1)
        case .pageUp:
            return move(by: -max(1, pageSize - 1))
        case .pageDown:
            return move(by: max(1, pageSize - 1))
        case .home:
            return move(by: -selection)
        case .end:
            return move(by: results.rows.count - 1 - selection)
        case .tab, .backTab:
            let all = Scope.allCases
            let position = all.firstIndex(of: scope) ?? 0
            scope = all[(position + (key == .tab ? 1 : all.count - 1)) % all.count]
            return .search
        case .control("f"):
            everywhere.toggle()
            return .search
        case .enter:
            return selectedRow == nil ? .none : .accept
        case .control("o"):
            return selectedRow == nil ? .none : .open
        case .escape, .control("c"), .control("g"):
            return .cancel
        case .control("l"):
            return .redraw
        case .control("p"):
            showsDetail.toggle()
            return .redraw
        default:
            return .none
        }
    }

    /// Takes a finished scan: the selection goes back to the best result.
    mutating func apply(_ result: ScanResult) {
        let corrected = result.corrections != results.corrections
        results = result
        hasResults = true
        selection = 0
        scrollTop = 0
        if corrected { refreshSuggestions() }
    }

    /// Selects the result at `position` (the same file after the index was replaced under the
    /// session), scrolled into view.
    mutating func select(position: Int) {
        guard results.rows.indices.contains(position) else { return }
        selection = position
        keepSelectionVisible()
    }

    /// Recomputes the suggestions for the field as it now is.
    mutating func refreshSuggestions() {
        suggestions = SuggestionList.suggestions(for: field, catalog: catalog, recent: recent)
        // The search with its typos corrected comes first, so → takes it.
        if !results.corrections.isEmpty, !field.isEmpty {
            let search = SpellingCorrection.corrected(field.string, by: results.corrections)
            suggestions.insert(Suggestion(title: "did you mean: \(search)", action: .corrected(search)), at: 0)
        }
        highlightedSuggestion = 0
    }

    private mutating func fieldChanged() -> Action {
        refreshSuggestions()
        return .search
    }

    private mutating func acceptSuggestion() -> Bool {
        guard suggestions.indices.contains(highlightedSuggestion) else { return false }
        switch suggestions[highlightedSuggestion].action {
        case .token(let token): field.replaceCurrentWord(with: token)
        case .completeWord(let word): field.replaceCurrentWord(with: word)
        case .recent(let search), .corrected(let search): field = SearchField(search + " ")
        }
        return true
    }

    private mutating func move(by delta: Int) -> Action {
        guard !results.rows.isEmpty else { return .none }
        let target = min(max(0, selection + delta), results.rows.count - 1)
        guard target != selection else { return .none }
        selection = target
        keepSelectionVisible()
        return .redraw
    }

    /// Scrolls so the selected result is on screen.
    mutating func keepSelectionVisible() {
        let rows = max(1, pageSize)
        if selection < scrollTop { scrollTop = selection }
        if selection >= scrollTop + rows { scrollTop = selection - rows + 1 }
        scrollTop = max(0, min(scrollTop, max(0, results.rows.count - rows)))
    }
}
