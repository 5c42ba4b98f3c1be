import FSFindModel

/// Recursive descent over the grammar in `docs/spec/query-language.md`, checking each predicate as soon as
/// it is read so errors come in reading order with the caret on the offending token.
///
/// Only parentheses recurse; `!` is counted in a loop and `&&`/`||` chains are collected into flat
/// lists. Together with the 256-level cap this bounds the stack however long or deep the input.
struct Parser {
    /// How deep parentheses and `!` may nest.
    static let maximumDepth = 256

    var lexer: Lexer
    var token: Token
    private var depth = 0
    /// `kMDItem…` names fsfind does not know, in the order met: their predicates are false (the
    /// attribute is absent from every item, as in mdfind), and the caller warns about each.
    private(set) var unknownSpotlightNames: [String] = []
    /// The attribute and operator of the comparison the last primary was, so that a value right
    /// after `||` compares the same attribute again (`kMDItemFSName == "id_rsa" || "id_ed25519"`).
    var lastHead: Head?
    /// ``lastHead`` as it stood at the latest `||`, for the primary that follows it.
    private var chainHead: Head?
    var source: SourceText { lexer.source }

    /// What a predicate compares, before its value: the attribute (or a name no item has, or
    /// Finder's `_kMDItemGroupId`), the operator, and the modifiers in brackets after it.
    struct Head {
        enum Subject {
            case target(AttributeTarget)
            /// A Spotlight name fsfind does not have: the predicate is false.
            case absent(String)
            /// `_kMDItemGroupId`: Finder's kind groups (``SpotlightNames/groupKinds``).
            case groupID
        }

        var subject: Subject
        var subjectRange: Range<Int>
        var op: ComparisonOperator
        /// NSPredicate's string operator, when the operator was one (`CONTAINS`, `LIKE` …).
        var stringOperator: StringOperator?
        var opRange: Range<Int>
        var bracketed: TextModifiers?
    }

    /// NSPredicate's string operators, as Spotlight queries written for `NSMetadataQuery` use
    /// them (`kMDItemDisplayName CONTAINS[cd] "report"`); each is a pattern under `==`.
    enum StringOperator: String, CaseIterable {
        case contains = "CONTAINS"
        case beginsWith = "BEGINSWITH"
        case endsWith = "ENDSWITH"
        case like = "LIKE"

        /// The operator a word spells, in any case, as NSPredicate reads its keywords.
        init?(word: String) {
            self.init(rawValue: word.uppercased())
        }
    }

    init(_ source: SourceText) throws(QueryError) {
        lexer = Lexer(source)
        token = Token(kind: .end, range: 0..<0)
        token = try lexer.next()
    }

    /// Records a Spotlight name fsfind does not know, once, for the caller's warning.
    mutating func noteUnknownSpotlightName(_ name: String) {
        if !unknownSpotlightNames.contains(name) { unknownSpotlightNames.append(name) }
    }

    mutating func advance() throws(QueryError) {
        token = try lexer.next()
    }

    func error(_ message: String, _ range: Range<Int>) -> QueryError { source.error(message, range) }

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
        while isJoiner(.or) {
            let head = lastHead
            try advance()
            chainHead = head
            operands.append(try parseAnd())
        }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    private mutating func parseAnd() throws(QueryError) -> QueryExpression {
        var operands = [try parseUnary()]
        while isJoiner(.and) {
            try advance()
            operands.append(try parseUnary())
        }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    /// True when the token joins two operands with `kind` (`.and` or `.or`): `&&`/`||`, `AND`/`OR`,
    /// or NSPredicate's `and`/`or` in any case between two predicates.
    private func isJoiner(_ kind: Token.Kind) -> Bool {
        if token.kind == kind { return true }
        guard case .identifier(let word) = token.kind else { return false }
        return word.lowercased() == (kind == .and ? "and" : "or")
    }

    /// True for NSPredicate's `not` in lower or mixed case (capital `NOT` is a token already),
    /// when a predicate or a parenthesis follows: otherwise it is a word.
    private func isNegationWord() -> Bool {
        guard case .identifier(let word) = token.kind, word.lowercased() == "not" else { return false }
        var probe = lexer
        guard let next = try? probe.next() else { return false }
        switch next.kind {
        case .leftParen, .not: return true
        case .identifier(let name): return isAttributeName(name)
        default: return false
        }
    }

    /// True for a name the grammar compares: an attribute, or a Spotlight name read as absent.
    private func isAttributeName(_ name: String) -> Bool {
        AttributeRegistry.attribute(named: name) != nil || name == SpotlightNames.groupID
            || SpotlightNames.isAbsent(name)
    }

    private mutating func parseUnary() throws(QueryError) -> QueryExpression {
        var nots = 0
        while token.kind == .not || isNegationWord() {
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
        let chain = chainHead
        chainHead = nil
        lastHead = nil
        switch token.kind {
        case .string, .number, .time:
            // `kMDItemFSName == "id_rsa" || "id_ed25519"`: the value compares the attribute before.
            guard let chain else { break }
            return try parseValue(of: chain, valueAlreadyRead: true)
        default:
            break
        }
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
            lastHead = nil
            return inner
        case .identifier(let name) where name == "InRange" || name == "inRange":
            return try parseInRange()
        case .identifier("true"), .identifier("TRUEPREDICATE"):
            // Finder's saved searches join their parts to a constant: `(true) && (…)`;
            // NSPredicate's constants are TRUEPREDICATE and FALSEPREDICATE.
            try advance()
            return .and([])
        case .identifier("false"), .identifier("FALSEPREDICATE"):
            try advance()
            return .or([])
        case .identifier(let name) where !isAttributeName(name) && isFreeTextWord():
            return try parseFreeTextRun()
        case .star where source[token.range.upperBound] == "*":
            return try parseNameOrContent()
        case .identifier, .star:
            return try parsePredicate()
        case .end:
            throw error("expected a predicate (attribute == \"value\") at the end of the query", token.range)
        case .rightParen:
            throw error("expected a predicate before ')'", token.range)
        default:
            throw error("expected an attribute name, '(' or '!', found \(describe(token))", token.range)
        }
    }

    /// True when the current word, among predicates, is free text: it names no attribute, and no
    /// comparison operator or quoted value follows it (`… && invoice`, `… && o'reilly`).
    private func isFreeTextWord() -> Bool {
        if lexer.isApostrophe(at: token.range.upperBound) { return true }
        var probe = lexer
        guard let next = try? probe.next() else { return true }
        switch next.kind {
        case .op, .string, .leftParen: return false
        case .identifier(let word): return StringOperator(word: word) == nil && word.uppercased() != "MATCHES"
        default: return true
        }
    }

    /// Free text among predicates: the words up to `&&`, `||`, a parenthesis or an operator, read
    /// as free text is (`kMDItemContentType == "com.adobe.pdf" && tax return`).
    private mutating func parseFreeTextRun() throws(QueryError) -> QueryExpression {
        let range = lexer.freeTextRun(from: token.range.lowerBound)
        let words: QueryExpression
        do throws(QueryError) {
            words = try FreeTextParser.parse(source.text(range), keywords: true)
        } catch {
            throw self.error(error.message, range)
        }
        try advance()
        return words
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

    /// True for a token that starts a value without quotes (`Application`, `public.movie`,
    /// `*.pdf`, `*`): a word or a star, where a value is expected.
    func isBareValueStart(_ token: Token) -> Bool {
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

    /// How a token is named in "found …" messages.
    func describe(_ token: Token) -> String {
        token.kind == .end ? "the end of the query" : "'\(QueryChecker.clipped(source.text(token.range)))'"
    }
}
