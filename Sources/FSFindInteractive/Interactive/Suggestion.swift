import FSFindQuery

/// One suggestion under the search field.
struct Suggestion: Sendable, Equatable {
    enum Action: Sendable, Equatable {
        /// Turn the word being typed into this chip.
        case token(SearchToken)
        /// Replace the word being typed with this text (a key such as `kind:`).
        case completeWord(String)
        /// Replace the whole field with a recent search.
        case recent(String)
        /// Replace the whole field with the search its misspelled words corrected.
        case corrected(String)
    }

    /// What the suggestion shows.
    let title: String
    let action: Action
}
