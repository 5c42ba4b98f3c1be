import FSFindModel

/// Recursive descent over the grammar in `docs/spec/query-language.md`, checking each predicate as soon as
/// it is read so errors come in reading order with the caret on the offending token.
///
/// Only parentheses recurse; `!` is counted in a loop and `&&`/`||` chains are collected into flat
/// lists. Together with the 256-level cap this bounds the stack however long or deep the input.
struct Parser {
    /// How deep parentheses and `!` may nest.
    static let maximumDepth = 256

    private var lexer: Lexer
    private var token: Token
    private var depth = 0
    /// `kMDItem…` names fsfind does not know, in the order met: their predicates are false (the
    /// attribute is absent from every item, as in mdfind), and the caller warns about each.
    private(set) var unknownSpotlightNames: [String] = []
    private var source: SourceText { lexer.source }

    init(_ source: SourceText) throws(QueryError) {
        lexer = Lexer(source)
        token = Token(kind: .end, range: 0..<0)
        token = try lexer.next()
    }

    private mutating func advance() throws(QueryError) {
        token = try lexer.next()
    }

    private func error(_ message: String, _ range: Range<Int>) -> QueryError { source.error(message, range) }

    /// The whole query; fails on anything left over.
    mutating func parseQuery() throws(QueryError) -> QueryExpression {
        let expression = try parseOr()
        switch token.kind {
        case .end:
            return expression
        case .rightParen:
            throw error("unbalanced parentheses: this ')' has no matching '('", token.range)
        default:
            throw error("expected '&&', '||' or the end of the query, found \(describe(token))", token.range)
        }
    }

    private mutating func parseOr() throws(QueryError) -> QueryExpression {
        var operands = [try parseAnd()]
        while token.kind == .or {
            try advance()
            operands.append(try parseAnd())
        }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    private mutating func parseAnd() throws(QueryError) -> QueryExpression {
        var operands = [try parseUnary()]
        while token.kind == .and {
            try advance()
            operands.append(try parseUnary())
        }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    private mutating func parseUnary() throws(QueryError) -> QueryExpression {
        var nots = 0
        while token.kind == .not {
            try enter(token.range)
            nots += 1
            try advance()
        }
        var expression = try parsePrimary()
        for _ in 0..<nots { expression = .not(expression) }
        depth -= nots
        return expression
    }

    private mutating func enter(_ range: Range<Int>) throws(QueryError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("parentheses and '!' nest more than \(Self.maximumDepth) levels deep", range)
        }
    }

    private mutating func parsePrimary() throws(QueryError) -> QueryExpression {
        switch token.kind {
        case .leftParen:
            let open = token
            try enter(open.range)
            try advance()
            let inner = try parseOr()
            switch token.kind {
            case .rightParen:
                break
            case .end:
                throw error("unbalanced parentheses: this '(' is never closed", open.range)
            default:
                throw error("expected ')', '&&' or '||', found \(describe(token))", token.range)
            }
            try advance()
            depth -= 1
            return inner
        case .identifier(let name) where name == "InRange" || name == "inRange":
            return try parseInRange()
        case .identifier(let name) where name.hasPrefix("kMDItem") && AttributeRegistry.attribute(named: name) == nil:
            return try parseAbsentComparison(name)
        case .identifier("true"):
            // Finder's saved searches join their parts to a constant: `(true) && (…)`.
            try advance()
            return .and([])
        case .identifier("false"):
            try advance()
            return .or([])
        case .star where source[token.range.upperBound] == "*":
            return try parseNameOrContent()
        case .identifier, .star:
            return .comparison(try parseComparison())
        case .end:
            throw error("expected a predicate (attribute == \"value\") at the end of the query", token.range)
        case .rightParen:
            throw error("expected a predicate before ')'", token.range)
        default:
            throw error("expected an attribute name, '(' or '!', found \(describe(token))", token.range)
        }
    }

    /// `attribute op value modifiers`, type-checked.
    private mutating func parseComparison() throws(QueryError) -> Comparison {
        let attributeToken = token
        let target = try resolveTarget(attributeToken)
        try advance()
        guard case .op(let op) = token.kind else {
            throw error(
                "expected a comparison operator (==, !=, <, >, <=, >=) after '\(QueryChecker.clipped(source.text(attributeToken.range)))', found \(describe(token))",
                token.range)
        }
        let opToken = token
        // `==[cd]`: the modifiers in brackets after the operator, added to the value's own.
        let bracketed = try lexer.bracketModifiers(at: opToken.range.upperBound)
        try advance()
        // A value without quotes, as mdfind takes it: a word, a dotted type or a pattern; for a
        // date, a bare ISO date (`>= 2024-01-01`).
        if isBareValueStart(token) { token = lexer.bareValue(from: token.range.lowerBound) }
        if target.isDate, case .number = token.kind, let date = lexer.bareISODate(from: token.range.lowerBound) {
            token = date
        }
        let valueToken = token
        var (value, modifiers) = try valueOf(valueToken, after: opToken, forDate: target.isDate)
        if let bracketed { modifiers.formUnion(bracketed) }
        try QueryChecker(source: source).check(
            target: target, targetRange: attributeToken.range, op: op,
            opRange: opToken.range, value: value, modifiers: modifiers,
            valueRange: valueToken.range)
        try advance()
        return Comparison(target: target, op: op, value: value, modifiers: modifiers)
    }

    /// `** == "words"`, Finder's RawQuery for what is typed into its search field: the value's
    /// words as free text (names, titles, … and the file's words), `!=` its negation. Free text
    /// already ignores case and diacritics and takes words as prefixes, so the `cdw` Finder
    /// writes change nothing, and a `*` only separates words (`"paris*"` is the word `paris`).
    private mutating func parseNameOrContent() throws(QueryError) -> QueryExpression {
        let start = token.range.lowerBound
        try advance()
        try advance()
        guard case .op(let op) = token.kind, op == .equal || op == .notEqual else {
            throw error(
                "expected == or != after '**' (** == \"words\" finds them in names and contents), found \(describe(token))",
                token.range)
        }
        let opToken = token
        _ = try lexer.bracketModifiers(at: opToken.range.upperBound)
        try advance()
        guard case .string(let pattern, _) = token.kind else {
            throw error("expected a quoted string after '** \(op.rawValue)', found \(describe(token))", token.range)
        }
        let text = pattern.segments.map { if case .literal(let text) = $0 { text } else { " " } }.joined()
        let words: QueryExpression
        do throws(QueryError) {
            words = try FreeTextParser.parse(text, keywords: false)
        } catch {
            throw self.error("'**' needs words to find: \(error.message)", start..<token.range.upperBound)
        }
        try advance()
        return op == .equal ? words : .not(words)
    }

    /// `kMDItemSomething op value modifiers` for a Spotlight attribute fsfind does not have (App
    /// Store, Finder-internal …): read for its syntax, then false, as mdfind treats an attribute
    /// no item carries. Any other unknown name stays an error.
    private mutating func parseAbsentComparison(_ name: String) throws(QueryError) -> QueryExpression {
        try advance()
        guard case .op = token.kind else {
            throw error(
                "expected a comparison operator (==, !=, <, >, <=, >=) after '\(QueryChecker.clipped(name))', found \(describe(token))",
                token.range)
        }
        let opToken = token
        _ = try lexer.bracketModifiers(at: opToken.range.upperBound)
        try advance()
        if isBareValueStart(token) { token = lexer.bareValue(from: token.range.lowerBound) }
        _ = try valueOf(token, after: opToken)
        try advance()
        if !unknownSpotlightNames.contains(name) { unknownSpotlightNames.append(name) }
        return .or([])
    }

    /// True for a token that starts a value without quotes (`Application`, `public.movie`,
    /// `*.pdf`, `*`): a word or a star, where a value is expected.
    private func isBareValueStart(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .star: true
        default: false
        }
    }

