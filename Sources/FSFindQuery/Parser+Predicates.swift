import FSFindModel

/// The predicates: an attribute, its operator and its value, checked as they are read.
extension Parser {
    /// `attribute op value modifiers`, type-checked; also NSPredicate's string operators
    /// (`kMDItemFSName ENDSWITH[c] ".pdf"`), `!= nil`, Spotlight names no item has, and
    /// Finder's `_kMDItemGroupId`.
    mutating func parsePredicate() throws(QueryError) -> QueryExpression {
        let subjectToken = token
        let subject: Head.Subject
        if case .identifier(let name) = subjectToken.kind, name == SpotlightNames.groupID {
            subject = .groupID
        } else if case .identifier(let name) = subjectToken.kind, SpotlightNames.isAbsent(name) {
            subject = .absent(name)
        } else {
            subject = .target(try resolveTarget(subjectToken))
        }
        try advance()
        let op: ComparisonOperator
        var stringOperator: StringOperator?
        let bracketed: TextModifiers?
        switch token.kind {
        case .op(let written):
            op = written
            // `==[cd]`: the modifiers in brackets after the operator, added to the value's own.
            bracketed = try lexer.bracketModifiers(at: token.range.upperBound)
        case .identifier(let word) where StringOperator(word: word) != nil:
            op = .equal
            stringOperator = StringOperator(word: word)
            bracketed = try lexer.wordOperatorModifiers(at: token.range.upperBound)
        case .identifier(let word) where word.uppercased() == "MATCHES":
            throw error(
                "MATCHES (a regular expression) is not a Spotlight operator; write == \"pattern*\" with * as the wildcard, or LIKE",
                token.range)
        default:
            throw error(
                "expected a comparison operator (==, !=, <, >, <=, >=) after '\(QueryChecker.clipped(source.text(subjectToken.range)))', found \(describe(token))",
                token.range)
        }
        let head = Head(
            subject: subject, subjectRange: subjectToken.range, op: op, stringOperator: stringOperator,
            opRange: token.range, bracketed: bracketed)
        if let stringOperator, case .target(let target) = subject, target != .anyText,
            case .attribute(let attribute) = target, attribute.type != .text && attribute.type != .textList
        {
            throw error(
                "\(stringOperator.rawValue) works only with text; '\(attribute.name)' is a \(attribute.type.rawValue)",
                token.range)
        }
        return try parseValue(of: head, valueAlreadyRead: false)
    }

    /// The value after `head` (read from the operator on, or, in a chain after `||`, the current
    /// token), and the predicate the two make.
    mutating func parseValue(of head: Head, valueAlreadyRead: Bool) throws(QueryError) -> QueryExpression {
        var forDate = false
        if case .target(let target) = head.subject { forDate = target.isDate }
        if !valueAlreadyRead {
            let valueStart = lexer.skippingWhitespace(from: lexer.position)
            if lexer.startsBareValueOfItsOwn(at: valueStart) {
                // `.git`, `\*.scpt`, `/Applications/*`: a bare value the tokens would not read.
                token = lexer.bareValue(from: valueStart)
            } else {
                try advance()
                // nil and NULL are NSPredicate's "no value": `!= nil` is presence, `== nil` absence.
                if case .identifier(let word) = token.kind, ["nil", "null"].contains(word.lowercased()) {
                    return try presence(of: head, word: word)
                }
                // A value without quotes, as mdfind takes it: a word, a dotted type or a pattern;
                // for a date, a bare ISO date (`>= 2024-01-01`).
                if isBareValueStart(token) { token = lexer.bareValue(from: token.range.lowerBound) }
                if forDate, case .number = token.kind, let date = lexer.bareISODate(from: token.range.lowerBound) {
                    token = date
                }
            }
        }
        let valueToken = token
        var (value, modifiers) = try valueOf(valueToken, after: head.opRange, forDate: forDate)
        if let bracketed = head.bracketed { modifiers.formUnion(bracketed) }
        if let stringOperator = head.stringOperator {
            guard case .text(let pattern) = value else {
                throw error(
                    "\(stringOperator.rawValue) compares text; give it a quoted string, found \(describe(valueToken))",
                    valueToken.range)
            }
            value = .text(try Self.pattern(pattern, stringOperator, range: valueToken.range, source: source))
        }
        let expression: QueryExpression
        switch head.subject {
        case .target(let target):
            try QueryChecker(source: source).check(
                target: target, targetRange: head.subjectRange, op: head.op,
                opRange: head.opRange, value: value, modifiers: modifiers,
                valueRange: valueToken.range)
            expression = .comparison(Comparison(target: target, op: head.op, value: value, modifiers: modifiers))
        case .absent(let name):
            noteUnknownSpotlightName(name)
            expression = .or([])
        case .groupID:
            expression = try group(head, value: value, valueRange: valueToken.range)
        }
        try advance()
        lastHead = head
        return expression
    }

