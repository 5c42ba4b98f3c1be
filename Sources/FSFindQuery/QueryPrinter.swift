import FSFindModel

/// Prints a ``QueryExpression`` in canonical form: attribute names not aliases, `==` not `=`,
/// straight double quotes, modifiers in `cdwt` order, parentheses only where needed.
///
/// Printing then parsing gives back an equal tree (the property tests check it), so the canonical
/// form is a faithful way to show, log or store a query.
enum QueryPrinter {
    static func print(_ expression: QueryExpression) -> String {
        var out = ""
        write(expression, to: &out)
        return out
    }

    private static func write(_ expression: QueryExpression, to out: inout String) {
        switch expression {
        case .and(let operands):
            for (index, operand) in operands.enumerated() {
                if index > 0 { out += " && " }
                // An `and` or `or` inside an `and` only exists because it was parenthesized.
                switch operand {
                case .and, .or: group(operand, to: &out)
                default: write(operand, to: &out)
                }
            }
        case .or(let operands):
            for (index, operand) in operands.enumerated() {
                if index > 0 { out += " || " }
                if case .or = operand { group(operand, to: &out) } else { write(operand, to: &out) }
            }
        case .not(let operand):
            out += "!"
            switch operand {
            case .and, .or, .freeText: group(operand, to: &out)
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
            // A phrase (a word with spaces in it) goes back in its quotes.
            out += words.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
        }
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
