import FSFindQuery

/// A query as a front end asks it: read, then compiled against the clock and the environment
/// once, so every answer to it (rows, counts, snippets, suggestions) means the same thing.
package struct Question: Sendable {
    let query: Query
    let compiled: CompiledQuery

    /// Compiles `query` now: `$time.today` and `modified:today` are fixed at this moment.
    /// - Throws: ``QueryError`` with the source range of what cannot be compiled (a bad date).
    package init(_ query: Query, context: QueryContext) throws(QueryError) {
        self.query = query
        compiled = try CompiledQuery(query, context: context)
    }

    /// Free text ranks by relevance unless a sort is asked; a predicate sorts by path.
    var isFreeText: Bool { query.isFreeText }

    /// Whether answering it (or giving its snippets) asks the text store: free text or a
    /// `textContent` comparison. A name or attribute query never opens the store: opening SQLite
    /// and its write-ahead log was a tenth of a small query's start-up (`benchmarks/RESULTS.md`,
    /// "Start-up: no text store or time zone a query does not need").
    var readsWords: Bool { Searcher.readsWords(compiled) }
}
