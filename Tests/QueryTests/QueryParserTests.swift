import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel
@testable import FSFindQuery

/// The shape of parsed trees, the canonical printer and `referencedAttributes`.
@Suite struct QueryParserTests {
    func expression(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> QueryExpression? {
        do {
            return try Query.parse(text).expression
        } catch {
            Issue.record("\(error.rendered(query: text))", sourceLocation: sourceLocation)
            return nil
        }
    }

    func title(_ text: String, _ op: ComparisonOperator = .equal) -> QueryExpression {
        .comparison(Comparison(target: .attribute(.title), op: op, value: .text(.literal(text))))
    }

    @Test func andBindsTighterThanOr() {
        #expect(
            expression("title == \"a\" && title == \"b\" || title == \"c\" && title == \"d\"")
                == .or([.and([title("a"), title("b")]), .and([title("c"), title("d")])]))
        #expect(expression("!title == \"a\" && title == \"b\"") == .and([.not(title("a")), title("b")]))
        #expect(expression("!(title == \"a\" || title == \"b\")") == .not(.or([title("a"), title("b")])))
        #expect(
            expression("title == \"a\" && (title == \"b\" && title == \"c\")")
                == .and([title("a"), .and([title("b"), title("c")])]))
        #expect(expression("((title == \"a\"))") == title("a"))
    }

    @Test func stringsAndWildcards() {
        let value = { (text: String) -> TextPattern? in
            guard case .comparison(let c) = expression("title == \(text)"), case .text(let p) = c.value else {
                return nil
            }
            return p
        }
        #expect(value("\"a*b\\*\"") == TextPattern([.literal("a"), .wildcard, .literal("b*")]))
        #expect(value("\"**\"") == TextPattern([.wildcard]))
        #expect(value("\"\"") == TextPattern([]))
        #expect(value("'it\\'s'") == .literal("it's"))
        #expect(value("“say \"hi\"”") == .literal("say \"hi\""))
        #expect(value("‘x’") == .literal("x"))
        #expect(value("\"a\\\\\"") == .literal("a\\"))
        guard case .comparison(let c) = expression("title == \"x\"tdwc") else { return }
        #expect(
            c.modifiers
                == TextModifiers(caseInsensitive: true, diacriticInsensitive: true, wordBased: true, tokenized: true))
    }

    @Test func valuesOfEveryKind() {
        func value(_ text: String) -> QueryValue? {
            guard case .comparison(let c) = expression("contentModificationDate == \(text)") else { return nil }
            return c.value
        }
        #expect(value("1.5e+3") == .number(1500))
        #expect(value("-2") == .number(-2))
        #expect(value("$time.now(-1e2)") == .time(.now(-100)))
        #expect(value("$time.today(+3)") == .time(.today(3)))
        #expect(value("$time.this_week( 2 )") == .time(.thisWeek(2)))
        #expect(value("$time.iso(\"2025-06-01\")") == .time(.iso("2025-06-01")))
        #expect(value("$time.iso( 2025-06-01T10:00:00+02:00 )") == .time(.iso("2025-06-01T10:00:00+02:00")))
        #expect(value("\"12\"") == .text(.literal("12")))
    }

    @Test func canonicalPrinting() throws {
        #expect(try Query.parse("fileSize > 1e20").description == "fileSize > 1e+20")
        #expect(try Query.parse("fileSize > 0.5").description == "fileSize > 0.5")
        #expect(try Query.parse("kMDItemTitle = 'a*\\*'").description == "title == \"a*\\*\"")
        #expect(
            try Query.parse("lastUsedDate<$time.iso('2025-06-01')").description
                == "lastUsedDate < $time.iso(2025-06-01)")
        #expect(try Query.parse("!!(title == \"a\")").description == "!!title == \"a\"")
        #expect(
            try Query.parse("!(title == \"a\" && album == \"b\")").description == "!(title == \"a\" && album == \"b\")")
    }

    @Test func referencedAttributes() throws {
        func referenced(_ text: String) throws -> Set<Attribute> {
            try CompiledQuery(Query.parse(text), context: fixedContext).referencedAttributes
        }
        #expect(try referenced("title == \"a\" && fileSize > 3") == [.title, .fileSize])
        #expect(try referenced("InRange(lastUsedDate, $time.today, $time.today)") == [.lastUsedDate])
        #expect(try referenced("contentType == \"*\"") == [.contentType, .contentTypeTree])
        #expect(try referenced("!album != \"*\"") == [.album])
    }

    @Test func isFreeText() throws {
        #expect(try Query.parse("paris").expression == .freeText(["paris"]))
        #expect(try Query.parse(" love\tparis\n").expression == .freeText(["love", "paris"]))
        #expect(try !Query.parse("title == \"a\"").isFreeText)
    }

    @Test func handBuiltTreesAreCheckedWhenCompiled() {
        let bad: [QueryExpression] = [
            .comparison(Comparison(target: .attribute(.title), op: .less, value: .text(.literal("a")))),
            .comparison(Comparison(target: .attribute(.fileSize), op: .equal, value: .text(.literal("big")))),
            .comparison(Comparison(target: .attribute(.fileSize), op: .equal, value: .time(.now(nil)))),
            .comparison(Comparison(target: .attribute(.title), op: .equal, value: .number(1))),
            .inRange(RangeTest(attribute: .title, lower: .number(1), upper: .number(2))),
        ]
        for expression in bad {
            #expect(throws: QueryError.self) { try CompiledQuery(Query(expression: expression), context: fixedContext) }
        }
    }

    /// Repetition is folded before anything runs (issue 46; `benchmarks/RESULTS.md`, "`fsfind
    /// serve` under a hostile local user"), and
    /// what is left is capped.
    @Test func repetitionIsFoldedAndClausesCapped() throws {
        #expect(
            try Query.parse(Array(repeating: "hello", count: 300).joined(separator: " ")).expression
                == .freeText(["hello"]))
        #expect(try Query.parse("Paris paris PARÍS london").expression == .freeText(["Paris", "london"]))
        #expect(try Query.parse(#"title == "a" && title == "a""#) == Query.parse(#"title == "a""#))
        #expect(
            try Query.parse(
                #"(title == "a" || title == "b") && (title == "b" || title == "a") && (title == "a" || title == "b")"#
            )
            .description == #"(title == "a" || title == "b") && (title == "b" || title == "a")"#)
        let limit = QueryExpression.maximumClauses
        #expect(throws: Never.self) { try Query.parse((0..<limit).map { "w\($0)" }.joined(separator: " ")) }
        #expect(throws: QueryError.self) { try Query.parse((0...limit).map { "w\($0)" }.joined(separator: " ")) }
        let predicates = (0...limit).map { "fileSize == \($0)" }
        #expect(throws: Never.self) { try Query.parse(predicates.dropLast().joined(separator: " || ")) }
        do {
            _ = try Query.parse(predicates.joined(separator: " || "))
            Issue.record("\(limit + 1) comparisons were read")
        } catch {
            #expect(error.message.contains("\(limit + 1) clauses"), "\(error.message)")
        }
    }
}
