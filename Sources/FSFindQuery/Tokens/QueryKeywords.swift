/// Spotlight's search-field keywords among predicates (`kind:image && kMDItemPixelHeight > 2000`,
/// `duration:>=600`): the one grammar of ``SearchTokenParser``, which the `search` field's chips
/// use too, so `fsfind query 'kind:image paris'` filters exactly as the chip `kind:image` does.
///
/// Each word (outside quotes) that is a known `key:value`, or `-key:value`, becomes its predicate;
/// a known key with a missing or bad value is an error with a caret, never free text. When the
/// other words are free text, ``FreeTextParser`` reads the whole query, keywords in their place;
/// when they hold an operator, the grammar does, with each keyword put in its place in
/// parentheses.
enum QueryKeywords {
    /// The query with its keywords read, or nil when it has none.
    static func expand(_ text: String) throws(QueryError) -> Query? {
        let source = SourceText(text)
        var words: [(range: Range<Int>, text: String)] = []
        var start: Int?
        var quote: Unicode.Scalar?
        for (index, scalar) in source.scalars.enumerated() {
            if let open = quote {
                if scalar == Lexer.closingQuote(for: open) { quote = nil }
                continue
            }
            if Lexer.isQuote(scalar) { quote = scalar }
            // Words end at white space, and at what the grammar joins them with, so a keyword
            // stands in a predicate expression as a predicate does: `(kind:pdf)`, `a&&kind:pdf`.
            let next = source[index + 1]
            let previous = index > 0 ? source[index - 1] : nil
            let joins =
                (scalar == "&" && (next == "&" || previous == "&"))
                || (scalar == "|" && (next == "|" || previous == "|"))
            // `!` opening a word is the grammar's negation (`!kind:pdf`), not part of the word.
            let negation = scalar == "!" && start == nil && next != "="
            if scalar.properties.isWhitespace || scalar == "(" || scalar == ")" || joins || negation {
                if let begun = start { words.append((begun..<index, source.text(begun..<index))) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begun = start { words.append((begun..<source.count, source.text(begun..<source.count))) }

        var predicates: [(range: Range<Int>, text: String)] = []
        for word in words {
            // A key is letters before the first colon, and no quote comes before it; `-` before
            // the key negates it (`-kind:pdf`).
            let negated = word.text.hasPrefix("-")
            let text = negated ? String(word.text.dropFirst()) : word.text
            guard let colon = text.firstIndex(of: ":"),
                !text[..<colon].contains(where: { $0 == "\"" || $0 == "'" || $0 == "“" })
            else {
                continue
            }
            switch SearchTokenParser.parse(text) {
            case .token(let token):
                predicates.append((word.range, negated ? "!(\(token.predicate))" : token.predicate))
            case .incomplete(let message):
                throw source.error(message, word.range)
            case .notAToken: break
            }
        }
        guard !predicates.isEmpty else { return nil }
        // Beside free text and its operators (`kind:image OR kind:pdf`, `author:'Ann Lee' -draft`),
        // the free-text reader takes keywords where they stand.
        var remainder = ""
        var cut = 0
        for predicate in predicates {
            remainder += source.text(cut..<predicate.range.lowerBound) + " "
            cut = predicate.range.upperBound
        }
        remainder += source.text(cut..<source.count)
        if FreeText.isFreeText(SourceText(remainder).scalars, requiringWord: false) {
            return try Query.folded(try FreeTextParser.parse(text, keywords: true), source: text)
        }
        // The grammar: each keyword in its place, in parentheses.
        var rewritten = ""
        var position = 0
        for predicate in predicates {
            rewritten += source.text(position..<predicate.range.lowerBound) + "(" + predicate.text + ")"
            position = predicate.range.upperBound
        }
        rewritten += source.text(position..<source.count)
        return try Query.parse(rewritten)
    }
}
