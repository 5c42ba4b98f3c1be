import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// The rows by how their words start (``StartRows``) are exactly the rows whose summary says so,
/// and what a scan of plain words may visit in place of every row.
struct StartRowsTests {
    let folder = TemporaryFolder()

    func snapshot() throws -> IndexSnapshot {
        let items = [
            Fixtures.item("/m", folder: true, n: 1),
            Fixtures.item("/m/paris.mp3", [.title: .text("Night")], n: 2),
            Fixtures.item("/m/Report 2024.txt", [.authorNames: .textList(["Émile Zola"])], n: 3),
            Fixtures.item("/m/_notes.txt", n: 4), Fixtures.item("/m/big nap.txt", n: 5),
            Fixtures.item("/m/über.txt", [.keywords: .textList(["paris", "q3"])], n: 6),
        ]
        let path = folder.file("starts.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        return try IndexSnapshot(path: path)
    }

    @Test func eachStartsRowsAreTheRowsWhoseSummaryHasIt() throws {
        let index = try snapshot()
        let summaries = try #require(RowSignatures(views: IndexViews(reader: try index.readerOfEverything())))
        let starts = try #require(StartRows(summaries: [summaries], of: index))
        let rows = 0..<index.itemCount
        func has(_ row: Int, _ bit: UInt64) -> Bool { summaries.word(0, row) & bit != 0 }
        var nonEmpty = 0
        for position in 0..<28 {
            let bit = UInt64(1) << UInt64(position)
            let listed = try #require(starts.rows(startingWith: [bit]))
            #expect(listed == rows.filter { has($0, bit) }, "start \(position)")
            if !listed.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty >= 8, "letters, a digit and other characters start words here")
        // Two words: the rows that start a word with both.
        let p = RowSignatures.startBit(0x70)
        let n = RowSignatures.startBit(0x6E)
        #expect(starts.rows(startingWith: [p, n]) == rows.filter { has($0, p) && has($0, n) })
        #expect(starts.rows(startingWith: [p, n])?.isEmpty == false)
        // Nothing required, or not one start per word: no list stands for the rows.
        #expect(starts.rows(startingWith: []) == nil)
        #expect(starts.rows(startingWith: [0]) == nil)
        #expect(starts.rows(startingWith: [p | n]) == nil)
        #expect(starts.rows(startingWith: [1 << 40]) == nil)
    }

    /// The rows a word long enough to match inside names may pass: its start and first triple,
    /// or every triple of its bytes; every row the filter passes is among them.
    @Test func aLongWordsRowsHoldEveryRowItsFilterPasses() throws {
        let index = try snapshot()
        let summaries = try #require(RowSignatures(views: IndexViews(reader: try index.readerOfEverything())))
        let starts = try #require(StartRows(summaries: [summaries], of: index))
        let context = QueryContext(now: Date(), timeZone: TimeZone(identifier: "UTC")!)
        var narrower = 0
        for text in ["par", "paris", "aris", "rep", "report", "otes", "zol", "ube", "nig", "paris rep", "xyz"] {
            let compiled = try CompiledQuery(try Query.parse(text), context: context)
            let words = text.split(separator: " ").map { Array($0.lowercased().utf8) }
            let filter = try #require(
                SignatureFilter(text: compiled, isFreeText: true, words: words, matchesInsideWords: true))
            let needs = try #require(filter.firstWordNeeds)
            let rows = try #require(starts.rows(passing: filter, content: nil, of: index))
            func has(_ row: Int, _ word: Int, _ bits: UInt64) -> Bool {
                summaries.word(word, row) & bits == bits
            }
            let expected = (0..<index.itemCount).filter { row in
                (has(row, 0, needs.start) && has(row, 4, needs.triple))
                    || (has(row, 4, needs.inside) && has(row, 0, needs.bytes))
            }
            #expect(rows == expected, "\(text)")
            let file = FileRowFilter(filter, summaries: summaries, content: nil)
            let passed = (0..<index.itemCount).filter { !file.rejects($0) }
            #expect(Set(passed).isSubset(of: rows), "\(text)")
            if rows.count < index.itemCount { narrower += 1 }
        }
        #expect(narrower >= 8)
    }

    @Test func aFileWithoutItsSummaryHasNoRows() throws {
        let index = try snapshot()
        #expect(StartRows(summaries: [nil], of: index) == nil)
        #expect(StartRows(summaries: [], of: index) == nil)
    }

    /// Words of one or two letters must start a word (the rows listed are all a scan needs);
    /// from three letters a word also matches inside names, and no start is required.
    @Test func onlyWordsThatMustStartAWordRequireIt() throws {
        let context = QueryContext(now: Date(), timeZone: TimeZone(identifier: "UTC")!)
        func required(_ text: String) throws -> [UInt64] {
            let compiled = try CompiledQuery(try Query.parse(text), context: context)
            let words = text.split(separator: " ").map { Array($0.lowercased().utf8) }
            let filter = try #require(
                SignatureFilter(
                    text: compiled, isFreeText: true, words: words,
                    matchesInsideWords: words.allSatisfy { $0.count >= 3 }))
            return filter.requiredStarts(content: nil)
        }
        #expect(try required("p") == [RowSignatures.startBit(0x70)])
        #expect(try required("pa n") == [RowSignatures.startBit(0x70), RowSignatures.startBit(0x6E)])
        #expect(try required("2") == [RowSignatures.startBit(0x32)])
        #expect(try required("par").isEmpty)
        #expect(
            try SignatureFilter(
                text: CompiledQuery(try Query.parse("pa"), context: context), isFreeText: true,
                words: [Array("pa".utf8)],
                matchesInsideWords: false)?.firstWordNeeds == nil)
    }
}
