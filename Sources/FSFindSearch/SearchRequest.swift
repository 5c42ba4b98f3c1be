import FSFindModel

/// Everything `fsfind query` asks of the index besides the query itself.
package struct SearchRequest: Sendable {
    package var scope: Scope = .all
    /// Location scopes: only items at or below one of these (absolute, resolved) folders.
    package var onlyIn: [[UInt8]] = []
    /// nil: `relevance` for free text, `path` otherwise.
    package var sort: SortKey?
    package var reverse = false
    package var limit: Int?

    package init(
        scope: Scope = .all, onlyIn: [[UInt8]] = [], sort: SortKey? = nil, reverse: Bool = false, limit: Int? = nil
    ) {
        self.scope = scope
        self.onlyIn = onlyIn
        self.sort = sort
        self.reverse = reverse
        self.limit = limit
    }
}
