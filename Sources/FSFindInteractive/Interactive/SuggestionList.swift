import FSFindQuery

/// The suggestions shown under the field for what is typed so far: tokens that teach the token
/// grammar, values that exist in the index, and recent searches.
enum SuggestionList {
    /// Examples offered on an empty field, so people learn that tokens exist.
    static let examples = ["kind:audio", "modified:today", "size:>10MB", "duration:>5m", "kind:image"]

    /// The scope names `kind:` suggests, one per scope.
    static let categories = ["audio", "video", "image", "document", "code", "text", "archive", "folder", "app"]

    /// The catalog key whose values a token key completes.
    static func catalogKey(for key: String) -> String? {
        switch key {
        case "kind", "type": "kind"
        case "author", "by": "author"
        case "album": "album"
        case "artist": "artist"
        case "camera": "camera"
        case "genre", "keyword", "tag": "genre"
        default: nil
        }
    }

    static func suggestions(
        for field: SearchField, catalog: ValueCatalog, recent: [String],
        limit: Int = 8
    ) -> [Suggestion] {
        var result: [Suggestion] = []
        func add(_ suggestion: Suggestion) {
            if result.count < limit, !result.contains(where: { $0.title == suggestion.title }) {
                result.append(suggestion)
            }
        }
        func addToken(_ word: String) {
            if let token = SearchToken(typed: word) {
                add(Suggestion(title: token.text, action: .token(token)))
            }
        }
        if field.isEmpty {
            for search in recent.prefix(3) { add(Suggestion(title: search, action: .recent(search))) }
            for example in examples { addToken(example) }
            return result
        }
        let word = field.currentWord
        guard !word.isEmpty else { return [] }
        if let colon = word.firstIndex(of: ":") {
            let key = word[..<colon].lowercased()
            var typed = String(word[word.index(after: colon)...]).lowercased()
            if typed.hasPrefix("\"") { typed.removeFirst() }
            if typed.hasSuffix("\"") { typed.removeLast() }
            // A category key's values are the scopes' names, then the kinds the index holds.
            guard
                let candidates = SearchTokenParser.suggestedValues(
                    forKey: key,
                    offered: { key in
                        (key == "kind" ? categories : []) + (catalogKey(for: key).flatMap { catalog.values[$0] } ?? [])
                    })
            else { return [] }
            for candidate in candidates where typed.isEmpty || startsWord(candidate, typed) {
                addToken("\(key):\(SearchTokenParser.quoteIfNeeded(candidate))")
            }
            return result
        }
        let lower = word.lowercased()
        for key in SearchTokenParser.keyNames where key.hasPrefix(lower) {
            add(Suggestion(title: key + ":", action: .completeWord(key + ":")))
        }
        for category in categories where category.hasPrefix(lower) { addToken("kind:\(category)") }
        if lower.count >= 2 {
            for key in ["author", "album", "artist", "camera", "kind", "genre"] {
                for value in catalog.values[key] ?? [] where startsWord(value, lower) {
                    addToken("\(key):\(SearchTokenParser.quoteIfNeeded(value))")
                }
            }
        }
        let typedField = field.string.lowercased()
        for search in recent where search.lowercased().hasPrefix(typedField) && search.lowercased() != typedField {
            add(Suggestion(title: search, action: .recent(search)))
        }
        return result
    }

    /// True when some word of `value` starts with `prefix` (both compared in lowercase).
    static func startsWord(_ value: String, _ prefix: String) -> Bool {
        let lower = value.lowercased()
        if lower.hasPrefix(prefix) { return true }
        return lower.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0.hasPrefix(prefix) }
    }
}
