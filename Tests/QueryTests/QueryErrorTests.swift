import Testing

@testable import FSFindQuery

/// One test per kind of query error. `1️⃣` marks where the caret must start (swift-format style);
/// it is removed before parsing.
@Suite struct QueryErrorTests {
    static let marker: Character = "1️⃣"

    struct Case: Sendable, CustomTestStringConvertible {
        var marked: String
        var message: String
        var testDescription: String { marked }

        init(_ marked: String, _ message: String) {
            self.marked = marked
            self.message = message
        }
    }

    static let cases: [Case] = [
        Case("title == \"Paris\" && 1️⃣duraton > 60", "unknown attribute 'duraton' (did you mean 'duration'?)"),
        Case("1️⃣zzqqxxyy == \"a\"", "unknown attribute 'zzqqxxyy'"),
        Case("title 1️⃣< \"a\"", "works only with numbers and dates"),
        Case("* 1️⃣>= \"a\"", "works only with numbers and dates"),
        Case("InRange(1️⃣title, 1, 2)", "InRange works only with numbers and dates"),
        Case("InRange(1️⃣*, 1, 2)", "InRange works only with numbers and dates"),
        Case("title == 1️⃣3", "'title' is text"),
        Case("keywords == 1️⃣$time.today", "'keywords' is text"),
        Case("fileSize == 1️⃣\"big\"", "'fileSize' is a number"),
        Case("fileSize > 1️⃣$time.now", "$time values are for dates"),
        Case("fileSize == 1️⃣\"5\"c", "modifiers (c, d, w, t) apply only to text"),
        Case("InRange(duration, 1, 1️⃣\"ten\")", "'duration' is a number"),
        Case("contentModificationDate == 1️⃣\"yesterday\"", "'contentModificationDate' is a date"),
        Case("contentModificationDate > $time.1️⃣tody", "unknown $time name 'tody' (did you mean '$time.today'?)"),
        Case(
            "contentModificationDate > $time.1️⃣this_weak(1)",
            "unknown $time name 'this_weak' (did you mean '$time.this_week'?)"),
        Case("contentModificationDate > $time.1️⃣fortnight", "unknown $time name 'fortnight'"),
        Case("contentModificationDate > 1️⃣$time", "expected '.' and a name after $time"),
        Case("contentModificationDate > $time.yesterday1️⃣(1)", "$time.yesterday takes no argument"),
        Case("contentModificationDate > $time.last_week1️⃣(-2)", "$time.last_week takes no argument"),
        Case("contentModificationDate > $time.today(1️⃣1.5)", "takes a whole number of days"),
        Case("contentModificationDate > $time.this_year(1️⃣1e9)", "out of range"),
        Case("contentModificationDate > $time.today(1️⃣x)", "expected a number"),
        Case("contentModificationDate > $time.iso(1️⃣2025-13-01)", "not an ISO-8601 date"),
        Case("contentModificationDate > 1️⃣$time.iso(2025-06-01", "expected ')' to close $time.iso"),
        Case("contentModificationDate > 1️⃣$now", "unknown variable '$now'"),
        Case("title == \"x\"c1️⃣x", "unknown modifier 'x'"),
        Case("title == \"x\"1️⃣C", "unknown modifier 'C'"),
        Case("1️⃣(title == \"a\"", "unbalanced parentheses: this '(' is never closed"),
        Case("(title == \"a\")1️⃣)", "unbalanced parentheses: this ')' has no matching '('"),
        Case("(title == \"a\" 1️⃣title", "expected ')'"),
        Case("title == 1️⃣\"abc", "unterminated string"),
        Case("title == 1️⃣'abc\\'", "unterminated string"),
        Case("authorNames == “Steve”wc && contentType == “audio”wc1️⃣’", "unterminated string"),
        Case("title == \"a\" 1️⃣& fileSize > 1", "write '&&' for and"),
        Case("title == \"a\" 1️⃣| fileSize > 1", "write '||' for or"),
        Case("title == \"a\" 1️⃣# x", "unexpected character '#'"),
        Case("title ==1️⃣", "expected a value after '=='"),
        Case("fileSize > 1️⃣big.value", "big.value is not a number"),
        Case("title 1️⃣\"Paris\"", "expected a comparison operator"),
        Case("title == \"a\" && 1️⃣", "expected a predicate"),
        Case("title == \"a\" 1️⃣title == \"b\"", "expected '&&', '||' or the end of the query"),
        Case("fileSize > 1️⃣1e999", "number out of range"),
        Case("1️⃣&& title == \"a\"", "expected an attribute name, '(' or '!'"),
        Case("InRange(duration, 1 1️⃣2)", "expected ','"),
        Case("InRange(duration, 1, 2 1️⃣", "expected ')' to close InRange"),
        Case("title == \"é\" && 1️⃣bogus == 1", "unknown attribute 'bogus'"),
        Case("title == \"e\u{301}\u{301}\" && 1️⃣bogus == 1", "unknown attribute 'bogus'"),
    ]

