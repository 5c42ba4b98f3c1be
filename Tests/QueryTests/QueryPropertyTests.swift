import FSFindTestSupport
import Foundation
import QueryFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel
@testable import FSFindQuery

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
