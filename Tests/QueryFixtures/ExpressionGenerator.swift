import FSFindTestSupport

@testable import FSFindModel
@testable import FSFindQuery

/// Random well-formed query trees, in the one form the parser produces.
package struct ExpressionGenerator {
    package var rng: SplitMix64

    package init(rng: SplitMix64) { self.rng = rng }

    package mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    package mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }

    package mutating func query() -> QueryExpression {
        chance(0.1) ? .freeText(freeTextWords()) : expression(depth: 0)
    }

    package mutating func expression(depth: Int) -> QueryExpression {
        if depth >= 4 || chance(0.35) { return leaf() }
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return .and((0..<Int.random(in: 2...4, using: &rng)).map { _ in expression(depth: depth + 1) })
        case 1: return .or((0..<Int.random(in: 2...4, using: &rng)).map { _ in expression(depth: depth + 1) })
        default: return .not(expression(depth: depth + 1))
        }
    }

    package mutating func leaf() -> QueryExpression {
        // Free text inside a tree: what mdfind's operators, keywords and `**` build.
        if chance(0.08) { return .freeText(freeTextWords()) }
        if chance(0.03) { return chance(0.5) ? .and([]) : .or([]) }
        if chance(0.15) {
            let attribute = pick(Attribute.allCases.filter { $0.type == .number || $0.type == .date })
            return .inRange(
                RangeTest(
                    attribute: attribute, lower: scalarValue(attribute.type),
                    upper: scalarValue(attribute.type)))
        }
        // Not textContent: the text store answers it, which a row (what the plan tests compare
        // with) cannot; its own tests cover it.
        let target: AttributeTarget =
            chance(0.1) ? .anyText : .attribute(pick(Attribute.allCases.filter { $0 != .textContent }))
        let type: AttributeType = if case .attribute(let a) = target { a.type } else { .text }
        switch type {
        case .text, .textList:
            let modifiers = TextModifiers(
                caseInsensitive: chance(0.4), diacriticInsensitive: chance(0.3),
                wordBased: chance(0.3), tokenized: chance(0.2))
            return .comparison(
                Comparison(
                    target: target, op: chance(0.7) ? .equal : .notEqual,
                    value: .text(pattern()), modifiers: modifiers))
        case .number, .date:
            if chance(0.1) {
                return .comparison(
                    Comparison(
                        target: target, op: chance(0.5) ? .equal : .notEqual,
                        value: .text(TextPattern([.wildcard]))))
            }
            return .comparison(
                Comparison(
                    target: target, op: pick(ComparisonOperator.allCases),
                    value: scalarValue(type)))
        }
    }

    package mutating func scalarValue(_ type: AttributeType) -> QueryValue {
        if type == .date, chance(0.5) { return .time(time()) }
        if chance(0.2) { return .text(.literal(pick(["42", " 7 ", "-1.5", "3e2", "+0"]))) }
        return .number(number())
    }

    package mutating func number() -> Double {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return Double(Int.random(in: -1_000_000...1_000_000, using: &rng))
        case 1: return Double.random(in: -1e6...1e6, using: &rng)
        case 2:
            return pick([
                1e20, -3.5e-7, Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude, 123_456_789_012_345_680,
            ])
        default: return Double(Int.random(in: 0...100, using: &rng)) / 8
        }
    }

    package mutating func time() -> TimeValue {
        let n: Int? = chance(0.5) ? nil : Int.random(in: -500...500, using: &rng)
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return .now(chance(0.5) ? nil : Double.random(in: -1e6...1e6, using: &rng))
        case 1: return .today(n)
        case 2: return .yesterday
        case 3: return .thisWeek(n)
        case 4: return .lastWeek
        case 5: return .thisMonth(n)
        case 6: return .thisYear(n)
        default:
            return .iso(
                pick([
                    "2025-06-01", "2025-06-01T00:00:00Z", "2026-03-08T02:30:00-05:00", "1999-12-31T23:59:59.5+01:00",
                    "2024-02-29 12:00",
                ]))
        }
    }

    static let literalPieces = [
        "Paris", "a", "é", "e\u{301}", "\"", "\\", "*", "'", "“", "”", "‘", "’", " ", "&&", "||",
        "(", ")", "==", "$time.now", "日本", "👩‍👩‍👧", "\u{301}", "\t", "\n", "ß", "İ", "x-y.z", "InRange",
    ]

    package mutating func pattern() -> TextPattern {
        var segments: [TextPattern.Segment] = []
        var wildcard = chance(0.3)
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            if wildcard {
                segments.append(.wildcard)
            } else {
                let text = (0..<Int.random(in: 1...3, using: &rng)).map { _ in pick(Self.literalPieces) }.joined()
                segments.append(.literal(text))
            }
            wildcard.toggle()
        }
        return TextPattern(segments)
    }

    package mutating func freeTextWords() -> [String] {
        let pieces = [
            "paris", "love", "é", "2024", "-", ".", "jpg", "Straße", "東京", "!", "x", "|", "(", ")", "*", "\\", "OR",
            "NOT",
        ]
        var words = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
            (0..<Int.random(in: 1...3, using: &rng)).map { _ in pick(pieces) }.joined()
        }
        words.append(pick(["paris", "a1", "zoë"]))  // at least one letter
        return words
    }
}
