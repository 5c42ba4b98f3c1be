import FSFindModel

/// Decides whether a query is free text, the way a search field is typed into.
///
/// The rule is the spec's, checked on the raw text before any lexing: a query is free text only
/// when it has no comparison operator, no `InRange`, no `$time`, no `&&` or `||`, no quote
/// characters but double quotes around phrases (`"buy bread" milk`: balanced, straight or curly),
/// and at least one letter or digit. Any other quote sends the query to the grammar, and a query
/// with an operator is never free text, so a phrase's quotes need no other tracking. Parentheses
/// group free text (`(a | b) c`), except around nothing but `true` or `false`: `(true)` is a
/// Finder saved search's constant, read by the grammar. ``FreeTextParser`` reads what passes.
enum FreeText {
    /// Straight and curly double quotes: what may delimit a phrase.
    static func isPhraseQuote(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == "\u{201C}" || scalar == "\u{201D}"
    }

    /// `requiringWord: false` passes text without a letter or digit (`|`, `OR`): what is left of
    /// a query beside its keywords (`kind:image | kind:pdf`).
    static func isFreeText(_ scalars: [Unicode.Scalar], requiringWord: Bool = true) -> Bool {
        var phraseQuotes = 0
        var hasLetterOrDigit = false
        var index = 0
        while index < scalars.count {
            let c = scalars[index]
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch c {
            case "=", "<", ">":
                return false
            case "!" where next == "=":
                return false
            case "&" where next == "&":
                return false
            case "|" where next == "|":
                return false
            case "$" where matches(scalars, at: index, "$time"):
                return false
            case "I" where matches(scalars, at: index + 1, "nRange"),
                "i" where matches(scalars, at: index + 1, "nRange"):
                return false
            default:
                if isPhraseQuote(c) {
                    phraseQuotes += 1
                } else if Lexer.isQuote(c) {
                    return false
                }
                if TextFolding.isWordScalar(c) { hasLetterOrDigit = true }
            }
            index += 1
        }
        guard hasLetterOrDigit || !requiringWord, phraseQuotes % 2 == 0, !isParenthesizedConstant(scalars),
            !hasStringOperator(scalars)
        else {
            return false
        }
        // `title "Paris"` is a predicate missing its operator, not a word and a phrase: left to
        // the grammar, which points at the gap.
        return phraseQuotes == 0 || !namesAttributeBeforeQuote(scalars)
    }

    /// True when an attribute name is followed by one of NSPredicate's string operators and then
    /// by modifiers in brackets or a quoted value (`kMDItemDisplayName CONTAINS[cd] "x"`,
    /// `title like "Par*"`): a predicate, where `a kind like this` stays words.
    private static func hasStringOperator(_ scalars: [Unicode.Scalar]) -> Bool {
        var words: [(text: String, end: Int)] = []
        var index = 0
        while index < scalars.count {
            guard !scalars[index].properties.isWhitespace else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, !scalars[end].properties.isWhitespace, scalars[end] != "[",
                !Lexer.isQuote(scalars[end]), scalars[end] != "("
            {
                end += 1
            }
            words.append((String(String.UnicodeScalarView(scalars[index..<end])), end))
            index = max(end, index + 1)
        }
        for (position, word) in words.enumerated().dropFirst() {
            let upper = word.text.uppercased()
            guard Parser.StringOperator(rawValue: upper) != nil || upper == "MATCHES" else { continue }
            let name = words[position - 1].text
            guard AttributeRegistry.attribute(named: name) != nil || SpotlightNames.isAbsent(name) else { continue }
            var next = word.end
            while next < scalars.count, scalars[next].properties.isWhitespace { next += 1 }
            if next < scalars.count, scalars[next] == "[" || Lexer.isQuote(scalars[next]) { return true }
        }
        return false
    }

    /// True for `(true)`, `((false))`, `(!true)`: a constant in parentheses, as Finder writes it
    /// (or NSPredicate, `(TRUEPREDICATE)`).
    private static func isParenthesizedConstant(_ scalars: [Unicode.Scalar]) -> Bool {
        guard scalars.contains("(") else { return false }
        let rest = String(
            String.UnicodeScalarView(
                scalars.filter { $0 != "(" && $0 != ")" && $0 != "!" && !$0.properties.isWhitespace }))
        return ["true", "false", "TRUEPREDICATE", "FALSEPREDICATE"].contains(rest)
    }

    /// True when the word right before an opening quote names an attribute (`title "x"`, or any
    /// `kMDItem…` name).
    private static func namesAttributeBeforeQuote(_ scalars: [Unicode.Scalar]) -> Bool {
        var word: [Unicode.Scalar] = []
        var previous: [Unicode.Scalar] = []
        var inPhrase = false
        for scalar in scalars {
            if isPhraseQuote(scalar) {
                let before = String(String.UnicodeScalarView(word.isEmpty ? previous : word))
                if !inPhrase, before.hasPrefix("kMDItem") || AttributeRegistry.attribute(named: before) != nil {
                    return true
                }
                inPhrase.toggle()
                word = []
                previous = []
            } else if inPhrase {
                continue
            } else if scalar.properties.isWhitespace {
                if !word.isEmpty { previous = word }
                word = []
            } else {
                word.append(scalar)
            }
        }
        return false
    }

    private static func matches(_ scalars: [Unicode.Scalar], at index: Int, _ word: String) -> Bool {
        var i = index
        for scalar in word.unicodeScalars {
            guard i < scalars.count, scalars[i] == scalar else { return false }
            i += 1
        }
        return true
    }
}