    /// `attr != nil` (present: `attr == "*"`) or `attr == nil` (absent: `attr != "*"`).
    private mutating func presence(of head: Head, word: String) throws(QueryError) -> QueryExpression {
        guard head.op == .equal || head.op == .notEqual, head.stringOperator == nil else {
            throw error("\(word) compares only with == and != (present or not)", token.range)
        }
        let op: ComparisonOperator = head.op == .equal ? .notEqual : .equal
        let expression: QueryExpression
        switch head.subject {
        case .target(let target):
            expression = .comparison(Comparison(target: target, op: op, value: .text(TextPattern([.wildcard]))))
        case .absent(let name):
            noteUnknownSpotlightName(name)
            expression = .or([])
        case .groupID:
            // Every item is in some group.
            expression = head.op == .equal ? .or([]) : .and([])
        }
        try advance()
        lastHead = nil
        return expression
    }

    /// `_kMDItemGroupId == N` (or `!=`): the files of that Finder group, as `kind:` finds them.
    private func group(_ head: Head, value: QueryValue, valueRange: Range<Int>) throws(QueryError)
        -> QueryExpression
    {
        let number: Double? =
            switch value {
            case .number(let number): number
            case .text(let pattern) where !pattern.hasWildcards: Lexer.number(in: pattern.literalText)
            default: nil
            }
        let groups = SpotlightNames.groupKinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            .joined(separator: ", ")
        guard head.op == .equal || head.op == .notEqual else {
            throw error("\(SpotlightNames.groupID) compares only with == and != (\(groups))", head.opRange)
        }
        guard let number, number == number.rounded(), abs(number) < 1000,
            let kind = SpotlightNames.groupKinds[Int(number)]
        else {
            throw error("not a Finder group \(SpotlightNames.groupID) has (\(groups))", valueRange)
        }
        guard case .token(let token) = SearchTokenParser.parse("kind:" + kind) else {
            // Every kind in the table is one SearchTokenParser reads (a test holds them to it).
            throw error("kind:\(kind) is not a kind", valueRange)
        }
        let files = try Query.parse(token.predicate).expression
        return head.op == .equal ? files : .not(files)
    }

    /// The `==` pattern an NSPredicate string operator stands for. Its value is a plain string
    /// there, so a `*` in it is a star (`CONTAINS "*"` looks for one), except under `LIKE`, whose
    /// `*` is the wildcard as in Spotlight's own patterns.
    static func pattern(
        _ written: TextPattern, _ stringOperator: StringOperator, range: Range<Int>, source: SourceText
    ) throws(QueryError) -> TextPattern {
        if stringOperator == .like {
            if written.literalText.contains("?") {
                throw source.error(
                    "'?' in LIKE (any one character) is not supported; write * for any run of characters",
                    range)
            }
            return written
        }
        let text = written.segments.map { if case .literal(let text) = $0 { text } else { "*" } }.joined()
        let literal: [TextPattern.Segment] = text.isEmpty ? [] : [.literal(text)]
        switch stringOperator {
        case .contains: return TextPattern([.wildcard] + literal + (literal.isEmpty ? [] : [.wildcard]))
        case .beginsWith: return TextPattern(literal + [.wildcard])
        case .endsWith: return TextPattern([.wildcard] + literal)
        case .like: return written
        }
    }

    func resolveTarget(_ token: Token) throws(QueryError) -> AttributeTarget {
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
    func valueOf(_ token: Token, after opRange: Range<Int>?, forDate: Bool = false) throws(QueryError) -> (
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
            let after = opRange.map { " after '\(source.text($0))'" } ?? ""
            throw error(
                "expected a value\(after) (a quoted string, a number or $time…), found \(describe(token))", token.range)
        }
    }
}
