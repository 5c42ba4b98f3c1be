extension SearchTokenParser {
    /// The values the search field offers after `key:`, for the kind of value the key takes; nil
    /// when `key` is no key fsfind knows. A date key offers its names (`today`, `this_week` …), a
    /// size, a duration or a count its usual bounds; a key whose values are words asks `offered`
    /// (with `kind` for every key of a category, else with `key`) for what the screen has of them:
    /// the scopes' names, the values the index holds. So the table of keys and their kinds is read
    /// here only, beside the grammar that reads a token.
    package static func suggestedValues(forKey key: String, offered: (String) -> [String]) -> [String]? {
        guard let kind = kind(forKey: key) else { return nil }
        switch kind {
        case .category: return offered("kind")
        case .date: return TokenDate.suggested
        case .bytes: return [">1MB", ">10MB", ">100MB", ">1GB", "<10k"]
        case .seconds: return [">1m", ">5m", ">30m", ">1h", "<30s"]
        case .number: return [">100", ">1000"]
        case .text, .name, .fileExtension: return offered(key)
        }
    }
}
