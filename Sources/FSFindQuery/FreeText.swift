/// Decides whether a query is free text, the way a search field is typed into.
///
/// The rule is the spec's, checked on the raw text before any lexing: a query is free text only
/// when it has no comparison operator, no `InRange`, no `$time`, no `&&`, `||` or parentheses, no
/// quote characters, and at least one letter or digit. A quote anywhere sends the query to the
/// grammar, so "outside quotes" needs no separate tracking.
package enum FreeText {
    package static func isFreeText(_ scalars: [Unicode.Scalar]) -> Bool {
        var hasLetterOrDigit = false
        var index = 0
        while index < scalars.count {
            let c = scalars[index]
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch c {
            case "=", "<", ">", "(", ")":
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
                if Lexer.isQuote(c) { return false }
                if TextFolding.isWordScalar(c) { hasLetterOrDigit = true }
            }
            index += 1
        }
        return hasLetterOrDigit
    }

    private static func matches(_ scalars: [Unicode.Scalar], at index: Int, _ word: String) -> Bool {
        var i = index
        for scalar in word.unicodeScalars {
            guard i < scalars.count, scalars[i] == scalar else { return false }
            i += 1
        }
        return true
    }

    /// The words of a free-text query as written, split at whitespace scalars. Scalars, not
    /// Characters: a space followed by a combining mark is one Character but still separates.
    static func words(_ text: String) -> [String] {
        text.unicodeScalars.split(whereSeparator: { $0.properties.isWhitespace }).map {
            String(String.UnicodeScalarView($0))
        }
    }
}
