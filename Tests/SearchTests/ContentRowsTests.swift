import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindExtraction
@testable import FSFindIndexFormat
@testable import FSFindIndexer
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch
@testable import FSFindText

/// The text store's document numbers find their rows through the index's `textDocuments`
/// section: the rows whose files hold the word, each once, with the store's relevance; an index
/// written for another store (another generation) matches no words.
struct ContentRowsTests {
    /// A first index beside a store left from a deleted index starts a new store: the old
    /// documents name no row, and adding each file again beside them doubled the words.
    @Test func aFirstIndexStartsANewTextStore() throws {
        let folder = TemporaryFolder()
        let tree = folder.path + "/tree"
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        for n in 0..<40 {
            try "note \(n) about zebras\n".write(toFile: "\(tree)/f\(n).txt", atomically: false, encoding: .utf8)
        }
        let indexPath = folder.file("again.fsfind")
        let indexer = Indexer(indexPath: indexPath, pipeline: ExtractionPipeline(textLimit: 1 << 20))
        _ = try indexer.run(roots: [Array(tree.utf8)], options: CrawlOptions())
        let first = try TextStore(path: TextStore.path(forIndex: indexPath), create: false)
        let firstGeneration = first.generation
        #expect(try first.documentCount() == 40)

        try FileManager.default.removeItem(atPath: indexPath)
        _ = try indexer.run(roots: [Array(tree.utf8)], options: CrawlOptions())
        let store = try TextStore(path: TextStore.path(forIndex: indexPath), create: false)
        #expect(try store.documentCount() == 40)
        #expect(store.generation != firstGeneration, "a new store, not the old one refilled")
        #expect(try store.search(TextQuery.words(["zebras"]), ranked: false).documents.count == 40)
        let numbers = try #require(try IndexFile(path: indexPath).textDocuments())
        #expect(numbers.generation == store.generation && numbers.count == 40)
    }

    @Test func documentNumbersFindTheRowsOfTheFilesThatHoldTheWord() throws {
        let folder = TemporaryFolder()
        let tree = folder.path + "/tree"
        // Folders of files, some holding the word (more than once, for different scores).
        var holding: Set<String> = []
        for group in 0..<12 {
            let sub = tree + "/g\(group)"
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            for n in 0..<25 {
                let holds = (n + group) % 3 == 0
                let words = holds ? String(repeating: "zebra ", count: 1 + n % 4) : "plain words"
                try "file \(n) \(words)\n".write(toFile: "\(sub)/f\(n).txt", atomically: false, encoding: .utf8)
                if holds { holding.insert("\(sub)/f\(n).txt") }
            }
        }
        let indexPath = folder.file("rows.fsfind")
        let indexer = Indexer(indexPath: indexPath, pipeline: ExtractionPipeline(textLimit: 1 << 20))
        _ = try indexer.run(roots: [Array(tree.utf8)], options: CrawlOptions())
        let index = try IndexFile(path: indexPath)
        let store = try TextStore(path: TextStore.path(forIndex: indexPath), create: false)
        let numbers = try #require(try index.textDocuments())
        #expect(numbers.generation == store.generation)
        #expect(numbers.count == 12 * 25, "every text file has its words stored")

        let hits = try store.search(TextQuery.words(["zebra"]), ranked: true)
        // Files with the same bytes (`f0.txt` of two groups) are one document.
        #expect(hits.documents.count == 25)
        let rows = try ContentRows(hits, index: index, generation: store.generation)
        let found = (0..<index.itemCount).filter { rows.contains($0) }
        #expect(Set(found.map { String(decoding: index.path(at: $0), as: UTF8.self) }) == holding)
        // Each row's score is its document's, and more zebras score higher within a group.
        let scores = Dictionary(uniqueKeysWithValues: zip(hits.documents, hits.relevance))
        for row in found {
            let number = try #require(numbers.document(ofRow: row))
            #expect(rows.score(row) == Double(Float(scores[number] ?? -1)))
        }
        #expect(rows.score(try #require(index.rowIndex(ofPath: Array((tree + "/g0/f1.txt").utf8)))) == 0)

        // Unranked: the same rows, no scores.
        let plain = try ContentRows(
            try store.search(TextQuery.words(["zebra"]), ranked: false), index: index, generation: store.generation)
        #expect((0..<index.itemCount).filter { plain.contains($0) } == found)
        #expect(found.allSatisfy { plain.score($0) == 0 })

        // Answered for a few rows only (a narrowed search): those rows alike, with their scores.
        let few = [3..<9, 40..<44, 120..<131]
        let narrowed = try ContentRows(hits, index: index, generation: store.generation, among: few)
        for range in few {
            for row in range {
                #expect(narrowed.contains(row) == rows.contains(row) && narrowed.score(row) == rows.score(row))
            }
        }
        #expect(few.joined().contains { rows.contains($0) }, "the rows asked about hold some matches")

        // Another store's numbers name other files: an index written for it matches nothing.
        let other = try ContentRows(hits, index: index, generation: (store.generation ?? 0) &+ 1)
        #expect(other.isEmpty && (0..<index.itemCount).allSatisfy { !other.contains($0) })
    }

