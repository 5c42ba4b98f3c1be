import FSFindQuery

/// Reads a `query_string` query: the subset of Lucene's classic syntax that Samba's Spotlight
/// service generates (`source3/rpc_server/mdssvc/es_parser.y`), plus what people commonly type.
///
/// Supported: terms with backslash escapes and `*` wildcards, `"phrases"`, `field:value`,
/// `field:(a b)` groups, ranges `[a TO b]`, `{a TO *}` (and `>`, `>=`, `<`, `<=`), `AND`/`&&`,
/// `OR`/`||`, `NOT`/`!`/`-`, `+`, parentheses, `*:*`, and `^boost` (read and ignored: results are
/// not scored by it). Refused with a ``LuceneSyntaxError``: the `?` wildcard, fuzzy and proximity
/// `~`, and `/regular expressions/`, which fsfind's matchers cannot answer exactly.
///
/// The operators combine as Lucene's classic parser combines them, not by precedence: each
/// clause is optional (SHOULD), required (MUST: `+`, or either side of `AND`) or prohibited
/// (MUST_NOT: `-`, `!`, `NOT`), and a group matches when every required clause does, no
/// prohibited one does, and, when nothing is required, at least one optional clause does. So
/// `a AND b OR c` is `+a +b c`, which is `a AND b`, as in Elasticsearch.
struct LuceneQueryParser {
    private let text: [Unicode.Scalar]
    private var position = 0
    private var depth = 0
    /// Clauses read so far: past ``QueryExpression/maximumWrittenClauses`` the rest is not read
    /// (a huge query's words were read whole, for a refusal: `benchmarks/RESULTS.md`, "`fsfind
    /// serve` under a hostile local user").
    private var written = 0

    /// Deeper nesting is refused, so that a hostile query cannot exhaust the stack.
    static let maximumDepth = 64

    private init(_ text: String) {
        self.text = Array(text.unicodeScalars)
    }

    static func parse(_ text: String) throws(LuceneSyntaxError) -> LuceneQuery {
        var parser = LuceneQueryParser(text)
        let query = try parser.parseGroup(field: nil, closing: false)
        guard parser.position == parser.text.count else {
            throw LuceneSyntaxError("unexpected \"\(parser.text[parser.position])\"", at: parser.position)
        }
        return query
    }

    // MARK: - Clauses

    private enum Occur { case should, must, mustNot }

