import Foundation
import Testing

@testable import FSFindInteractive
@testable import FSFindQuery

/// The token grammar of `docs/interactive-search.md`: each token's predicate, and the words that
/// are incomplete or not tokens at all.
@Suite struct SearchTokenTests {
    func predicate(_ word: String) -> String? {
        if case .token(let token) = SearchTokenParser.parse(word) { return token.predicate }
        return nil
    }

    @Test(arguments: [
        ("kind:audio", "contentType == \"public.audio\""),
        ("kind:Photos", "contentType == \"public.image\""),
        ("type:folders", "contentType == \"public.folder\""),
        ("kind:pdf", "(kind == \"pdf\"cdt || contentType == \"pdf\"c)"),
        ("author:Steve", "authorNames == \"Steve\"cdt"),
        ("author:\"Steve Jobs\"", "authorNames == \"Steve Jobs\"cdt"),
        ("camera:canon", "(acquisitionMake == \"canon\"cdt || acquisitionModel == \"canon\"cdt)"),
        ("name:rep*rt", "fsName == \"*rep\\*rt*\"cd"),
        ("ext:.PDF", "fsName == \"*.PDF\"c"),
        ("size:>10MB", "fileSize > 10000000"),
        ("size:<=1.5KiB", "fileSize <= 1536"),
        ("size:1GB..2GB", "InRange(fileSize, 1000000000, 2000000000)"),
        ("size:10k", "fileSize >= 10000"),
        ("duration:>5m", "duration > 300"),
        ("duration:<1:30", "duration < 90"),
        ("length:1h", "duration >= 3600"),
        ("pages:10", "pageCount == 10"),
        ("width:>=1920", "pixelWidth >= 1920"),
        ("pixelHeight:>100", "pixelHeight > 100"),
        ("modified:today", "InRange(contentModificationDate, $time.today, $time.today)"),
        ("taken:this_year", "InRange(contentCreationDate, $time.this_year, $time.this_year)"),
        ("modified:last-month", "InRange(contentModificationDate, $time.this_month(-1), $time.this_month(-1))"),
        ("modified:7d", "InRange(contentModificationDate, $time.today(-6), $time.today)"),
        ("created:2024", "InRange(contentCreationDate, $time.iso(2024-01-01), $time.iso(2024-12-31))"),
        ("created:2024-02", "InRange(contentCreationDate, $time.iso(2024-02-01), $time.iso(2024-02-29))"),
        (
            "modified:>2025-06-01",
            "(contentModificationDate >= $time.iso(2025-06-01) && !InRange(contentModificationDate, $time.iso(2025-06-01), $time.iso(2025-06-01)))"
        ),
        ("modified:<2025", "contentModificationDate < $time.iso(2025-01-01)"),
        ("kMDItemAuthors:ana", "authorNames == \"ana\"cdt"),
    ])
    func tokenPredicates(word: String, expected: String) {
        #expect(predicate(word) == expected)
    }

    @Test func tokensKeepWhatWasTyped() throws {
        guard case .token(let token) = SearchTokenParser.parse("Author:\"Steve Jobs\"") else {
            Issue.record("not a token")
            return
        }
        #expect(token.key == "author")
        #expect(token.value == "Steve Jobs")
        #expect(token.text == "author:\"Steve Jobs\"")
    }

    @Test(arguments: [
        "kind:", "size:>", "size:>10XB", "duration:abc", "modified:someday", "author:\"Steve",
        "created:2024-02-30", "pages:1k", "author:--",
    ])
    func incompleteTokens(word: String) {
        guard case .incomplete(let message) = SearchTokenParser.parse(word) else {
            Issue.record("\(word) should be incomplete")
            return
        }
        #expect(!message.isEmpty)
    }

    @Test(arguments: ["paris", "http://example.com", "nokey:value", ":audio", "a-b:c", "duration", "12:30"])
    func wordsThatAreNotTokens(word: String) {
        #expect(SearchTokenParser.parse(word) == .notAToken)
    }

    @Test func everyTokenPredicateCompiles() throws {
        let context = QueryContext(
            now: Date(timeIntervalSinceReferenceDate: 800_000_000), timeZone: TimeZone(identifier: "UTC")!)
        for key in SearchTokenParser.keyNames {
            let kind = try #require(SearchTokenParser.kind(forKey: key))
            let word = SearchTokenParser.example(for: kind, key: key)
            guard case .token(let token) = SearchTokenParser.parse(word) else {
                Issue.record("\(word) is not a token")
                continue
            }
            _ = try CompiledQuery(try Query.parse(token.predicate), context: context)
        }
    }
}
