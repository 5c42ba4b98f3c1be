/// Reads free text with mdfind's operators: `a|b` or `a OR b` (either), `-word` or `NOT word`
/// (without), `( )` grouping, `"a phrase"`, `AND` (what juxtaposition says anyway), and the
/// search-field keywords (`kind:image`, `-kind:pdf`) as predicates in their place.
///
/// Words side by side are one ``QueryExpression/freeText(_:)`` leaf (so `invoice contract`
/// stays the one ranked question it always was); only the operators build a tree around leaves.
/// `|` binds looser than juxtaposition: `a b | c` is `(a b) | c`, as in a search engine's box.
/// Parentheses and negations nest at most ``Parser/maximumDepth`` deep, like the grammar's.
struct FreeTextParser {
    private enum Piece: Equatable {
        case word(String)
        case phrase(String)
        /// A search-field keyword, already parsed into its predicate.
        case keyword(QueryExpression)
        case or
        case and
        case not
        case open
        case close
        case end
    }

    private let source: SourceText
    private let readsKeywords: Bool
    private var pieces: [(piece: Piece, range: Range<Int>)] = []
    private var position = 0
    private var depth = 0

    /// The expression `text` says as free text. With `keywords`, `key:value` words are
    /// predicates; otherwise they are words.
    static func parse(_ text: String, keywords: Bool) throws(QueryError) -> QueryExpression {
        var parser = FreeTextParser(source: SourceText(text), readsKeywords: keywords)
        try parser.split()
        return try parser.parseQuery()
    }

    private init(source: SourceText, readsKeywords: Bool) {
        self.source = source
        self.readsKeywords = readsKeywords
    }

