import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindInteractive
@testable import FSFindManual
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// One scan over a small written index: ranking, scope counts, location, chips, stopping early.
@Suite struct InteractiveScanTests {
    let folder = TemporaryFolder()
    let index: IndexFile
    let context = QueryContext(
        now: Date(timeIntervalSinceReferenceDate: 712_345_678), timeZone: TimeZone(identifier: "UTC")!)

    init() throws {
        let items = [
            Fixtures.item("/m/paris.mp3", [.title: .text("Night")], n: 1),
            Fixtures.item("/m/comparison.mp3", n: 3),
            Fixtures.item(
                "/m/song.mp3", [.title: .text("Paris by night"), .authorNames: .textList(["Steve Jobs"])], n: 5),
            Fixtures.item(
                "/m/old-paris.mp3", [.contentModificationDate: .date(Date(timeIntervalSinceReferenceDate: 1))], n: 7),
            Fixtures.item("/d", folder: true, n: 2),
            Fixtures.item("/d/paris", folder: true, n: 4),
        ]
        let path = folder.file("index.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        index = try IndexFile(path: path)
    }

    func scan(_ typed: String, scope: Scope = .all, onlyIn: String? = nil) throws -> (
        names: [String], result: ScanResult
    ) {
        let scan = InteractiveScan(index: IndexSnapshot(index), ranker: ResultRanker(now: context.now))
        let query = FieldQuery(SearchField(typed), context: context)
        let result = try #require(try scan.run(query, scope: scope, onlyIn: onlyIn.map { Array($0.utf8) }))
        return (result.rows.map { PathBytes.display(index.path(at: $0)) }, result)
    }

    @Test func nameMatchesComeFirstThenTitlesThenInsideWords() throws {
        let (names, _) = try scan("paris")
        // Name matches (recent before old), then the title match; "comparison" matches inside a word, last.
        #expect(names.prefix(2).contains("/m/paris.mp3"))
        #expect(names.prefix(3).contains("/d/paris"))
        let old = try #require(names.firstIndex(of: "/m/old-paris.mp3"))
        let title = try #require(names.firstIndex(of: "/m/song.mp3"))
        #expect(old < title)
        #expect(names.last == "/m/comparison.mp3")
        #expect(names.count == 5)
    }

    @Test func freeTextOperatorsDecideWhileTheirLeavesRank() throws {
        // `-night` drops what has the word, even where another word matched well.
        #expect(Set(try scan("paris -night").names) == ["/m/old-paris.mp3", "/d/paris"])
        #expect(Set(try scan("steve | night").names) == ["/m/song.mp3", "/m/paris.mp3"])
    }

    @Test func countsCoverEveryScopeWhileRowsFollowTheChosenOne() throws {
        let (names, result) = try scan("paris", scope: .folder)
        #expect(names == ["/d/paris"])
        #expect(result.total == 1)
        #expect(result.count(of: .all) == 5)
        #expect(result.count(of: .audio) == 4)
        #expect(result.count(of: .folder) == 1)
    }

    @Test func chipsFilterAndTheLocationNarrows() throws {
        #expect(Set(try scan("kind:folder").names) == ["/d", "/d/paris"])
        #expect(try scan("author:steve").names == ["/m/song.mp3"])
        #expect(
            Set(try scan("paris", onlyIn: "/m").names) == [
                "/m/paris.mp3", "/m/song.mp3", "/m/old-paris.mp3", "/m/comparison.mp3",
            ])
    }

    @Test func anEmptyFieldListsEverythingMostRecentFirst() throws {
        let (names, result) = try scan("")
        #expect(result.total == 6)
        #expect(names.last == "/m/old-paris.mp3")
    }

    @Test func aPredicateRunsAndAnIncompleteOneReportsItsError() throws {
        #expect(Set(try scan("fileSize > 4000").names) == ["/m/old-paris.mp3", "/m/song.mp3"])
        let broken = FieldQuery(SearchField("fileSize >"), context: context)
        #expect(broken.error != nil)
        #expect(broken.text == nil)
    }

