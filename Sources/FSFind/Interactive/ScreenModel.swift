/// Everything one frame of the interactive search shows, as plain values: the loop fills it from
/// the session and the index (only the visible rows), and ``ScreenLayout`` draws it.
public struct ScreenModel: Sendable, Equatable {
    /// One row of the result list.
    public struct Entry: Sendable, Equatable {
        public var name: String
        /// The folder holding it, `~` for the home folder.
        public var folder: String

        public init(name: String, folder: String) {
            self.name = name
            self.folder = folder
        }
    }

    /// One segment of the scope control.
    public struct ScopeSegment: Sendable, Equatable {
        public var title: String
        /// Nil before the first scan.
        public var count: Int?

        public init(title: String, count: Int?) {
            self.title = title
            self.count = count
        }
    }

    public var field = SearchField()
    public var placeholder = ScreenModel.defaultPlaceholder
    /// Why the typed text cannot run yet.
    public var error: QueryError?
    public var suggestions: [String] = []
    public var highlightedSuggestion = 0
    public var scopes: [ScopeSegment] = []
    public var selectedScope = 0
    /// The location scope's label: `Everywhere`, or `In ~/Music`.
    public var location = "Everywhere"
    /// Matches in the chosen scope; nil before the first scan.
    public var total: Int?
    /// The visible slice of the result list.
    public var entries: [Entry] = []
    /// Index into `entries` of the selected row.
    public var selectedEntry: Int?
    /// The selected item's path, then its attributes as `show` prints them.
    public var detailTitle = ""
    public var detail: [String] = []
    public var status: String?

    /// Says what can be found, as the HIG asks, rather than "Search".
    public static let defaultPlaceholder = "Files, songs, photos, documents…"

    public init() {}
}