    // MARK: - Splitting into pieces

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "|" || scalar == "(" || scalar == ")"
            || FreeText.isPhraseQuote(scalar)
    }

    private mutating func split() throws(QueryError) {
        let scalars = source.scalars
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c.properties.isWhitespace {
                i += 1
            } else if c == "|" {
                pieces.append((.or, i..<i + 1))
                i += 1
            } else if c == "(" {
                pieces.append((.open, i..<i + 1))
                i += 1
            } else if c == ")" {
                pieces.append((.close, i..<i + 1))
                i += 1
            } else if FreeText.isPhraseQuote(c) {
                var end = i + 1
                while end < scalars.count, !FreeText.isPhraseQuote(scalars[end]) { end += 1 }
                // FreeText.isFreeText let only balanced quotes through.
                let words = source.text(i + 1..<end).unicodeScalars
                    .split(whereSeparator: { $0.properties.isWhitespace })
                    .map { String(String.UnicodeScalarView($0)) }
                if !words.isEmpty { pieces.append((.phrase(words.joined(separator: " ")), i..<end + 1)) }
                i = end + 1
            } else {
                i = try word(from: i)
            }
        }
        pieces.append((.end, scalars.count..<scalars.count))
    }

    /// Reads the word starting at `start`; returns where the next piece may start.
    private mutating func word(from start: Int) throws(QueryError) -> Int {
        let scalars = source.scalars
        var end = start
        var sawColon = false
        while end < scalars.count {
            let c = scalars[end]
            if c == ":" { sawColon = true }
            // A keyword's quoted value (`author:"Steve Jobs"`) belongs to its word.
            if sawColon, Lexer.isQuote(c), let closing = Lexer.closingQuote(for: c) {
                end += 1
                while end < scalars.count, scalars[end] != closing { end += 1 }
                end = min(end + 1, scalars.count)
                continue
            }
            if Self.isSeparator(c) { break }
            end += 1
        }
        let text = source.text(start..<end)
        switch text {
        case "OR":
            pieces.append((.or, start..<end))
            return end
        case "AND":
            pieces.append((.and, start..<end))
            return end
        case "NOT":
            pieces.append((.not, start..<end))
            return end
        default:
            break
        }
        // `-word`, `-"a phrase"`, `-(a | b)`, `-kind:pdf`: without. A lone `-` between words is
        // not an operator (`2019 - 2020`), and neither is one inside a word (`e-mail`).
        if scalars[start] == "-" {
            let next = start + 1 < scalars.count ? scalars[start + 1] : nil
            if let next, !next.properties.isWhitespace, next != "-", next != "|", next != ")" {
                pieces.append((.not, start..<start + 1))
                return end == start + 1 ? end : try word(from: start + 1)
            }
        }
        if readsKeywords, sawColon {
            // `date:this week`, as typed into Spotlight's field without quotes: one value.
            if let (joined, next) = periodSpelledInTwoWords(text, after: end) {
                return try keyword(joined, range: start..<next) ? next : end
            }
            switch SearchTokenParser.parse(text) {
            case .token(let token):
                pieces.append((.keyword(try Query.parse(token.predicate).expression), start..<end))
                return end
            case .incomplete(let message):
                throw source.error(message, start..<end)
            case .notAToken:
                break
            }
        }
        pieces.append((.word(text), start..<end))
        return end
    }

    /// For `KEY:this` or `KEY:last` followed by `week`, `month` or `year`: the word with the two
    /// joined (`KEY:this_week`) and where the second ends; nil otherwise.
    private func periodSpelledInTwoWords(_ text: String, after end: Int) -> (String, Int)? {
        let lower = text.lowercased()
        guard lower.hasSuffix(":this") || lower.hasSuffix(":last") else { return nil }
        let scalars = source.scalars
        var start = end
        while start < scalars.count, scalars[start].properties.isWhitespace { start += 1 }
        guard start > end else { return nil }
        var stop = start
        while stop < scalars.count, !Self.isSeparator(scalars[stop]) { stop += 1 }
        let period = source.text(start..<stop).lowercased()
        guard ["week", "month", "year"].contains(period) else { return nil }
        return (text + "_" + period, stop)
    }

    /// Appends `text` as a keyword when it is one; false when it is not a token at all.
    private mutating func keyword(_ text: String, range: Range<Int>) throws(QueryError) -> Bool {
        switch SearchTokenParser.parse(text) {
        case .token(let token):
            pieces.append((.keyword(try Query.parse(token.predicate).expression), range))
            return true
        case .incomplete(let message):
            throw source.error(message, range)
        case .notAToken:
            return false
        }
    }

    // MARK: - Parsing

    private var current: (piece: Piece, range: Range<Int>) { pieces[position] }

    private mutating func parseQuery() throws(QueryError) -> QueryExpression {
        guard pieces.count > 1 else {
            throw source.error("empty query: write a word to search for", 0..<source.count)
        }
        let expression = try parseOr()
        switch current.piece {
        case .end: return expression
        case .close: throw source.error("unbalanced parentheses: this ')' has no matching '('", current.range)
        default: throw source.error("expected a word, found \(describe(current))", current.range)
        }
    }

    private mutating func parseOr() throws(QueryError) -> QueryExpression {
        var operands = [try parseAnd()]
        while current.piece == .or {
            position += 1
            operands.append(try parseAnd())
        }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    /// Juxtaposed operands (and `AND`): every positive run of words becomes one leaf.
    private mutating func parseAnd() throws(QueryError) -> QueryExpression {
        var operands: [QueryExpression] = []
        var words: [String] = []
        while true {
            switch current.piece {
            case .and:
                if operands.isEmpty, words.isEmpty {
                    throw source.error("'AND' needs a word before it", current.range)
                }
                position += 1
                guard startsOperand(current.piece) else {
                    throw source.error("'AND' needs a word after it, found \(describe(current))", current.range)
                }
                continue
            case .word(let word):
                words.append(word)
                position += 1
                continue
            case .phrase(let phrase):
                words.append(phrase)
                position += 1
                continue
            case .keyword, .not, .open:
                operands.append(try parseUnary())
                continue
            case .or, .close, .end:
                break
            }
            break
        }
        // The words first, wherever they stood: `kind:image paris` is `paris kind:image`.
        if !words.isEmpty { operands.insert(.freeText(words), at: 0) }
        guard !operands.isEmpty else {
            switch current.piece {
            case .end where position == 0:
                throw source.error("empty query: write a word to search for", 0..<source.count)
            case .end: throw source.error("expected a word at the end of the query", current.range)
            case .close where position > 0 && pieces[position - 1].piece == .open:
                throw source.error("empty parentheses: write a word between them", current.range)
            default: throw source.error("expected a word before \(describe(current))", current.range)
            }
        }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    private func startsOperand(_ piece: Piece) -> Bool {
        switch piece {
        case .word, .phrase, .keyword, .not, .open: true
        case .or, .and, .close, .end: false
        }
    }

    private mutating func parseUnary() throws(QueryError) -> QueryExpression {
        let start = current
        switch start.piece {
        case .not:
            try enter(start.range)
            position += 1
            guard startsOperand(current.piece) else {
                throw source.error(
                    "\(describe(start)) needs a word after it, found \(describe(current))", current.range)
            }
            let operand = try parseUnary()
            depth -= 1
            return .not(operand)
        case .open:
            try enter(start.range)
            position += 1
            let inner = try parseOr()
            guard current.piece == .close else {
                throw source.error("unbalanced parentheses: this '(' is never closed", start.range)
            }
            position += 1
            depth -= 1
            return inner
        case .keyword(let expression):
            position += 1
            return expression
        case .word(let word):
            position += 1
            return .freeText([word])
        case .phrase(let phrase):
            position += 1
            return .freeText([phrase])
        case .or, .and, .close, .end:
            throw source.error("expected a word, found \(describe(start))", start.range)
        }
    }

    private mutating func enter(_ range: Range<Int>) throws(QueryError) {
        depth += 1
        if depth > Parser.maximumDepth {
            throw source.error("parentheses and '-' nest more than \(Parser.maximumDepth) levels deep", range)
        }
    }

    private func describe(_ piece: (piece: Piece, range: Range<Int>)) -> String {
        piece.piece == .end ? "the end of the query" : "'\(QueryChecker.clipped(source.text(piece.range)))'"
    }
}