    /// Clauses up to the end (or a `)` when `closing`), combined as Lucene combines them.
    private mutating func parseGroup(field: String?, closing: Bool) throws(LuceneSyntaxError) -> LuceneQuery {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw LuceneSyntaxError("the query is nested more than \(Self.maximumDepth) levels deep", at: position)
        }
        var clauses: [(occur: Occur, query: LuceneQuery)] = []
        let start = position
        while true {
            skipSpace()
            if position == text.count || text[position] == ")" { break }
            var conjunction: Occur?
            if takeKeyword("AND") || take("&&") {
                conjunction = .must
            } else if takeKeyword("OR") || take("||") {
                conjunction = .should
            }
            if conjunction != nil {
                guard !clauses.isEmpty else { throw LuceneSyntaxError("an operator with nothing before it", at: start) }
                skipSpace()
                if position == text.count || text[position] == ")" {
                    throw LuceneSyntaxError("an operator with nothing after it", at: position)
                }
            }
            var occur: Occur = conjunction == .must ? .must : .should
            if takeKeyword("NOT") || take("!") || take("-") {
                occur = .mustNot
            } else if take("+") {
                occur = .must
            }
            skipSpace()
            if conjunction == .must, let last = clauses.indices.last, clauses[last].occur == .should {
                clauses[last].occur = .must
            }
            clauses.append((occur, try parseClause(field: field)))
            written += 1
            if written > QueryExpression.maximumWrittenClauses {
                var error = LuceneSyntaxError("too many clauses", at: position)
                error.clauses = written
                throw error
            }
        }
        if closing {
            guard position < text.count else { throw LuceneSyntaxError("a \"(\" is never closed", at: start) }
            position += 1
        } else if position < text.count {
            throw LuceneSyntaxError("a \")\" with no \"(\" before it", at: position)
        }
        guard !clauses.isEmpty else { throw LuceneSyntaxError("an empty query", at: start) }
        if clauses.count == 1, clauses[0].occur != .mustNot { return clauses[0].query }
        let musts = clauses.filter { $0.occur == .must }.map(\.query)
        let shoulds = clauses.filter { $0.occur == .should }.map(\.query)
        let nots = clauses.filter { $0.occur == .mustNot }.map { LuceneQuery.not($0.query) }
        // Only prohibited clauses are every document but those (Elasticsearch adds `*:*`): the
        // NOTs alone say that.
        var operands = musts + nots
        if musts.isEmpty && !shoulds.isEmpty { operands.append(shoulds.count == 1 ? shoulds[0] : .or(shoulds)) }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    /// One clause: a group in parentheses, a phrase, a range, a term, or `field:` any of those.
    private mutating func parseClause(field: String?) throws(LuceneSyntaxError) -> LuceneQuery {
        guard position < text.count else { throw LuceneSyntaxError("a term is missing", at: position) }
        let start = position
        switch text[position] {
        case "(":
            position += 1
            let group = try parseGroup(field: field, closing: true)
            try skipBoost()
            return group
        case "\"":
            let phrase = try parsePhrase()
            try skipBoost()
            return .term(field: field, phrase)
        case "[", "{":
            guard let field else { throw LuceneSyntaxError("a range needs a field (field:[a TO b])", at: start) }
            return try parseRange(field: field)
        case ">", "<":
            guard let field else { throw LuceneSyntaxError("a comparison needs a field (field:>5)", at: start) }
            return try parseComparison(field: field)
        case "/":
            throw LuceneSyntaxError("regular expressions are not supported", at: start)
        default:
            break
        }
        let (term, raw) = try parseTerm()
        if position < text.count, text[position] == ":" {
            // What came before the colon was a field name.
            guard field == nil else { throw LuceneSyntaxError("a field inside a field's value", at: start) }
            position += 1
            guard position < text.count, !text[position].properties.isWhitespace else {
                throw LuceneSyntaxError("\"\(raw):\" has no value", at: position)
            }
            if term.segments == [.wildcard] {
                // `*:*` is every document; `*:x` is x in any field.
                let value = try parseClause(field: nil)
                if case .term(_, let valueTerm) = value, valueTerm.segments == [.wildcard], !valueTerm.isPhrase {
                    return .all
                }
                return value
            }
            guard !term.hasWildcards else {
                throw LuceneSyntaxError("wildcards in field names are not supported", at: start)
            }
            return try parseClause(field: term.literalText)
        }
        try skipBoost()
        if field == nil && term.segments == [.wildcard] { return .all }
        return .term(field: field, term)
    }

    // MARK: - Values

    /// A term up to whitespace or a special character, escapes removed; also the text as written.
    private mutating func parseTerm() throws(LuceneSyntaxError) -> (LuceneTerm, String) {
        let start = position
        var segments: [LuceneTerm.Segment] = []
        var literal = String.UnicodeScalarView()
        func flush() {
            if !literal.isEmpty { segments.append(.literal(String(literal))) }
            literal = String.UnicodeScalarView()
        }
        while position < text.count {
            let c = text[position]
            if c == "\\" {
                guard position + 1 < text.count else { throw LuceneSyntaxError("a \"\\\" at the end", at: position) }
                literal.append(text[position + 1])
                position += 2
                continue
            }
            if c.properties.isWhitespace || Self.ends.contains(c) { break }
            if (c == "&" || c == "|") && position + 1 < text.count && text[position + 1] == c { break }
            if c == "?" { throw LuceneSyntaxError("the \"?\" wildcard is not supported; use \"*\"", at: position) }
            if c == "*" {
                flush()
                if segments.last != .wildcard { segments.append(.wildcard) }
            } else {
                literal.append(c)
            }
            position += 1
        }
        flush()
        guard position > start else { throw LuceneSyntaxError("unexpected \"\(text[position])\"", at: position) }
        let raw = String(String.UnicodeScalarView(text[start..<position]))
        if position < text.count, text[position] == "~" {
            throw LuceneSyntaxError("fuzzy and proximity queries (~) are not supported", at: position)
        }
        return (LuceneTerm(segments), raw)
    }

    /// Characters that end a term unless escaped.
    private static let ends: Set<Unicode.Scalar> = ["(", ")", "[", "]", "{", "}", "\"", ":", "^", "~", "/"]

