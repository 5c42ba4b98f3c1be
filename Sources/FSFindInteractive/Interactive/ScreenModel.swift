import FSFindQuery

/// Everything one frame of the interactive search shows, as plain values: the loop fills it from
/// the session and the index (only the visible rows), and ``ScreenLayout`` draws it.
struct ScreenModel: Sendable, Equatable {
    /// One row of the result list.
    struct Entry: Sendable, Equatable {
        var name: String
        /// The folder holding it, `~` for the home folder.
        var folder: String
        /// Kind, size and modified date, each in a column of fixed width (``DetailPane/facts``);
        /// shown at the right of the row when the width allows.
        var facts: String
        /// Characters of `name` the typed words matched (``NameHighlight``), drawn highlighted.
        var highlights: [Range<Int>]

        init(name: String, folder: String, facts: String = "", highlights: [Range<Int>] = []) {
            self.name = name
            self.folder = folder
            self.facts = facts
            self.highlights = highlights
        }
    }

    /// One segment of the scope control.
    struct ScopeSegment: Sendable, Equatable {
        var title: String
        /// Nil before the first scan.
        var count: Int?
    }

    var field = SearchField()
    var placeholder = ScreenModel.defaultPlaceholder
    /// Why the typed text cannot run yet.
    var error: QueryError?
    var suggestions: [String] = []
    var highlightedSuggestion = 0
    var scopes: [ScopeSegment] = []
    var selectedScope = 0
    /// The location scope's label: `Everywhere`, or `In ~/Music`.
    var location = "Everywhere"
    /// Matches in the chosen scope; nil before the first scan.
    var total: Int?
    /// The visible slice of the result list.
    var entries: [Entry] = []
    /// Index into `entries` of the selected row.
    var selectedEntry: Int?
    /// The selected item's path, then its attributes as `show` prints them.
    var detailTitle = ""
    var detail: [String] = []
    /// True when the selected file has a kind of preview: its box is kept while it is drawn.
    var expectsPreview = false
    /// The selected file's preview; nil while it is drawn, or when it has none.
    var preview: FilePreview?
    /// The id under which the terminal holds the preview when it is an image (``KittyGraphics``).
    var previewImageID: Int?
    var status: String?

    /// What the list and the pane are drawn from (``ScreenLayout/body(_:)``), so a frame whose
    /// body is the last one's reuses its lines (``BodyMemo``).
    struct Body: Equatable {
        let entries: [Entry]
        let selectedEntry: Int?
        let total: Int?
        /// Whether the field is empty, where the list says so (no rows, none matched): otherwise
        /// the first key's echo would draw the body again for nothing it shows.
        let fieldIsEmpty: Bool?
        let detailTitle: String
        let detail: [String]
        let expectsPreview: Bool
        let preview: FilePreview?
        let previewImageID: Int?
    }

    var body: Body {
        Body(
            entries: entries, selectedEntry: selectedEntry, total: total,
            fieldIsEmpty: entries.isEmpty && total == 0 ? field.isEmpty : nil,
            detailTitle: detailTitle, detail: detail, expectsPreview: expectsPreview, preview: preview,
            previewImageID: previewImageID)
    }

    /// Says what can be found, as the HIG asks, rather than "Search".
    static let defaultPlaceholder = "Files, songs, photos, documents…"

    init() {}
}
