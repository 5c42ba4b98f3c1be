import FSFindModel

/// Splits a query into ``Token``s on demand, so the parser reports errors in reading order.
///
/// Everything that is one token to a reader is one token here: a string with its modifiers, a
/// signed number with its exponent, and a whole `$time.name(N)` or `$time.iso(…)`. The lexer
/// therefore validates those pieces itself (unknown modifier, unknown `$time` name, argument to
/// `$time.yesterday`, malformed ISO date) and points the caret at the exact character.
struct Lexer {
    let source: SourceText
    private(set) var position = 0

    init(_ source: SourceText) {
        self.source = source
    }

    /// The quote characters a string may open with, and the one that closes each.
    static func closingQuote(for opening: Unicode.Scalar) -> Unicode.Scalar? {
        switch opening {
        case "\"": "\""
        case "'": "'"
        case "\u{201C}": "\u{201D}"  // “ ”
        case "\u{2018}": "\u{2019}"  // ‘ ’
        // Autocorrect often leaves right quotes on both sides; and a stray closing quote must read
        // as an unterminated string (the spec's `…“audio”wc’` example), not as an odd character.
        case "\u{201D}": "\u{201D}"
        case "\u{2019}": "\u{2019}"
        default: nil
        }
    }

    static func isQuote(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", "'", "\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}": true
        default: false
        }
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }

    static func isIdentifierContinue(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || isDigit(scalar)
    }

    /// Reads `[+-]? digits ("." digits)? ([eE] [+-]? digits)?` at `start`; returns its text (for
    /// `Double.init`) and the offset after it, or nil when no number starts there. An `e` not
    /// followed by digits is left for the next token. Shared with numeric strings.
    static func scanNumber(_ s: [Unicode.Scalar], from start: Int) -> (text: String, end: Int)? {
        var i = start
        if i < s.count, s[i] == "+" || s[i] == "-" { i += 1 }
        let digitsStart = i
        while i < s.count, isDigit(s[i]) { i += 1 }
        guard i > digitsStart else { return nil }
        if i + 1 < s.count, s[i] == ".", isDigit(s[i + 1]) {
            i += 1
            while i < s.count, isDigit(s[i]) { i += 1 }
        }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            var j = i + 1
            if j < s.count, s[j] == "+" || s[j] == "-" { j += 1 }
            if j < s.count, isDigit(s[j]) {
                while j < s.count, isDigit(s[j]) { j += 1 }
                i = j
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: s[start..<i])
        return (String(view), i)
    }

    /// The number a quoted string holds (surrounding spaces allowed), or nil.
    static func number(in text: String) -> Double? {
        let s = Array(text.unicodeScalars)
        var start = 0
        while start < s.count, s[start].properties.isWhitespace { start += 1 }
        guard let (lexeme, end) = scanNumber(s, from: start) else { return nil }
        var rest = end
        while rest < s.count, s[rest].properties.isWhitespace { rest += 1 }
        guard rest == s.count, let value = Double(lexeme), value.isFinite else { return nil }
        return value
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? { source[position + offset] }

    private func error(_ message: String, _ range: Range<Int>) -> QueryError { source.error(message, range) }

    private mutating func skipWhitespace() {
        while let c = peek(), c.properties.isWhitespace { position += 1 }
    }

    /// The next token; `.end` (repeatedly) once the input is used up.
    mutating func next() throws(QueryError) -> Token {
        skipWhitespace()
        let start = position
        guard let c = peek() else { return Token(kind: .end, range: start..<start) }
        func single(_ kind: Token.Kind, length: Int = 1) -> Token {
            position += length
            return Token(kind: kind, range: start..<position)
        }
        switch c {
        case "(": return single(.leftParen)
        case ")": return single(.rightParen)
        case ",": return single(.comma)
        case "*": return single(.star)
        case "&":
            if peek(1) == "&" { return single(.and, length: 2) }
            throw error("'&' is not an operator; write '&&' for and", start..<start + 1)
        case "|":
            if peek(1) == "|" { return single(.or, length: 2) }
            throw error("'|' is not an operator; write '||' for or", start..<start + 1)
        case "!":
            return peek(1) == "=" ? single(.op(.notEqual), length: 2) : single(.not)
        case "=":
            return peek(1) == "=" ? single(.op(.equal), length: 2) : single(.op(.equal))
        case "<":
            return peek(1) == "=" ? single(.op(.lessOrEqual), length: 2) : single(.op(.less))
        case ">":
            return peek(1) == "=" ? single(.op(.greaterOrEqual), length: 2) : single(.op(.greater))
        case "$":
            return try lexTime()
        default:
            break
        }
        if let closing = Self.closingQuote(for: c) {
            return try lexString(closing: closing)
        }
        if Self.isDigit(c) || ((c == "+" || c == "-") && peek(1).map(Self.isDigit) == true) {
            return try lexNumber()
        }
        if Self.isIdentifierStart(c) {
            while let d = peek(), Self.isIdentifierContinue(d) { position += 1 }
            let word = source.text(start..<position)
            // mdfind's operators as words, in capitals only (`a == "x" AND b == "y"`).
            switch word {
            case "AND": return Token(kind: .and, range: start..<position)
            case "OR": return Token(kind: .or, range: start..<position)
            case "NOT": return Token(kind: .not, range: start..<position)
            default: return Token(kind: .identifier(word), range: start..<position)
            }
        }
        throw error("unexpected character '\(Character(c))'", start..<start + 1)
    }

    /// Apple's bracket modifiers right after an operator (`==[cd]`, Query Expression Syntax):
    /// the modifiers, with the lexer moved past the `]`; nil (and nothing consumed) when no `[`
    /// follows at once.
    mutating func bracketModifiers(at start: Int) throws(QueryError) -> TextModifiers? {
        guard source[start] == "[" else { return nil }
        return try bracketModifiers(opening: start)
    }

    /// The modifiers in brackets at `opening`, where a `[` stands, with the lexer moved past the `]`.
    private mutating func bracketModifiers(opening start: Int) throws(QueryError) -> TextModifiers {
        position = start + 1
        var modifiers = TextModifiers()
        while let m = peek(), m != "]", !m.properties.isWhitespace {
            switch m {
            case "c": modifiers.caseInsensitive = true
            case "d": modifiers.diacriticInsensitive = true
            case "w": modifiers.wordBased = true
            case "t": modifiers.tokenized = true
            default:
                throw error(
                    "unknown modifier '\(Character(m))' in [..] (modifiers are c, d, w and t)", position..<position + 1)
            }
            position += 1
        }
        guard peek() == "]" else { throw error("expected ']' to close the modifiers", start..<position) }
        position += 1
        return modifiers
    }

    /// NSPredicate's modifiers after a word operator (`CONTAINS[cd]`, `like [c]`): as
    /// ``bracketModifiers(at:)``, with white space allowed before the `[`.
    mutating func wordOperatorModifiers(at start: Int) throws(QueryError) -> TextModifiers? {
        let bracket = skippingWhitespace(from: start)
        guard source[bracket] == "[" else { return nil }
        return try bracketModifiers(opening: bracket)
    }

    /// A bare ISO-8601 date or time from `start` (`2024-01-01`, `2024-01-01T12:00:00Z`), as a
    /// `$time.iso` value, with the lexer moved past it; nil (nothing consumed) when the text there
    /// is not one (a plain number stays a number).
    mutating func bareISODate(from start: Int) -> Token? {
        var end = start
        while let c = source[end], !c.properties.isWhitespace, c != ")", c != ",", c != "&", c != "|" { end += 1 }
        let text = source.text(start..<end)
        // At least `YYYY-MM-DD`: a number such as 2024 or -5 is not a date.
        guard text.count >= 10, text.unicodeScalars.dropFirst(4).first == "-", ISO8601Text(text) != nil else {
            return nil
        }
        position = end
        return Token(kind: .time(.iso(text)), range: start..<end)
    }

    /// mdfind's value without quotes, from `start` (where the parser's current token began): a
    /// word, a dotted type (`public.movie`), a name (`.git`) or a pattern (`*.pdf`, `*`), up to
    /// white space, `)`, `,`, `&&` or `||`. `*` is a wildcard and `\` makes the next character
    /// literal (`\*` a star), as in a quoted string; no modifiers follow.
    mutating func bareValue(from start: Int) -> Token {
        position = start
        var segments: [TextPattern.Segment] = []
        var literal = ""
        while let c = peek(), !c.properties.isWhitespace, c != ")", c != ",",
            !(c == "&" && peek(1) == "&"), !(c == "|" && peek(1) == "|")
        {
            position += 1
            if c == "\\", let escaped = peek() {
                literal.unicodeScalars.append(escaped)
                position += 1
            } else if c == "*" {
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                if segments.last != .wildcard { segments.append(.wildcard) }
            } else {
                literal.unicodeScalars.append(c)
            }
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return Token(kind: .string(TextPattern(segments), TextModifiers()), range: start..<position)
    }

    /// The first offset at or after `start` that is not white space.
    func skippingWhitespace(from start: Int) -> Int {
        var i = start
        while let c = source[i], c.properties.isWhitespace { i += 1 }
        return i
    }

    /// True when a value without quotes that the tokens would not read starts at `start`: a name
    /// with a leading dot (`.git`, `.DS_Store`), an escaped character (`\*.scpt`) or a path
    /// (`/Applications/*`).
    func startsBareValueOfItsOwn(at start: Int) -> Bool {
        guard let c = source[start] else { return false }
        return c == "." || c == "\\" || c == "/"
    }

    /// True when an apostrophe inside a word stands at `offset` (`o'reilly`, `don’t`): a letter
    /// or digit on both sides. Such a quote opens no string.
    func isApostrophe(at offset: Int) -> Bool {
        guard let c = source[offset], c == "'" || c == "\u{2019}", offset > 0, let before = source[offset - 1],
            let after = source[offset + 1]
        else { return false }
        return TextFolding.isWordScalar(before) && TextFolding.isWordScalar(after)
    }

    /// Words typed among predicates (`kMDItemContentType == "com.adobe.pdf" && invoice`), from
    /// `start`: everything up to `&&`, `||`, a parenthesis, a comparison operator, `$` or a
    /// quote that is not an apostrophe inside a word, with quoted phrases kept whole. Returns the
    /// range read, white space at its end dropped, and moves past it.
    mutating func freeTextRun(from start: Int) -> Range<Int> {
        position = start
        var end = start
        scan: while let c = peek() {
            switch c {
            case "(", ")", "=", "<", ">", "$": break scan
            case "&" where peek(1) == "&": break scan
            case "|" where peek(1) == "|": break scan
            case "!" where peek(1) == "=": break scan
            case "\"", "\u{201C}", "\u{201D}":
                // A phrase: to its closing quote, or the run ends before it.
                var close = position + 1
                while let d = source[close], !FreeText.isPhraseQuote(d) { close += 1 }
                guard source[close] != nil else { break scan }
                position = close + 1
                end = position
                continue scan
            default:
                if Self.isQuote(c) && !isApostrophe(at: position) { break scan }
            }
            position += 1
            if !c.properties.isWhitespace { end = position }
        }
        position = end
        return start..<end
    }

    /// How many of `name`'s own steps one of `unit` is: days and weeks for `today`, weeks for
    /// `this_week`, months for `this_month`, years for `this_year`, and seconds to weeks for `now`.
    /// Nil for a unit that does not fit.
    static func unitFactor(_ unit: String, for name: TimeName) -> Double? {
        switch (name, unit) {
        case (.today, "d"), (.thisWeek, "w"), (.thisMonth, "m"), (.thisMonth, "M"), (.thisYear, "y"): 1
        case (.today, "w"): 7
        case (.now, "s"): 1
        case (.now, "m"): 60
        case (.now, "h"): 3600
        case (.now, "d"): 86_400
        case (.now, "w"): 604_800
        default: nil
        }
    }

    private mutating func lexNumber() throws(QueryError) -> Token {
        let start = position
        guard let (lexeme, end) = Self.scanNumber(source.scalars, from: start) else {
            throw error("expected a number", start..<start + 1)
        }
        position = end
        guard let value = Double(lexeme), value.isFinite else {
            throw error("number out of range", start..<end)
        }
        return Token(kind: .number(value), range: start..<end)
    }

    /// A quoted string: escapes resolved, unescaped `*` turned into wildcards, then modifiers.
    private mutating func lexString(closing: Unicode.Scalar) throws(QueryError) -> Token {
        let start = position
        position += 1
        var segments: [TextPattern.Segment] = []
        var literal = String.UnicodeScalarView()
        func flush() {
            if !literal.isEmpty {
                segments.append(.literal(String(literal)))
                literal = String.UnicodeScalarView()
            }
        }
        while true {
            guard let c = peek() else {
                throw error("unterminated string: no closing \(Character(closing))", start..<source.count)
            }
            position += 1
            if c == closing { break }
            if c == "\\" {
                guard let escaped = peek() else {
                    throw error("unterminated string: no closing \(Character(closing))", start..<source.count)
                }
                literal.append(escaped)
                position += 1
            } else if c == "*" {
                flush()
                if segments.last != .wildcard { segments.append(.wildcard) }
            } else {
                literal.append(c)
            }
        }
        flush()
        var modifiers = TextModifiers()
        while let m = peek(), Self.isIdentifierContinue(m) {
            switch m {
            case "c": modifiers.caseInsensitive = true
            case "d": modifiers.diacriticInsensitive = true
            case "w": modifiers.wordBased = true
            case "t": modifiers.tokenized = true
            default:
                throw error("unknown modifier '\(Character(m))' (modifiers are c, d, w and t)", position..<position + 1)
            }
            position += 1
        }
        return Token(kind: .string(TextPattern(segments), modifiers), range: start..<position)
    }

    /// The `$time` names as an error lists them.
    private static let timeNames = TimeName.allCases.map(\.rawValue).joined(separator: ", ")

    /// `$time.name`, `$time.name(N)` or `$time.iso(TEXT)`, validated.
    private mutating func lexTime() throws(QueryError) -> Token {
        let start = position
        let name = try lexTimeName(start: start)
        guard let bare = name.value(offset: nil) else { return try lexISO(start: start) }
        // mdfind allows a space before the argument: `$time.today (-1)`.
        var afterName = position
        while let d = source[afterName], d.properties.isWhitespace { afterName += 1 }
        guard source[afterName] == "(" else { return Token(kind: .time(bare), range: start..<position) }
        position = afterName
        let argumentStart = position
        position += 1
        skipWhitespace()
        // Empty parentheses (`$time.this_month()`) are no argument.
        if peek() == ")" {
            position += 1
            return Token(kind: .time(bare), range: start..<position)
        }
        let numberStart = position
        guard let (lexeme, numberEnd) = Self.scanNumber(source.scalars, from: numberStart) else {
            throw error("expected a number in $time.\(name.rawValue)(…)", numberStart..<numberStart + 1)
        }
        position = numberEnd
        // A unit after the number (`-30d`, `-1w`), as mdfind writes it; converted to the name's own.
        var factor = 1.0
        if let letter = peek(), Self.isIdentifierStart(letter) {
            let unitStart = position
            while let d = peek(), Self.isIdentifierContinue(d) { position += 1 }
            let unit = source.text(unitStart..<position)
            guard let known = Self.unitFactor(unit, for: name) else {
                let units = name.unit.map { " (\($0): write \(lexeme) or \(lexeme)\($0.prefix(1)))" } ?? ""
                throw error(
                    "'\(QueryChecker.clipped(unit))' is not a unit $time.\(name.rawValue)(…) takes\(units)",
                    unitStart..<position)
            }
            factor = known
        }
        skipWhitespace()
        guard peek() == ")" else {
            throw error("expected ')' after the number in $time.\(name.rawValue)(…)", position..<position + 1)
        }
        position += 1
        guard name.takesOffset else {
            throw error("$time.\(name.rawValue) takes no argument", argumentStart..<position)
        }
        guard let given = Double(lexeme), case let n = given * factor, n.isFinite, abs(n) <= name.offsetLimit else {
            throw error("$time.\(name.rawValue)(…) is out of range", numberStart..<numberEnd)
        }
        if let unit = name.unit, n != n.rounded() {
            throw error("$time.\(name.rawValue)(…) takes a whole number of \(unit)", numberStart..<numberEnd)
        }
        // Non-nil: name takes an offset, so it is not iso; |n| is within offsetLimit, far inside Int.
        return Token(kind: .time(name.value(offset: n)!), range: start..<position)
    }

    /// Reads `$time.NAME` up to the name's end; a misspelt name gets the closest one in its error.
    private mutating func lexTimeName(start: Int) throws(QueryError) -> TimeName {
        let prefix: [Unicode.Scalar] = ["$", "t", "i", "m", "e"]
        var i = 0
        while i < prefix.count, peek(i) == prefix[i] { i += 1 }
        guard i == prefix.count, !(peek(i).map(Self.isIdentifierContinue) ?? false) else {
            var end = position + 1
            while let d = source[end], Self.isIdentifierContinue(d) { end += 1 }
            throw error(
                "unknown variable '\(QueryChecker.clipped(source.text(start..<end)))'; the only variable is $time",
                start..<end)
        }
        position += prefix.count
        guard peek() == "." else {
            throw error(
                "expected '.' and a name after $time (\(Self.timeNames))",
                start..<position)
        }
        position += 1
        let nameStart = position
        while let d = peek(), Self.isIdentifierContinue(d) { position += 1 }
        let spelled = source.text(nameStart..<position)
        guard let name = TimeName(rawValue: spelled) else {
            let name = spelled
            let close =
                name.count > 32
                ? nil
                : TimeName.allCases.map { ($0.rawValue, editDistance(Array(name.lowercased()), Array($0.rawValue))) }
                    .filter { $0.1 <= max(2, name.count / 3) }.min { $0.1 < $1.1 }
            let hint = close.map { " (did you mean '$time.\($0.0)'?)" } ?? " (names: \(Self.timeNames))"
            let range = name.isEmpty ? start..<position : nameStart..<position
            throw error("unknown $time name '\(QueryChecker.clipped(name))'" + hint, range)
        }
        return name
    }

    /// `$time.iso(` has been read up to the name; reads `(TEXT)` with TEXT bare or quoted.
    private mutating func lexISO(start: Int) throws(QueryError) -> Token {
        guard peek() == "(" else {
            throw error(
                "$time.iso needs a date: $time.iso(2025-06-01) or $time.iso(2025-06-01T12:00:00Z)",
                start..<position)
        }
        position += 1
        skipWhitespace()
        var textStart = position
        var textEnd: Int
        if let c = peek(), let closing = Self.closingQuote(for: c) {
            let quote = position
            position += 1
            textStart = position
            while let d = peek(), d != closing { position += 1 }
            guard peek() == closing else {
                throw error("unterminated string: no closing \(Character(closing))", quote..<source.count)
            }
            textEnd = position
            position += 1
            skipWhitespace()
            guard peek() == ")" else { throw error("expected ')' to close $time.iso(…)", position..<position + 1) }
        } else {
            while let d = peek(), d != ")" { position += 1 }
            guard peek() == ")" else { throw error("expected ')' to close $time.iso(…)", start..<source.count) }
            textEnd = position
            while textEnd > textStart, source.scalars[textEnd - 1].properties.isWhitespace { textEnd -= 1 }
        }
        position += 1
        let text = source.text(textStart..<textEnd)
        guard ISO8601Text(text) != nil else {
            throw error(
                "'\(QueryChecker.clipped(text))' is not an ISO-8601 date (write 2025-06-01 or 2025-06-01T12:00:00Z)",
                textEnd > textStart ? textStart..<textEnd : start..<position)
        }
        return Token(kind: .time(.iso(text)), range: start..<position)
    }
}
