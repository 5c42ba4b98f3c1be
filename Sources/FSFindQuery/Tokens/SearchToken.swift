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
    package let predicate: String

    init(key: String, value: String, predicate: String) {
        self.key = key
        self.value = value
        self.predicate = predicate
    }

    /// The chip's text, and what the token reads as when typed back in: `key:value`, the value
    /// quoted when it holds a space.
    package var text: String {
        "\(key):\(SearchTokenParser.quoteIfNeeded(value))"
    }
}