    /// A ranked search orders files that only mention the words by BM25, unless asked not to
    /// (`fsfind serve`): then they follow the name matches in path order, and the same rows match.
    @Test func withoutWordRelevanceContentMatchesFollowInPathOrder() throws {
        let folder = TemporaryFolder()
        let tree = folder.path + "/tree"
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        // More mentions in later paths, so BM25's order is not path order.
        for n in 0..<6 {
            let text = String(repeating: "okapi ", count: n + 1) + String(repeating: "filler ", count: 40)
            try text.write(toFile: "\(tree)/note\(n).txt", atomically: false, encoding: .utf8)
        }
        try "nothing here\n".write(toFile: "\(tree)/zz-okapi.txt", atomically: false, encoding: .utf8)
        // The word in fewer than half the files: FTS5's BM25 gives a word in most of them no weight.
        for n in 0..<20 {
            // Each its own bytes: files with the same bytes are one document, counted once.
            try "plain words \(n)\n".write(toFile: "\(tree)/plain\(n).txt", atomically: false, encoding: .utf8)
        }
        let indexPath = folder.file("r.fsfind")
        let indexer = Indexer(indexPath: indexPath, pipeline: ExtractionPipeline(textLimit: 1 << 20))
        _ = try indexer.run(roots: [Array(tree.utf8)], options: CrawlOptions())
        let snapshot = try IndexSnapshot(path: indexPath)
        let searcher = Searcher(
            index: snapshot, text: try TextStore(path: TextStore.path(forIndex: indexPath), create: false))
        let query = try CompiledQuery(
            try Query.parse("okapi"), context: QueryContext(now: Date(), timeZone: TimeZone(identifier: "UTC")!))
        func names(_ rows: [Int]) -> [String] {
            rows.map {
                String(decoding: snapshot.path(at: $0).split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self)
            }
        }
        let ranked = names(try searcher.search(query, isFreeText: true, request: SearchRequest()))
        var plain = SearchRequest()
        plain.wordRelevance = false
        let unranked = names(try searcher.search(query, isFreeText: true, request: plain))
        #expect(ranked.first == "zz-okapi.txt" && unranked.first == "zz-okapi.txt")
        #expect(Array(unranked.dropFirst()) == (0..<6).map { "note\($0).txt" })
        #expect(Array(ranked.dropFirst()) == (0..<6).reversed().map { "note\($0).txt" }, "\(ranked)")
    }

    /// A damaged `textDocuments` section is the index's damage, named, never a crash or a
    /// silent miss: a count its length cannot hold is refused at open, a changed byte fails
    /// the checksum when a word is looked up, and numbers behind a valid checksum that point
    /// outside the section are skipped.
    @Test func aDamagedSectionIsReportedOrSkippedNeverReadOutOfBounds() throws {
        let folder = TemporaryFolder()
        let tree = folder.path + "/tree"
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        for n in 0..<6 { try "okapi \(n)\n".write(toFile: "\(tree)/f\(n).txt", atomically: false, encoding: .utf8) }
        let indexPath = folder.file("d.fsfind")
        let indexer = Indexer(indexPath: indexPath, pipeline: ExtractionPipeline(textLimit: 1 << 20))
        _ = try indexer.run(roots: [Array(tree.utf8)], options: CrawlOptions())
        let store = try TextStore(path: TextStore.path(forIndex: indexPath), create: false)
        let hits = try store.search(TextQuery.words(["okapi"]), ranked: true)
        let good = try Array(Data(contentsOf: URL(fileURLWithPath: indexPath)))
        let section = try #require(try IndexFile(path: indexPath).sections.first { $0.kind == .textDocuments })
        #expect(
            try ContentRows(hits, index: try IndexFile(bytes: good, name: indexPath), generation: store.generation)
                .isEmpty == false)

