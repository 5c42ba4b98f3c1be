/// Everything `fsfind query` asks of the index besides the query itself.
public struct SearchRequest: Sendable {
    public var scope: Scope = .all
    /// Location scopes: only items at or below one of these (absolute, resolved) folders.
    public var onlyIn: [[UInt8]] = []
    /// nil: `relevance` for free text, `path` otherwise.
    public var sort: SortKey?
    public var reverse = false
    public var limit: Int?

    public init(scope: Scope = .all, onlyIn: [[UInt8]] = [], sort: SortKey? = nil, reverse: Bool = false, limit: Int? = nil) {
        self.scope = scope
        self.onlyIn = onlyIn
        self.sort = sort
        self.reverse = reverse
        self.limit = limit
    }
}