    /// A session's scan keeps each part's section views from key to key: split in parts, one
    /// scan answers field after field (and candidates that are every row) as a new scan on one
    /// thread does.
    /// Cut into chunks of a row or two, claimed by two threads, the matches still join in row
    /// order (in whatever order threads claim them: ``chunksMatchesAreGatheredInChunkOrder()``).
    @Test func partsKeepTheirViewsAcrossKeys() throws {
        var split = InteractiveScan(index: IndexSnapshot(index), ranker: ResultRanker(now: context.now))
        split.partitions = PartitionedScan(threads: 3)
        var chunked = InteractiveScan(index: IndexSnapshot(index), ranker: ResultRanker(now: context.now))
        chunked.partitions = PartitionedScan(threads: 2)
        chunked.partitions.smallestChunk = 1
        #expect(chunked.partitions.chunks(rows: index.itemCount).count > 2)
        for typed in ["p", "pa", "paris", "kind:audio", "night", "", "fileSize > 4000", "paris"] {
            let query = FieldQuery(SearchField(typed), context: context)
            let one = InteractiveScan(index: IndexSnapshot(index), ranker: ResultRanker(now: context.now))
            let whole = try #require(try one.run(query, scope: .all, onlyIn: nil))
            let everyRow = Array(0..<index.itemCount)
            for scan in [split, chunked] {
                #expect(try scan.run(query, scope: .all, onlyIn: nil) == whole, "\(typed)")
                let walked = try scan.run(query, scope: .all, onlyIn: nil, candidates: everyRow)
                #expect(walked == whole, "\(typed), every row")
            }
        }
    }

    /// Each chunk's matches, written from the chunk's first position and handed back by the
    /// threads in whatever order they claimed them, end up together in chunk order.
    @Test func chunksMatchesAreGatheredInChunkOrder() {
        let chunks = [0..<4, 4..<8, 8..<12, 12..<16]
        var room = [Int](repeating: -1, count: 16)
        (room[0], room[1]) = (1, 2)
        (room[8], room[9], room[10]) = (9, 10, 11)
        room[12] = 15
        var late = PartResult(top: TopResults(capacity: 1))
        late.segments = [(2, 3), (1, 0)]
        var early = PartResult(top: TopResults(capacity: 1))
        early.segments = [(3, 1), (0, 2)]
        let count = room.withUnsafeMutableBufferPointer { room in
            InteractiveScan.gathered([late, early], chunks: chunks, in: room)
        }
        #expect(count == 6)
        #expect(Array(room.prefix(count)) == [1, 2, 9, 10, 11, 15])
    }

