import FSFindIndexFormat
import FSFindModel
import FSFindQuery
import FSFindSearch
import Foundation

/// The frame: what the session and the index show in the window as it now is.
extension SearchController {
    /// The current frame, laid out for the window; the list's page follows the layout, so the
    /// selection is scrolled into view first.
    mutating func paint() -> SearchEffect {
        layout = ScreenLayout(
            width: width, height: height, emptyIndexHint: settings.emptyIndexHint, showsDetail: session.showsDetail)
        session.pageSize = layout.listRows
        session.keepSelectionVisible()
        let paint = SearchPaint(
            layout: layout, model: model(rows: layout.listRows), graphics: graphics, redrawAll: redrawAll)
        graphics = ""
        redrawAll = false
        return .paint(paint)
    }

    /// The frame's values: only the visible rows are read from the index.
    private mutating func model(rows: Int) -> ScreenModel {
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
        let pane = DetailPane(now: context.now, timeZone: context.timeZone)
        let visible = Array(session.results.rows.dropFirst(session.scrollTop).prefix(rows))
        // A copy while the closures below read `self`; put back at the end.
        var memo = self.memo
        defer { self.memo = memo }
        model.entries = memo.entries(rows: visible, words: shownWords) {
            visible.map { entry(row: $0, pane: pane, words: shownWords) }
        }
        if let row = session.selectedRow {
            model.selectedEntry = session.selection - session.scrollTop
            // The words only once read (at ``SearchEvent/idle``); until then the pane shows the rest.
            let cached = paneText.flatMap { $0.row == row && $0.field == session.field.text ? $0.lines : nil }
            paneTextMissing = cached == nil && hasTextStore && session.showsDetail
            if let target = previewTarget(for: row) {
                model.expectsPreview = true
                model.preview = previewCache.preview(for: target)
                if case .image(let image)? = model.preview { model.previewImageID = imageID(for: target, image) }
            }
            (model.detailTitle, model.detail) = memo.pane(row: row, text: cached ?? []) {
                (
                    shortened(index.path(at: row)),
                    pane.lines(index.attributes(at: row), problem: index.problem(at: row), text: cached ?? [])
                )
            }
        }
        return model
    }

    /// One row of the list: its name with the typed words' letters marked, its folder, its facts.
    private func entry(row: Int, pane: DetailPane, words: [String]) -> ScreenModel.Entry {
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

    /// `path` for people: the home folder as `~`.
    func shortened(_ path: [UInt8]) -> String {
        let home = settings.home
        if !home.isEmpty, home != [UInt8(ascii: "/")], PathBytes.isWithin(path, folder: home) {
            return "~" + PathBytes.display(path.dropFirst(home.count))
        }
        return PathBytes.display(path)
    }

    /// The pane's lines for a file's words: a snippet on one line (with its page), or the first
    /// five lines of its text that are not blank.
    static func lines(of text: PaneText) -> [String] {
        switch text {
        case .snippet(let snippet, let page):
            return [(page.map { "p. \($0): " } ?? "") + snippet]
        case .start(let start):
            return Array(
                start.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }.prefix(5))
        case .nothing:
            return []
        }
    }
}
