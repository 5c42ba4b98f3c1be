import FSFindModel

/// Repeated operands said once, and the size a query may have.
///
/// Every clause costs a test per row and every free-text word a search of the text store, so a
/// query of one word repeated hundreds of times, or of hundreds of kilobytes of words, ran for
/// minutes (issue 46; `benchmarks/RESULTS.md`, "`fsfind serve` under a hostile local user").
/// Repetition changes nothing a query means (`a && a` is `a`, `hello hello` is
/// `hello`), so it is folded away before anything runs; what is left is capped, as
/// Elasticsearch caps a query's clauses.
extension QueryExpression {
    /// The most clauses a query may hold once folded: comparisons, ranges and free-text words or
    /// phrases: Elasticsearch's `max_clause_count` for years, far above what people write.
    package static let maximumClauses = 1024

    /// The most clauses a query may be written with, before folding: enough for any repetition a
    /// person or a program writes, few enough that a query of megabytes is refused before the
    /// work of folding it (its operands printed to be compared).
    package static let maximumWrittenClauses = 16 * maximumClauses

    /// The same expression with each repeated operand of an `and` or `or`, and each repeated word
    /// of free text (as free text compares words), kept only where it first stands. Operands are compared by their canonical
    /// printed form, so folding a query is linear in its size.
    package var folded: QueryExpression {
        switch self {
        case .and(let operands):
            let unique = Self.firstOfEach(operands.map(\.folded))
            return unique.count == 1 ? unique[0] : .and(unique)
        case .or(let operands):
            let unique = Self.firstOfEach(operands.map(\.folded))
            return unique.count == 1 ? unique[0] : .or(unique)
        case .not(let operand):
            return .not(operand.folded)
        case .freeText(let words):
            // Free text matches words case- and diacritic-insensitively: `Paris` and `paris` are
            // one question.
            var seen = Set<[Unicode.Scalar]>()
            return .freeText(
                words.filter {
                    seen.insert(TextFolding.fold($0, caseInsensitive: true, diacriticInsensitive: true).scalars)
                        .inserted
                })
        case .comparison, .inRange:
            return self
        }
    }

    /// How many clauses the expression holds: each comparison and range is one, each free-text
    /// word or quoted phrase is one.
    package var clauseCount: Int {
        switch self {
        case .and(let operands), .or(let operands): operands.reduce(0) { $0 + $1.clauseCount }
        case .not(let operand): operand.clauseCount
        case .freeText(let words): words.count
        case .comparison, .inRange: 1
        }
    }

    private static func firstOfEach(_ operands: [QueryExpression]) -> [QueryExpression] {
        guard operands.count > 1 else { return operands }
        var seen = Set<String>()
        return operands.filter { seen.insert(QueryPrinter.print($0)).inserted }
    }
}

extension Query {
    /// `expression` folded (``QueryExpression/folded``) and checked against
    /// ``QueryExpression/maximumClauses``: what every way of reading a query ends with.
    ///
    /// - Throws: ``QueryError`` over the whole of `source` when it holds more clauses.
    static func folded(_ expression: QueryExpression, unknownSpotlightNames: [String] = [], source: String)
        throws(QueryError) -> Query
    {
        let written = expression.clauseCount
        let folded = written <= QueryExpression.maximumWrittenClauses ? expression.folded : expression
        let clauses = written <= QueryExpression.maximumWrittenClauses ? folded.clauseCount : written
        guard clauses <= QueryExpression.maximumClauses else {
            throw QueryError(
                message:
                    "the query has \(clauses) clauses (words, comparisons and ranges); at most \(QueryExpression.maximumClauses) are allowed",
                range: 0..<source.count)
        }
        return Query(expression: folded, unknownSpotlightNames: unknownSpotlightNames)
    }
}
