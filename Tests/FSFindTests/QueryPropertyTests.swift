import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel
@testable import FSFindQuery

/// Random well-formed query trees, in the one form the parser produces.
struct ExpressionGenerator {
    var rng: SplitMix64

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }

    mutating func query() -> QueryExpression {
        chance(0.1) ? .freeText(freeTextWords()) : expression(depth: 0)
    }

    mutating func expression(depth: Int) -> QueryExpression {
        if depth >= 4 || chance(0.35) { return leaf() }
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return .and((0..<Int.random(in: 2...4, using: &rng)).map { _ in expression(depth: depth + 1) })
        case 1: return .or((0..<Int.random(in: 2...4, using: &rng)).map { _ in expression(depth: depth + 1) })
        default: return .not(expression(depth: depth + 1))
        }
    }

    mutating func leaf() -> QueryExpression {
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

    mutating func scalarValue(_ type: AttributeType) -> QueryValue {
        if type == .date, chance(0.5) { return .time(time()) }
        if chance(0.2) { return .text(.literal(pick(["42", " 7 ", "-1.5", "3e2", "+0"]))) }
        return .number(number())
    }

    mutating func number() -> Double {
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

    mutating func time() -> TimeValue {
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

    mutating func pattern() -> TextPattern {
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

    mutating func freeTextWords() -> [String] {
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

@Suite struct QueryPropertyTests {
    /// An item with some of everything, for evaluating whatever parses.
    static let sample = AttributeSet([
        .displayName: .text("I love Paris.jpg"), .title: .text("MyWindowClass"),
        .authorNames: .textList(["Frédéric", "Tim"]),
        .keywords: .textList([]), .fileSize: .number(1234), .duration: .number(61.5),
        .contentType: .text("public.jpeg"),
        .contentTypeTree: .textList(["public.jpeg", "public.image", "public.data"]),
        .contentModificationDate: .date(Date(timeIntervalSinceReferenceDate: 794_600_000)),
    ])

    @Test func printThenParseGivesTheSameTree() throws {
        var generator = ExpressionGenerator(rng: SplitMix64(seed: 0x5EED_F5F1_4D00))
        for index in 0..<1000 {
            let expression = generator.query()
            let text = QueryPrinter.print(expression)
            let parsed: Query
            do {
                parsed = try Query.parse(text)
            } catch {
                Issue.record("case \(index): \(error.rendered(query: text))")
                continue
            }
            // Reading a query folds what it repeats (`QueryExpression.folded`), as the generator's
            // trees sometimes do.
            #expect(parsed.expression == expression.folded, "case \(index): \(text)")
            #expect(parsed.description == QueryPrinter.print(expression.folded))
            // Whatever parses must compile and evaluate without trapping.
            let compiledQuery = try CompiledQuery(parsed, context: fixedContext)
            _ = compiledQuery.matches(Self.sample)
            _ = compiledQuery.relevance(Self.sample)
        }
    }

    @Test func spellingsParseToTheSameTree() throws {
        let pairs = [
            ("kMDItemTitle = “Paris”cw", "title == \"Paris\"cw"),
            ("title == ‘Paris’wc", "title == \"Paris\"cw"),
            ("TITLE == 'a\\'b'", "title == \"a'b\""),
            ("( title == \"a\" )", "title == \"a\""),
            ("title == \"x\"||kMDItemAlbum == \"y\"", "title == \"x\" || album == \"y\""),
            ("kMDItemFSSize>=1e3", "fileSize >= 1000"),
            ("contentModificationDate>$time.today( -1 )", "contentModificationDate > $time.today(-1)"),
            ("InRange(kMDItemDurationSeconds,\"1\",2)", "InRange(duration, \"1\", 2)"),
            ("title==\"a\"&&(album==\"b\"||!artist==\"c\")", "title == \"a\" && (album == \"b\" || !artist == \"c\")"),
            (
                "(title == \"a\" && album == \"b\") && artist == \"c\"",
                "(title == \"a\" && album == \"b\") && artist == \"c\""
            ),
            ("title == \"tw\"twtw", "title == \"tw\"wt"),
            ("  love   paris ", "love paris"),
        ]
        for (spelling, canonical) in pairs {
            let query = try Query.parse(spelling)
            #expect(query.description == canonical, "\(spelling)")
            #expect(try Query.parse(canonical) == query)
        }
    }

    @Test func randomTextNeverTraps() {
        var rng = SplitMix64(seed: 42)
        let pieces = [
            "title", "fileSize", "contentModificationDate", "==", "=", "!=", "<", ">=", "\"", "'", "“", "”", "‘",
            "’", "(", ")", "!", "&&", "||", "&", "|", "$time.", "$time", "today", "now", "(-1)", "(1.5)", "iso(",
            "2025-06-01", "*", "c", "w", "d", "t", "x", " ", " ", "é", "\u{301}", "InRange", "inRange", ",", "1e5",
            "-", "+", ".", "\\", "<=", "duraton", "💥", "\n", "kMDItemTitle", "paris", "0", "9", "e", "\u{0}",
            "\u{FFFD}",
        ]
        for index in 0..<3000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...14, using: &rng) {
                if Int.random(in: 0..<10, using: &rng) == 0 {
                    text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: 0...0x2FFF, using: &rng)) ?? "?")
                } else {
                    text += pieces[Int.random(in: 0..<pieces.count, using: &rng)]
                }
            }
            if index % 5 == 0 {
                let bytes = (0..<Int.random(in: 0...20, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng)
                }
                text = String(decoding: bytes, as: UTF8.self)
            }
            check(text)
        }
    }

    /// Parse; on success the canonical form must round-trip and evaluation must not trap; on
    /// failure the range must lie inside the text and rendering must not trap.
    func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let query = try Query.parse(text)
            let reparsed = try? Query.parse(query.description)
            #expect(
                reparsed == query, "\(text.debugDescription) -> \(query.description.debugDescription)",
                sourceLocation: sourceLocation)
            if let compiledQuery = try? CompiledQuery(query, context: fixedContext) {
                _ = compiledQuery.matches(Self.sample)
            }
        } catch {
            #expect(
                error.range.lowerBound >= 0 && error.range.upperBound <= text.count, "\(text.debugDescription)",
                sourceLocation: sourceLocation)
            #expect(!error.rendered(query: text).isEmpty)
        }
    }

    @Test func hugeAndDeepInputs() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let deep = String(repeating: "(", count: 10_000) + "title == \"a\"" + String(repeating: ")", count: 10_000)
        #expect(parseError(deep)?.range.lowerBound == 256)
        #expect(parseError(String(repeating: "(", count: 100_000)) != nil)
        #expect(parseError(String(repeating: "!", count: 100_000)) != nil)
        #expect(parseError(String(repeating: "\"", count: 100_001)) != nil)
        #expect(parseError(String(repeating: "x", count: 100_000) + " == \"a\"")?.message.contains("…") == true)
        check(String(repeating: "!(", count: 50_000))
        check(String(repeating: "a", count: 100_000))
        check("title == \"" + String(repeating: "\\", count: 100_000))

        let tooMany = (0..<6000).map { "title == \"v\($0)\"" }.joined(separator: " && ")
        #expect(parseError(tooMany)?.message.contains("6000 clauses") == true)
        let value = String(repeating: "v", count: 100)
        let chain = (0..<1000).map { "title == \"\(value)\($0)\"" }.joined(separator: " && ")
        #expect(chain.count > 100_000)
        let query = try Query.parse(chain)
        #expect(try Query.parse(query.description) == query)
        let chained = try CompiledQuery(query, context: fixedContext)
        #expect(!chained.matches(Self.sample))

        let longValue = String(repeating: "a ", count: 50_000) + "b"
        let item = AttributeSet([.title: .text(longValue), .displayName: .text(longValue)])
        for pattern in ["\"a*a*a*c\"w", "\"*a*b\"w", "\"a b\"wc", "\"a*c\"", "\"b\"t", "\"*b*\""] {
            _ = try CompiledQuery(Query.parse("title == \(pattern)"), context: fixedContext).matches(item)
        }
        #expect(try CompiledQuery(Query.parse("a b"), context: fixedContext).matches(item))
        // Repetition folds (10,000 words are one); written past 16,384 clauses, a query is refused
        // before it is folded.
        #expect(try Query.parse(String(repeating: "word ", count: 10_000)).expression == .freeText(["word"]))
        #expect(parseError(String(repeating: "word ", count: 20_000))?.message.contains("20000 clauses") == true)
        #expect(clock.now - started < .seconds(60))
    }
}
