/// A filter chip in the search field: `kind:audio`, `size:>10MB`, `author:"Steve Jobs"`.
///
/// A token is what a person typed (shown on the chip, and kept in recent searches) together with
/// the query-language predicate it stands for, so a chip filters exactly as `fsfind query` would.
package struct SearchToken: Sendable, Equatable, Hashable {
    /// The key as typed, lowercased (`kind`, `size`, `author`).
    let key: String
    /// The value as typed, without surrounding quotes.
    let value: String
    /// The Core Spotlight predicate the token stands for, e.g. `contentType == "public.audio"`.
    let predicate: String

    init(key: String, value: String, predicate: String) {
        self.key = key
        self.value = value
        self.predicate = predicate
    }

    /// The chip a typed word (`kind:audio`, `author:"Steve Jobs"`) makes; nil for search text and
    /// for a key whose value is missing or not valid yet (``SearchTokenParser/parse(_:)`` says which).
    package init?(typed word: String) {
        guard case .token(let token) = SearchTokenParser.parse(word) else { return nil }
        self = token
    }

    /// The chip's text, and what the token reads as when typed back in: `key:value`, the value
    /// quoted when it holds a space.
    package var text: String {
        "\(key):\(SearchTokenParser.quoteIfNeeded(value))"
    }
}

extension CompiledQuery {
    /// The chips' predicates ANDed, compiled in `context`: what a search field's chips filter by.
    /// - Throws: ``QueryError`` "a filter cannot run: …", with no range in the typed text (a chip
    ///   was checked when it was made; only `$time` placement can fail here).
    package init(chips: [SearchToken], context: QueryContext) throws(QueryError) {
        let joined = chips.map { "(\($0.predicate))" }.joined(separator: " && ")
        do {
            try self.init(try Query.parse(joined), context: context)
        } catch {
            throw QueryError(message: "a filter cannot run: \(error.message)", range: 0..<0)
        }
    }
}
