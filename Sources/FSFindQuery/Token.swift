/// One lexical unit of a query, with where it came from.
///
/// `range` is in Unicode-scalar offsets into the query (what the lexer walks);
/// ``SourceText/error(_:_:)`` turns it into the Character offsets ``QueryError`` reports.
struct Token: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// An attribute name, or the `InRange` keyword.
        case identifier(String)
        /// `*` in attribute position: every text attribute.
        case star
        /// A quoted string with the modifiers written after it.
        case string(TextPattern, TextModifiers)
        case number(Double)
        case time(TimeValue)
        case op(ComparisonOperator)
        case and
        case or
        case not
        case leftParen
        case rightParen
        case comma
        case end
    }

    var kind: Kind
    var range: Range<Int>
}
