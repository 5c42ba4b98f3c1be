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

    /// Rows sharing their other values (``RowSignatures/otherSets``: tracks of one album, links
    /// of one document) are measured in them once per set and key, and rank as when every value
    /// of every row is measured: whichever row of a set a part meets first, and with the name
    /// or the files' words holding the word too.
    @Test func rowsSharingTheirOtherValues() throws {
        let folder = TemporaryFolder()
        var items = [Fixtures.item("/m", folder: true, n: 1)]
        let albums: [[Attribute: AttributeValue]] = [
            [.title: .text("Night Train"), .album: .text("Paris Nights"), .authorNames: .textList(["Zoé", "Nina"])],
            [.title: .text("Paris"), .keywords: .textList(["night", "travel"])],
            [.album: .text("Trains"), .musicalGenre: .text("Jazz")],
            [.title: .text("Notes on Paris")],
        ]
        let names = ["paris", "night", "notes", "train", "zoo", "nap", "tr", "no", "pa ris", "jazz"]
        for n in 0..<120 {
            let name = "\(names[n % names.count]) \(n).mp3"
            items.append(Fixtures.item("/m/\(name)", albums[n % albums.count], n: UInt64(n + 2)))
        }
        let path = folder.file("sets.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let index = try IndexSnapshot(path: path)
        let plain = InteractiveScan(index: index, ranker: ResultRanker(now: context.now))
        let summarized = InteractiveScan(index: index, ranker: ResultRanker(now: context.now))
        summarized.summarize()
        // Split in parts, each part meets a set's first row on its own.
        var parted = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), limit: 7)
        parted.partitions = PartitionedScan(threads: 3)
        parted.summarize()
        let short = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), limit: 7)
        let reader = try index.readerOfEverything()
        let sets = try #require(summarized.signatures.summaries?.first ?? nil)
        #expect(sets.otherSetCount == albums.count + 1)
        #expect((0..<reader.itemCount).allSatisfy { sets.otherSets[$0] != OtherValueSets.unnumbered })
        for field in [
            "n", "ni", "nig", "night", "p", "pa", "paris", "t", "tr", "train", "z", "zo", "j", "ja", "no", "night pa",
        ] {
            let query = FieldQuery(SearchField(field), context: context)
            let whole = try #require(try plain.run(query, scope: .all, onlyIn: nil))
            #expect(whole.total > 0, "\(field)")
            #expect(try summarized.run(query, scope: .all, onlyIn: nil) == whole, "\(field)")
            let best = try #require(try short.run(query, scope: .all, onlyIn: nil))
            #expect(try parted.run(query, scope: .all, onlyIn: nil) == best, "\(field)")
        }
    }
}