    @Test(arguments: cases)
    func errorPosition(_ row: Case) throws {
        let markerIndex = try #require(row.marked.firstIndex(of: Self.marker))
        let column = row.marked.distance(from: row.marked.startIndex, to: markerIndex)
        let query = row.marked.filter { $0 != Self.marker }
        let error = try #require(parseError(query))
        #expect(error.message.contains(row.message), "\(error.message)")
        #expect(error.range.lowerBound == column, "\(error.rendered(query: query))")
        #expect(error.range.upperBound >= error.range.lowerBound)
    }

    @Test func emptyQueries() {
        for text in ["", "   ", "\n\t "] {
            let error = parseError(text)
            #expect(error?.message.hasPrefix("empty query") == true)
            #expect(error?.range.lowerBound == 0)
        }
    }

    @Test func nestingLimit() {
        let ok = String(repeating: "(", count: 256) + "title == \"a\"" + String(repeating: ")", count: 256)
        #expect(throws: Never.self) { try Query.parse(ok) }
        let deep = String(repeating: "(", count: 257) + "title == \"a\"" + String(repeating: ")", count: 257)
        #expect(parseError(deep)?.range.lowerBound == 256)
        let nots = String(repeating: "!", count: 257) + "title == \"a\""
        #expect(parseError(nots)?.message.contains("nest more than 256") == true)
        let mixed = String(repeating: "!(", count: 129) + "title == \"a\"" + String(repeating: ")", count: 129)
        #expect(parseError(mixed)?.range.lowerBound == 256)
        let okNots = String(repeating: "!", count: 256) + "title == \"a\""
        #expect(throws: Never.self) { try Query.parse(okNots) }
    }

    @Test func renderedLikeTheSpec() throws {
        let query = "title == \"Paris\" && duraton > 60"
        let error = try #require(parseError(query))
        #expect(error.range == 20..<27)
        #expect(
            error.rendered(query: query) == """
                unknown attribute 'duraton' (did you mean 'duration'?)
                  title == "Paris" && duraton > 60
                                      ^~~~~~~
                """)
    }

    @Test func renderedClipsLongQueries() throws {
        let padding = (0..<20).map { "title == \"word\($0)\"" }.joined(separator: " && ")
        let query = padding + " && bogus == 1 && " + padding
        let error = try #require(parseError(query))
        let lines = error.rendered(query: query).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("  …"))
        #expect(lines[1].hasSuffix("…"))
        #expect(lines[1].count <= 2 + 80 + 2)
        let caret = try #require(lines[2].firstIndex(of: "^"))
        let column = lines[2].distance(from: lines[2].startIndex, to: caret)
        let echo = Array(lines[1])
        #expect(String(echo[column..<column + 5]) == "bogus")
        #expect(lines[2].hasSuffix("^~~~~"))
    }

    @Test func renderedAlignsUnderWideInput() throws {
        let query = "title == \"naïve\tcafé\"\n&& bogus == 1"
        let error = try #require(parseError(query))
        let lines = error.rendered(query: query).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        #expect(lines.count == 3)
        let caret = lines[2].distance(from: lines[2].startIndex, to: try #require(lines[2].firstIndex(of: "^")))
        #expect(String(Array(lines[1])[caret..<caret + 5]) == "bogus")
    }
}