    private mutating func parsePhrase() throws(LuceneSyntaxError) -> LuceneTerm {
        let start = position
        position += 1
        var literal = String.UnicodeScalarView()
        while position < text.count, text[position] != "\"" {
            if text[position] == "\\", position + 1 < text.count { position += 1 }
            literal.append(text[position])
            position += 1
        }
        guard position < text.count else { throw LuceneSyntaxError("a phrase's quote is never closed", at: start) }
        position += 1
        if position < text.count, text[position] == "~" {
            throw LuceneSyntaxError("fuzzy and proximity queries (~) are not supported", at: position)
        }
        let value = String(literal)
        return LuceneTerm(value.isEmpty ? [] : [.literal(value)], isPhrase: true)
    }

    /// `[a TO b]`, `{a TO *}`, `[a TO b}`.
    private mutating func parseRange(field: String) throws(LuceneSyntaxError) -> LuceneQuery {
        let start = position
        let lowerInclusive = text[position] == "["
        position += 1
        skipSpace()
        let lower = try parseBound()
        skipSpace()
        guard takeKeyword("TO") else { throw LuceneSyntaxError("a range needs \"TO\" between its ends", at: position) }
        skipSpace()
        let upper = try parseBound()
        skipSpace()
        guard position < text.count, text[position] == "]" || text[position] == "}" else {
            throw LuceneSyntaxError("a range is never closed with \"]\" or \"}\"", at: start)
        }
        let upperInclusive = text[position] == "]"
        position += 1
        try skipBoost()
        return .range(
            field: field, lower: lower.map { LuceneBound($0, inclusive: lowerInclusive) },
            upper: upper.map { LuceneBound($0, inclusive: upperInclusive) })
    }

    /// `>5`, `>=5`, `<5`, `<=5`.
    private mutating func parseComparison(field: String) throws(LuceneSyntaxError) -> LuceneQuery {
        let greater = text[position] == ">"
        position += 1
        let inclusive = take("=")
        guard let value = try parseBound() else {
            throw LuceneSyntaxError("a comparison needs a value, not \"*\"", at: position)
        }
        let bound = LuceneBound(value, inclusive: inclusive)
        return .range(field: field, lower: greater ? bound : nil, upper: greater ? nil : bound)
    }

    /// A range end: a quoted or bare value, escapes removed; nil for `*`.
    private mutating func parseBound() throws(LuceneSyntaxError) -> String? {
        let start = position
        if position < text.count, text[position] == "\"" { return try parsePhrase().literalText }
        var value = String.UnicodeScalarView()
        while position < text.count {
            let c = text[position]
            if c == "\\", position + 1 < text.count {
                value.append(text[position + 1])
                position += 2
                continue
            }
            if c.properties.isWhitespace || c == "]" || c == "}" { break }
            value.append(c)
            position += 1
        }
        guard position > start else { throw LuceneSyntaxError("a range end is missing", at: position) }
        let raw = String(String.UnicodeScalarView(text[start..<position]))
        return raw == "*" ? nil : String(value)
    }

    // MARK: - Characters

    private mutating func skipSpace() {
        while position < text.count, text[position].properties.isWhitespace { position += 1 }
    }

    /// `^2`, `^0.5`: a boost, which changes scores only; read and dropped.
    private mutating func skipBoost() throws(LuceneSyntaxError) {
        guard position < text.count, text[position] == "^" else { return }
        position += 1
        let start = position
        while position < text.count, text[position].properties.numericType != nil || text[position] == "." {
            position += 1
        }
        guard position > start else { throw LuceneSyntaxError("a boost (^) needs a number", at: position) }
    }

    private mutating func take(_ literal: String) -> Bool {
        let scalars = Array(literal.unicodeScalars)
        guard position + scalars.count <= text.count, Array(text[position..<(position + scalars.count)]) == scalars
        else { return false }
        position += scalars.count
        return true
    }

    /// An operator word, which must stand alone (`AND`, not `ANDROID`).
    private mutating func takeKeyword(_ word: String) -> Bool {
        let scalars = Array(word.unicodeScalars)
        let end = position + scalars.count
        guard end <= text.count, Array(text[position..<end]) == scalars else { return false }
        if end < text.count, !(text[end].properties.isWhitespace || text[end] == "(" || text[end] == "\"") {
            return false
        }
        position = end
        return true
    }
}
