import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// A row's summary names the free-text values that have words (``RowSignatures/valuesWithWords``),
/// and a row whose other values may hold a word is measured in those alone: the same answers as
/// measuring every value.
@Suite struct ValuesWithWordsTests {
    let context = QueryContext(
        now: Date(timeIntervalSinceReferenceDate: 712_345_678), timeZone: TimeZone(identifier: "UTC")!)

    @Test func theValuesThatHaveWords() throws {
        let folder = TemporaryFolder()
        let items = [
            Fixtures.item("/m", folder: true, n: 1),
            Fixtures.item("/m/paris.mp3", [.title: .text("Night"), .album: .text("…")], n: 2),
            Fixtures.item(
                "/m/étude.flac", [.authorNames: .textList(["Émile Zola", "-"]), .keywords: .textList(["n"])], n: 3),
            Fixtures.item("/m/notes.txt", n: 4),
        ]
        let path = folder.file("values.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let index = try IndexSnapshot(path: path)
        let reader = try index.readerOfEverything()
        let summaries = try #require(RowSignatures(views: IndexViews(reader: reader)))
        let name = RowSignatures.valueBit(.displayName)
        var found: [String: UInt32] = [:]
        for row in 0..<reader.itemCount {
            found[String(decoding: reader.name(at: row), as: UTF8.self)] = summaries.valuesWithWords[row]
        }
        // An album of punctuation alone has no word; a list has one when an element has.
        #expect(found["paris.mp3"] == name | RowSignatures.valueBit(.title))
        #expect(
            found["étude.flac"]
                == name | RowSignatures.valueBit(.authorNames) | RowSignatures.valueBit(.keywords))
        #expect(found["notes.txt"] == name)
        #expect(RowSignatures.valueBit(.path) == 0)

        // `n` starts a word of the title, the keywords and a name: measured in those alone, the
        // rows rank as when every value is measured.
        let plain = InteractiveScan(index: index, ranker: ResultRanker(now: context.now))
        let summarized = InteractiveScan(index: index, ranker: ResultRanker(now: context.now))
        summarized.summarize()
        for field in ["n", "ni", "z", "zo", "no", "é", "em"] {
            let query = FieldQuery(SearchField(field), context: context)
            let whole = try #require(try plain.run(query, scope: .all, onlyIn: nil))
            #expect(try summarized.run(query, scope: .all, onlyIn: nil) == whole, "\(field)")
        }
    }
}
