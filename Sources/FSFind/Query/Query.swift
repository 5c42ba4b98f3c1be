/// A parsed and type-checked query, independent of the clock and the index.
///
/// Parse once, then compile with a ``QueryContext`` (``CompiledQuery``) to evaluate. Equal queries
/// have equal expressions however they were spelled (aliases, `=`, quote style, modifier order).
public struct Query: Sendable, Equatable, CustomStringConvertible {
    public var expression: QueryExpression

    public init(expression: QueryExpression) {
        self.expression = expression
    }

    /// Reads `text`: free text when it looks like what a person types into a search field (see
    /// `query-language.md`), otherwise the grammar, with every attribute resolved and every
    /// predicate type-checked. Errors carry the Character range to draw a caret under.
    public static func parse(_ text: String) throws(QueryError) -> Query {
        let source = SourceText(text)
        if source.scalars.allSatisfy({ $0.properties.isWhitespace }) {
            throw QueryError(message: "empty query: write a word to search for, or a predicate such as title == \"Paris\"c",
                             range: 0..<source.columns[source.count])
        }
        if FreeText.isFreeText(source.scalars) {
            return Query(expression: .freeText(FreeText.words(text)))
        }
        var parser = try Parser(source)
        return Query(expression: try parser.parseQuery())
    }

    /// True for a free-text query (ranked by relevance by default).
    public var isFreeText: Bool {
        if case .freeText = expression { return true }
        return false
    }

    /// The canonical printed form; parsing it gives back an equal query.
    public var description: String { QueryPrinter.print(expression) }
}
