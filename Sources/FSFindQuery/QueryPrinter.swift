import FSFindModel

/// Prints a ``QueryExpression`` in canonical form: attribute names not aliases, `==` not `=`,
/// straight double quotes, modifiers in `cdwt` order, parentheses only where needed.
///
/// Printing then parsing gives back an equal tree (the property tests check it), so the canonical
/// form is a faithful way to show, log or store a query.
enum QueryPrinter {
    static func print(_ expression: QueryExpression) -> String {
        // Only a whole query can be free text as typed; inside a tree it takes the grammar's form.
        // (Words that would read as an operator, `a||b`, take it too.)
        if case .freeText(let words) = expression {
            let typed = freeText(words)
            if FreeText.isFreeText(Array(typed.unicodeScalars)) { return typed }
        }
        var out = ""
        write(expression, to: &out)
        // `true`, `!false`: read back as free text unless in parentheses, as Finder writes them.
        if FreeText.isFreeText(Array(out.unicodeScalars)) { out = "(\(out))" }
        return out
    }

    private static func write(_ expression: QueryExpression, to out: inout String) {
        switch expression {
        case .and([]):
            out += "true"
        case .or([]):
            out += "false"
        case .and(let operands):
            for (index, operand) in operands.enumerated() {
                if index > 0 { out += " && " }
                // An `and` or `or` inside an `and` only exists because it was parenthesized.
                switch operand {
                case .and([]), .or([]): write(operand, to: &out)
                case .and, .or: group(operand, to: &out)
                default: write(operand, to: &out)
                }
            }
        case .or(let operands):
            for (index, operand) in operands.enumerated() {
                if index > 0 { out += " || " }
                if case .or(let inner) = operand, !inner.isEmpty {
                    group(operand, to: &out)
                } else {
                    write(operand, to: &out)
                }
            }
        case .not(let operand):
            out += "!"
            switch operand {
            case .and([]), .or([]): write(operand, to: &out)
            case .and, .or: group(operand, to: &out)
            default: write(operand, to: &out)
            }
        case .comparison(let comparison):
            out += comparison.target.name
            out += " \(comparison.op.rawValue) "
            write(comparison.value, to: &out)
            out += comparison.modifiers.letters
        case .inRange(let range):
            out += "InRange(\(range.attribute.name), "
            write(range.lower, to: &out)
            out += ", "
            write(range.upper, to: &out)
            out += ")"
        case .freeText(let words):
            out += nameOrContent(words)
        }
    }

    /// Free text as typed: a phrase (a word with spaces in it), or a word an operator could be
    /// read into (`-x`, `a|b`, `OR`), goes back in quotes.
    private static func freeText(_ words: [String]) -> String {
        words.map { word in
            // Scalars, as FreeTextParser splits: `|` followed by a combining mark still separates.
            let special =
                word.unicodeScalars.contains(where: { $0 == " " || $0 == "|" || $0 == "(" || $0 == ")" })
                || word.unicodeScalars.first == "-"
                || word == "AND" || word == "OR" || word == "NOT"
            return special ? "\"\(word)\"" : word
        }.joined(separator: " ")
    }

    /// Free text inside a tree, where the grammar reads it: `** == "words"`, with the value's
    /// quotes, backslashes and stars escaped.
    private static func nameOrContent(_ words: [String]) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in freeText(words).unicodeScalars {
            if scalar == "\\" || scalar == "\"" || scalar == "*" { escaped.append("\\") }
            escaped.append(scalar)
        }
        return "** == \"\(String(escaped))\""
    }

    private static func group(_ expression: QueryExpression, to out: inout String) {
        out += "("
        write(expression, to: &out)
        out += ")"
    }

    private static func write(_ value: QueryValue, to out: inout String) {
        switch value {
        case .text(let pattern): out += string(pattern)
        case .number(let number): out += self.number(number)
        case .time(let time): out += time.source
        }
    }

    /// A pattern as a double-quoted string; `\`, `"` and literal `*` escaped.
    static func string(_ pattern: TextPattern) -> String {
        var out = "\""
        for segment in pattern.segments {
            switch segment {
            case .wildcard:
                out += "*"
            case .literal(let text):
                for scalar in text.unicodeScalars {
                    if scalar == "\\" || scalar == "\"" || scalar == "*" { out.unicodeScalars.append("\\") }
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Integers without a fraction (`100`, not `100.0`); anything else in Swift's shortest
    /// round-tripping form, which the lexer reads back exactly.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))  // |value| < 1e15 fits Int64
        }
        return "\(value)"
    }
}
