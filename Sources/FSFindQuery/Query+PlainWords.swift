extension Query {
    /// The words free text matches in `text` (folded and cut as ``FreeTextMatcher`` cuts them)
    /// when it is nothing but plain words: nil for a predicate, a keyword, an operator, a phrase or
    /// a quoted word with a space. What the search field compares two typed texts by, to know
    /// whether one only narrows the other.
    package static func plainWords(_ text: String) -> [[Unicode.Scalar]]? {
        guard FreeText.isFreeText(Array(text.unicodeScalars)), let query = try? parse(text),
            case .freeText(let typed) = query.expression
        else { return nil }
        let matcher = FreeTextMatcher(words: typed)
        guard matcher.phrases.isEmpty, !typed.contains(where: { $0.contains(" ") }) else { return nil }
        return matcher.words
    }
}