    /// A field of type tests alone (typed, or a chip) visits the rows of the type entries it
    /// accepts (``TypeCandidates``) and finds, ranks and counts what a scan of every row does.
    @Test func typeTestsVisitTheRowsOfTheirTypes() throws {
        let text: [Attribute: AttributeValue] = [
            .contentType: .text("public.plain-text"), .kind: .text("Plain text document"),
            .contentTypeTree: .textList(["public.plain-text", "public.text", "public.data", "public.item"]),
            .mimeType: .text("text/plain"),
        ]
        let items = [
            Fixtures.item("/t", folder: true, n: 1), Fixtures.item("/t/a.mp3", n: 2),
            Fixtures.item("/t/notes.txt", text, n: 3), Fixtures.item("/t/b.mp3", n: 4),
            Fixtures.item("/t/paris.txt", text, n: 5), Fixtures.item("/t/sub", folder: true, n: 6),
        ]
        let path = folder.file("types.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let typed = IndexSnapshot(try IndexFile(path: path))
        var everyRow = InteractiveScan(index: typed, ranker: ResultRanker(now: context.now))
        everyRow.readsTypesFirst = false
        for field in ["kind:a", "kind:au", "kind:audio", "kind:plain", "kind:folder", "kind:zzz", "kind:audio p"] {
            // New scans for each field: one that keeps the last answer is the next test's.
            var split = InteractiveScan(index: typed, ranker: ResultRanker(now: context.now))
            split.partitions = PartitionedScan(threads: 3)
            // With the summaries, the rows by type are theirs.
            let summarized = InteractiveScan(index: typed, ranker: ResultRanker(now: context.now))
            summarized.summarize()
            #expect(summarized.signatures.current?.types.count == 1)
            let scans = [InteractiveScan(index: typed, ranker: ResultRanker(now: context.now)), split, summarized]
            let query = FieldQuery(SearchField(field), context: context)
            let whole = try #require(try everyRow.run(query, scope: .all, onlyIn: nil))
            #expect(whole.work.visited == typed.itemCount, "\(field)")
            for (k, scan) in scans.enumerated() {
                let visiting = try #require(try scan.run(query, scope: .all, onlyIn: nil))
                #expect(visiting == whole, "\(field)")
                // A chip beside free text is no field of type tests alone: every row, or with
                // the summaries the rows that start a word with `p`.
                let besideText = k == 2 ? 1 : typed.itemCount
                let visited = field.hasSuffix(" p") ? besideText : whole.matched.count
                #expect(visiting.work.visited == visited, "\(field)")
            }
        }
        let audio = FieldQuery(SearchField("kind:au"), context: context)
        #expect(try everyRow.run(audio, scope: .all, onlyIn: nil)?.total == 2)
    }

    /// A field of type tests alone that accepts the same rows as the last such field, in the same
    /// scope and folder, is answered again without a scan; another scope, folder or set of rows
    /// is scanned, and every answer is a new scan's.
    @Test func theSameTypesAnswerAgainWithoutAScan() throws {
        let session = InteractiveScan(index: IndexSnapshot(index), ranker: ResultRanker(now: context.now))
        let typing: [(field: String, scope: Scope, folder: String?, scanned: Bool)] = [
            ("kind:a", .all, nil, true), ("kind:au", .all, nil, false), ("kind:audio", .all, nil, false),
            ("kind:audio", .audio, nil, true), ("kind:audio", .audio, "/m", true), ("kind:audio", .audio, "/m", false),
            ("kind:audio", .all, nil, true), ("kind:folder", .all, nil, true), ("kind:audio", .all, nil, true),
        ]
        for step in typing {
            let query = FieldQuery(SearchField(step.field), context: context)
            let folder = step.folder.map { Array($0.utf8) }
            let fresh = InteractiveScan(index: IndexSnapshot(index), ranker: ResultRanker(now: context.now))
            let expected = try #require(try fresh.run(query, scope: step.scope, onlyIn: folder))
            let answer = try #require(try session.run(query, scope: step.scope, onlyIn: folder))
            #expect(answer == expected, "\(step)")
            #expect((answer.work.visited > 0) == step.scanned, "\(step)")
        }
    }

    /// A session's scans ask few-valued columns (a title on one row of two hundred) through the
    /// tables of the strings they name made with its summaries (``NamedStrings``), and find a word
    /// that only such a column holds.
    @Test func aSessionFindsAWordOnlyAFewValuedColumnHolds() throws {
        let folder = TemporaryFolder()
        var items = (0..<199).map { Fixtures.item("/r/file \($0).txt", n: UInt64($0)) }
        items.append(Fixtures.item("/r/a.mp3", [.title: .text("Zebra crossing")], n: 300))
        let path = folder.file("few.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let few = try IndexFile(path: path)
        let session = InteractiveScan(index: IndexSnapshot(few), ranker: ResultRanker(now: context.now))
        session.summarize()
        #expect(session.signatures.current?.named.compactMap { $0 }.count == 1)
        for typed in ["zeb", "ze", "cross", "cr"] {
            let query = FieldQuery(SearchField(typed), context: context)
            let result = try #require(try session.run(query, scope: .all, onlyIn: nil))
            #expect(result.rows.map { PathBytes.display(few.path(at: $0)) } == ["/r/a.mp3"], "\(typed)")
        }
    }

    @Test func aStaleScanStops() throws {
        let scan = InteractiveScan(index: IndexSnapshot(index), ranker: ResultRanker(now: context.now))
        let query = FieldQuery(SearchField(""), context: context)
        // Six rows never reach the first check; a stopped scan is only seen on big indexes.
        #expect(try scan.run(query, scope: .all, onlyIn: nil, shouldStop: { true }) != nil)
    }

    @Test func topResultsKeepTheBestInOrder() {
        var top = TopResults(capacity: 3)
        for (row, score) in [(0, 1.0), (1, 5.0), (2, 3.0), (3, 5.0), (4, 0.5), (5, 4.0)] {
            top.insert(row: row, score: score)
        }
        #expect(top.sortedRows() == [1, 3, 5])
    }

    @Test func infixMatchingIgnoresASCIICase() {
        #expect(ResultRanker.containsAll([Array("aris".utf8)], in: Array("PARIS.mp3".utf8)))
        #expect(!ResultRanker.containsAll([Array("aris".utf8), Array("zz".utf8)], in: Array("paris".utf8)))
    }
}
