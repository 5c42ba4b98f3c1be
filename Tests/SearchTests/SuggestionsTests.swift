import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// Spelling suggestions are asked after every query; only free text has words to correct.
struct SuggestionsTests {
    /// A query of attributes alone reads no words: the words section is neither checksummed nor
    /// checked (every `fsfind query` asks for suggestions).
    @Test func aQueryWithoutFreeTextReadsNoWordsForSuggestions() throws {
        let folder = TemporaryFolder()
        let path = folder.file("words.fsfind")
        let items = (0..<50).map { n in
            Fixtures.item("/data/f\(n)-\(n % 2 == 0 ? "paris" : "lyon").txt", n: UInt64(n))
        }
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let file = try IndexFile(path: path)
        #expect(file.fixed.words != nil, "the fixture has a words section to read")
        let searcher = Searcher(index: IndexSnapshot(file))
        let context = QueryContext(now: Date(), timeZone: .gmt)

        let attributes = try CompiledQuery(try Query.parse("kMDItemFSSize > 1000000"), context: context)
        #expect(try searcher.suggestions(for: attributes).isEmpty)
        #expect(file.wordsChecked.load(ordering: .acquiring) == 0, "the words were read")

        let typo = try CompiledQuery(try Query.parse("prais"), context: context)
        #expect(try searcher.suggestions(for: typo).map(\.suggestion) == ["paris"])
        #expect(file.wordsChecked.load(ordering: .acquiring) == 1, "free text reads and checks the words")
    }
}