    /// `InRange(attribute, lower, upper)`, type-checked.
    private mutating func parseInRange() throws(QueryError) -> QueryExpression {
        let keyword = token
        try advance()
        guard token.kind == .leftParen else {
            throw error("expected '(' after InRange: InRange(attribute, lower, upper)", token.range)
        }
        try advance()
        let attributeToken = token
        guard case .identifier = attributeToken.kind else {
            if attributeToken.kind == .star {
                throw error(
                    "InRange works only with numbers and dates; '*' stands for the text attributes",
                    attributeToken.range)
            }
            throw error("expected an attribute name in InRange(…), found \(describe(token))", token.range)
        }
        let target = try resolveTarget(attributeToken)
        try advance()
        var bounds: [QueryValue] = []
        for _ in 0..<2 {
            guard token.kind == .comma else {
                throw error("expected ',' in InRange(attribute, lower, upper), found \(describe(token))", token.range)
            }
            try advance()
            let (value, modifiers) = try valueOf(token, after: nil, forDate: target.isDate)
            try QueryChecker(source: source).checkBound(
                target: target, targetRange: attributeToken.range,
                keywordRange: keyword.range, value: value,
                modifiers: modifiers, valueRange: token.range)
            bounds.append(value)
            try advance()
        }
        guard token.kind == .rightParen else {
            throw error("expected ')' to close InRange(…), found \(describe(token))", token.range)
        }
        try advance()
        guard case .attribute(let attribute) = target else {
            throw error("InRange works only with numbers and dates", attributeToken.range)
        }
        return .inRange(RangeTest(attribute: attribute, lower: bounds[0], upper: bounds[1]))
    }

    private func resolveTarget(_ token: Token) throws(QueryError) -> AttributeTarget {
        switch token.kind {
        case .star:
            return .anyText
        case .identifier(let name):
            return .attribute(try QueryChecker(source: source).resolve(name, range: token.range))
        default:
            throw error("expected an attribute name, found \(describe(token))", token.range)
        }
    }

    /// The value `token` holds; with `forDate`, a quoted `"$time…"` is that `$time` value (as
    /// some scripts write it), where for text it stays text.
    private func valueOf(_ token: Token, after op: Token?, forDate: Bool = false) throws(QueryError) -> (
        QueryValue, TextModifiers
    ) {
        switch token.kind {
        case .string(let pattern, let modifiers):
            if forDate, modifiers.isEmpty, pattern.segments.count == 1, case .literal(let text) = pattern.segments[0],
                text.hasPrefix("$time")
            {
                var inner = Lexer(SourceText(text))
                do throws(QueryError) {
                    if case .time(let time) = try inner.next().kind, try inner.next().kind == .end {
                        return (.time(time), TextModifiers())
                    }
                } catch {
                    throw self.error(error.message, token.range)
                }
            }
            return (.text(pattern), modifiers)
        case .number(let number): return (.number(number), TextModifiers())
        case .time(let time): return (.time(time), TextModifiers())
        case .identifier(let word):
            throw error("text values need quotes: write \"\(QueryChecker.clipped(word))\"", token.range)
        default:
            let after = op.map { " after '\(source.text($0.range))'" } ?? ""
            throw error(
                "expected a value\(after) (a quoted string, a number or $time…), found \(describe(token))", token.range)
        }
    }

    /// How a token is named in "found …" messages.
    private func describe(_ token: Token) -> String {
        token.kind == .end ? "the end of the query" : "'\(QueryChecker.clipped(source.text(token.range)))'"
    }
}
