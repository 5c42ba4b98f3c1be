/// A parsed and type-checked query, independent of the clock and the index.
///
/// Parse once, then compile with a ``QueryContext`` (``CompiledQuery``) to evaluate. Equal queries
/// have equal expressions however they were spelled (aliases, `=`, quote style, modifier order).
package struct Query: Sendable, Equatable, CustomStringConvertible {
    package var expression: QueryExpression
    /// Spotlight attribute names (`kMDItem…`) the query uses that fsfind does not have: absent
    /// from every item, so their predicates are false; worth a warning.
    package var unknownSpotlightNames: [String] = []

    package init(expression: QueryExpression, unknownSpotlightNames: [String] = []) {
        self.expression = expression
        self.unknownSpotlightNames = unknownSpotlightNames
    }

    /// Reads `text`: free text when it looks like what a person types into a search field (see
    /// `docs/spec/query-language.md`), otherwise the grammar, with every attribute resolved and every
    /// predicate type-checked. Errors carry the Character range to draw a caret under.
    package static func parse(_ text: String) throws(QueryError) -> Query {
        let source = SourceText(text)
        if source.scalars.allSatisfy({ $0.properties.isWhitespace }) {
            throw QueryError(
                message: "empty query: write a word to search for, or a predicate such as title == \"Paris\"c",
                range: 0..<source.columns[source.count])
        }
        // Free text, with mdfind's operators and the search field's keywords (`kind:image paris`).
        if FreeText.isFreeText(source.scalars) {
            return try folded(try FreeTextParser.parse(text, keywords: true), source: text)
        }
        // Keywords among predicates (`kind:image && pixelHeight > 2000`, `duration:>=600`).
        if text.contains(":"), let expanded = try QueryKeywords.expand(text) { return expanded }
        var parser = try Parser(source)
        let expression = try parser.parseQuery()
        return try folded(expression, unknownSpotlightNames: parser.unknownSpotlightNames, source: text)
    }

    /// `text` as free text whatever it holds (mdfind's `-interpret`: read as a search field reads
    /// it); an error when it has no word at all.
    package static func freeText(_ text: String) throws(QueryError) -> Query {
        try folded(try FreeTextParser.parse(text, keywords: true), source: text)
    }

    /// True for a query with free text in it (ranked by relevance by default).
    package var isFreeText: Bool { expression.hasFreeText }

    /// The canonical printed form; parsing it gives back an equal query.
    package var description: String { QueryPrinter.print(expression) }
}
