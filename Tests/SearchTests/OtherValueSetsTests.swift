import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// Rows holding the same cells in their other free-text values than the name share a number
/// (``RowSignatures/otherSets``), and no two different sets do.
struct OtherValueSetsTests {
    @Test func theSameCellsShareANumber() {
        var sets = OtherValueSets()
        func number(_ cells: [(TextSource.Cell, Int)]) -> UInt32 {
            for (cell, source) in cells { sets.add(cell, source: source) }
            return sets.finishRow()
        }
        #expect(number([]) == OtherValueSets.empty)
        #expect(number([(.absent, 1), (.absent, 2)]) == OtherValueSets.empty)
        let title = number([(.string(7), 1)])
        let titleAndAuthors = number([(.string(7), 1), (.list(3), 2)])
        #expect(title != OtherValueSets.empty && titleAndAuthors != title)
        #expect(number([(.string(7), 1), (.absent, 3)]) == title)
        #expect(number([(.string(7), 1), (.list(3), 2)]) == titleAndAuthors)
        // The same id in another column, or as a list, is another set.
        #expect(Set([title, number([(.string(7), 2)]), number([(.list(7), 1)])]).count == 3)
        // A value read through the row reader is not known to be shared.
        #expect(number([(.slow, 1)]) == OtherValueSets.unnumbered)
        #expect(sets.count == 5)
    }

    @Test func setsPastTheLimitAreNotNumbered() {
        var sets = OtherValueSets(limit: 3)
        func number(_ id: UInt32) -> UInt32 {
            sets.add(.string(id), source: 1)
            return sets.finishRow()
        }
        #expect([number(1), number(2), number(3), number(1), number(2)] == [1, 2, OtherValueSets.unnumbered, 1, 2])
        #expect(sets.count == 3)
    }

    @Test func rowsOfAnIndexFileByTheirOtherValues() throws {
        let folder = TemporaryFolder()
        let items = [
            Fixtures.item("/m", folder: true, n: 1),
            Fixtures.item("/m/one.mp3", [.title: .text("Night"), .album: .text("Paris")], n: 2),
            Fixtures.item("/m/two.mp3", [.title: .text("Night"), .album: .text("Paris")], n: 3),
            Fixtures.item("/m/three.mp3", [.title: .text("Night")], n: 4),
            Fixtures.item("/m/notes.txt", n: 5),
        ]
        let path = folder.file("sets.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let reader = try IndexSnapshot(path: path).readerOfEverything()
        let summaries = try #require(RowSignatures(views: IndexViews(reader: reader)))
        var set: [String: UInt32] = [:]
        for row in 0..<reader.itemCount {
            set[String(decoding: reader.name(at: row), as: UTF8.self)] = summaries.otherSets[row]
        }
        #expect(set["one.mp3"] == set["two.mp3"])
        #expect(set["three.mp3"] != set["one.mp3"])
        #expect(set["notes.txt"] == OtherValueSets.empty && set["m"] == OtherValueSets.empty)
        #expect(summaries.otherSetCount == 3)
    }
}