        // A count past what the section holds: refused when the file opens.
        var tooMany = good
        tooMany[section.offset] = 200
        Fixtures.fixChecksums(&tooMany)
        expectCorrupt(indexPath) { () throws(FSFindError) in _ = try IndexFile(bytes: tooMany, name: indexPath) }

        // A changed number without its checksum: the lookup says the file is damaged.
        var flipped = good
        flipped[section.offset + 16 + 4 * 6] ^= 0x40
        let damaged = try IndexFile(bytes: flipped, name: indexPath)
        let error = expectCorrupt(indexPath) { () throws(FSFindError) in
            _ = try ContentRows(hits, index: damaged, generation: store.generation)
        }
        #expect(error?.message.contains("textDocuments") == true, "\(String(describing: error))")

        // Behind a valid checksum, positions past the section: skipped.
        var wild = good
        for k in 0..<6 { wild[section.offset + 16 + 8 * 6 + 4 * k] = 0xFF }
        Fixtures.fixChecksums(&wild)
        let rows = try ContentRows(
            hits, index: try IndexFile(bytes: wild, name: indexPath), generation: store.generation)
        #expect(rows.isEmpty)
    }

    /// The merge finds numbers that are sparse among many (a rare word) and dense (a common
    /// one), and skips numbers no row has.
    @Test func theMergeFindsSparseAndDenseNumbers() throws {
        let count = 5000
        // Rows 0, 2, 4 … carry numbers in a shuffled order, as rows changed over time do.
        var generator = SplitMix64(seed: 17)
        var pool = Array(UInt32(1)...UInt32(count / 2)).map { $0 * 3 }
        pool.shuffle(using: &generator)
        let rows = (0..<(count / 2)).map { UInt32($0 * 2) }
        let bytes = TextDocuments.encoded(generation: 9, rows: rows, documents: pool)
        let rowOf = Dictionary(uniqueKeysWithValues: zip(pool, rows))
        try bytes.withUnsafeBytes { buffer in
            let numbers = try TextDocuments(buffer, itemCount: count)
            #expect(numbers.generation == 9 && numbers.count == count / 2)
            for wanted in [[UInt32(3)], [3, 4, 5, 6, 7500], Array(stride(from: UInt32(1), through: 8000, by: 1))] {
                var got: [(Int, Int)] = []
                numbers.forEachRow(ofDocuments: wanted, itemCount: count) { got.append(($0, $1)) }
                let expected = wanted.enumerated().compactMap { k, n in rowOf[n].map { (k, Int($0)) } }
                #expect(got.map(\.0) == expected.map(\.0) && got.map(\.1) == expected.map(\.1))
            }
            for (number, row) in zip(pool, rows) { #expect(numbers.document(ofRow: Int(row)) == number) }
            #expect(numbers.document(ofRow: 1) == nil)
            // A count past the item count is damage.
            #expect(throws: IndexDamage.self) { try TextDocuments(buffer, itemCount: count / 4) }
        }
    }

    /// Files with the same bytes share a number: each number finds every row that has it.
    @Test func aSharedNumberFindsEveryRowThatHasIt() throws {
        let rows: [UInt32] = [0, 1, 2, 3, 5, 8, 9]
        let documents: [UInt32] = [7, 4, 7, 9, 4, 7, 2]
        let bytes = TextDocuments.encoded(generation: 1, rows: rows, documents: documents)
        try bytes.withUnsafeBytes { buffer in
            let numbers = try TextDocuments(buffer, itemCount: 10)
            var got: [(Int, Int)] = []
            numbers.forEachRow(ofDocuments: [2, 4, 5, 7], itemCount: 10) { got.append(($0, $1)) }
            #expect(got.filter { $0.0 == 0 }.map(\.1) == [9])
            #expect(got.filter { $0.0 == 1 }.map(\.1).sorted() == [1, 5])
            #expect(got.filter { $0.0 == 2 }.isEmpty)
            #expect(got.filter { $0.0 == 3 }.map(\.1).sorted() == [0, 2, 8])
            #expect(got.count == 6)
        }
    }
}
