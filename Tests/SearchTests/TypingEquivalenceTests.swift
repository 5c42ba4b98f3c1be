import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindExtraction
@testable import FSFindIndexFormat
@testable import FSFindIndexer
@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch
@testable import FSFindText

/// Typing a field one key at a time, as `fsfind search` answers it (a recent result, the last
/// scan's matches when the field narrows, or every row), gives what a scan of every row gives
/// for the same field: narrowing is only a shortcut.
@Suite struct TypingEquivalenceTests {
    let folder = TemporaryFolder()
    let index: IndexSnapshot
    let store: TextStore
    let context = QueryContext(now: Date(), timeZone: TimeZone(identifier: "UTC")!)

    init() throws {
        // Names that hold the typed words, inside words or not at all; words only inside files.
        (index, store) = try indexedTree(
            [
                "shopping.txt": "buy bread and milk\n", "breakfast.txt": "eggs\n", "umbrella.txt": "nothing\n",
                "comparison.txt": "tables\n", "travel.txt": "we went to paris in may\n",
                "paris-trip.txt": "the louvre\n", "report-2024.txt": "quarterly figures\n",
                "notes.txt": "the repair of the roof\n",
            ], in: folder)
    }

    private func names(_ rows: [Int]) -> [String] {
        rows.map { String(decoding: index.path(at: $0).split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self) }
    }

    /// Types `keys` into a session, answering each as the search loop does, and checks every
    /// answer against a scan of every row.
    private func type(_ keys: [Key]) throws {
        let scan = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), text: store)
        scan.summarize()
        var planner = ScanPlanner()
        var session = SearchSession(folder: Array("/".utf8))
        for key in keys {
            guard session.handle(key) == .search else { continue }
            let query = FieldQuery(session.field, context: context)
            guard query.error == nil else { continue }
            let result: ScanResult
            switch planner.plan(for: session) {
            case .cached(let cached): result = cached
            case .narrow(let rows):
                result = try #require(try scan.run(query, scope: session.scope, onlyIn: nil, candidates: rows))
            case .full: result = try #require(try scan.run(query, scope: session.scope, onlyIn: nil))
            }
            planner.finished(result, for: session)
            session.apply(result)
            let whole = try #require(try scan.run(query, scope: session.scope, onlyIn: nil))
            let field = session.field.text
            #expect(names(result.rows) == names(whole.rows), "\(field)")
            #expect(result.total == whole.total && result.counts == whole.counts, "\(field)")
            #expect(result.matched.sorted() == whole.matched.sorted(), "\(field)")
        }
    }

    private static func keys(_ text: String) -> [Key] { text.map { .text(String($0)) } }

    @Test func wordsTypedLetterByLetterFindWhatTheWholeWordFinds() throws {
        // `br` marks names whose words start with it; `bre` also the file that says "bread".
        try type(Self.keys("bread"))
        try type(Self.keys("paris") + [.backspace, .backspace] + Self.keys("ris"))
        try type(Self.keys("paris rep"))
        try type(Self.keys("paris | bread"))
    }

    @Test func shortWordsMatchWordStartsOnlyLongerOnesInsideNamesAndFiles() throws {
        let scan = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), text: store)
        func found(_ typed: String) throws -> Set<String> {
            let query = FieldQuery(SearchField(typed), context: context)
            return Set(names(try #require(try scan.run(query, scope: .all, onlyIn: nil)).rows))
        }
        #expect(try found("br") == ["breakfast.txt"])
        #expect(try found("bre") == ["breakfast.txt", "umbrella.txt", "shopping.txt"])
        #expect(try found("pa") == ["paris-trip.txt"])
        #expect(try found("paris") == ["paris-trip.txt", "comparison.txt", "travel.txt"])
    }
}

/// The search field ranks files that only mention its words by how recently they changed, not by
/// BM25 (which `fsfind query` keeps): the store is not asked for relevance on every key.
@Suite struct FieldContentRankingTests {
    @Test func filesThatOnlyMentionTheWordsComeMostRecentFirst() throws {
        let now = Date()
        // BM25 would put the old file that says the word twenty times first.
        var files = [
            "recent.txt": "one okapi among other words here\n",
            "older.txt": String(repeating: "okapi ", count: 20) + "\n",
            "middle.txt": "okapi okapi and more words\n",
        ]
        let modified = [
            "recent.txt": now - 300 * 86_400, "middle.txt": now - 350 * 86_400, "older.txt": now - 400 * 86_400,
        ]
        // Enough files without the word that BM25 gives it weight.
        for n in 0..<10 { files["plain\(n).txt"] = "plain words\n" }
        let folder = TemporaryFolder()
        let (index, store) = try indexedTree(files, in: folder, modified: modified)
        let context = QueryContext(now: now, timeZone: TimeZone(identifier: "UTC")!)
        let scan = InteractiveScan(index: index, ranker: ResultRanker(now: now), text: store)
        let result = try #require(
            try scan.run(FieldQuery(SearchField("okapi"), context: context), scope: .all, onlyIn: nil))
        let names = result.rows.map {
            String(decoding: index.path(at: $0).split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self)
        }
        #expect(names == ["recent.txt", "middle.txt", "older.txt"])
    }
}

/// A scan that skips rows by their summaries (``RowSignatures``) finds, ranks and counts what a
/// scan scoring every row does: names with accents, ligatures and capitals inside, titles,
/// authors, albums, keywords and tags, rows whose name is their path, words inside files.
@Suite struct RowSummaryEquivalenceTests {
    let context = QueryContext(
        now: Date(timeIntervalSinceReferenceDate: 712_345_678), timeZone: TimeZone(identifier: "UTC")!)

    static let fields = [
        "p", "pa", "par", "paris", "aris", "f", "fr", "fre", "frederic", "e", "et", "etude", "é", "ét", "z", "zola",
        "m", "my", "myr", "report", "rep", "epo", "2", "20", "2024", "q", "q3", "fin", "u", "ur", "urg", "ub", "ube",
        "uber", "über", "n", "na", "nai", "naive", "cafe", "c", "oe", "oeuvres", "œ", "night n", "paris z", "x",
        "bread", "bre", "br", "we", "louvre", "-", "paris-tr", "chopin etude", "yre", "port2", "ric cho",
    ]

    /// Compares the scans for every field; per field, the rows counted without a score (a
    /// one-letter field's matches that cannot be kept, ``SignatureFilter/textBound(_:at:)``).
    @discardableResult
    private func compare(_ index: IndexSnapshot, text: TextStore?) throws -> [String: Int] {
        let plain = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), text: text)
        let summarized = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), text: text)
        summarized.summarize()
        // Two kept: most matches cannot be kept, and their recency lift is not read; with the
        // summaries, a one-letter field's rows whose text cannot reach the two are not scored.
        let short = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), limit: 2, text: text)
        let shortSummarized = InteractiveScan(
            index: index, ranker: ResultRanker(now: context.now), limit: 2, text: text)
        shortSummarized.summarize()
        var bounded: [String: Int] = [:]
        #expect(summarized.signatures.summaries?.allSatisfy { $0 != nil } == true)
        // Every scope: a one-letter field ranks only the chosen scope's rows (``LetterScan``).
        for field in Self.fields {
            let query = FieldQuery(SearchField(field), context: context)
            guard query.error == nil else { continue }
            for scope in [Scope.all, .audio, .document, .folder] {
                let whole = try #require(try plain.run(query, scope: scope, onlyIn: nil))
                let skipped = try #require(try summarized.run(query, scope: scope, onlyIn: nil))
                #expect(skipped == whole, "\(field) \(scope)")
                let best = try #require(try short.run(query, scope: scope, onlyIn: nil))
                #expect(best.rows == Array(whole.rows.prefix(2)) && best.counts == whole.counts, "\(field) \(scope)")
                let bestSkipped = try #require(try shortSummarized.run(query, scope: scope, onlyIn: nil))
                #expect(bestSkipped == best, "\(field) \(scope)")
                if scope == .all { bounded[field] = bestSkipped.work.bounded }
            }
        }
        return bounded
    }

    @Test func writtenAttributes() throws {
        let folder = TemporaryFolder()
        let items = [
            Fixtures.item("/m/paris.mp3", [.title: .text("Night")], n: 1),
            Fixtures.item(
                "/m/Frédéric Chopin – Étude.flac",
                [.authorNames: .textList(["Émile Zola"]), .album: .text("Œuvres complètes")], n: 2),
            Fixtures.item("/m/MyReport2024.pdf", [.keywords: .textList(["Q3", "finance"])], n: 3),
            Fixtures.item("/m/naïve café.txt", [.userTags: .textList(["urgent"])], n: 4),
            Fixtures.item("/m/comparison.txt", n: 5),
            Fixtures.item("/d", folder: true, n: 6),
            Fixtures.item("/d/über", folder: true, n: 7),
            Fixtures.item("/d/über/paris-trip.txt", n: 8),
            // For `n`, names whose first word or a word of one letter is it (`No`, `Nord n`) come
            // before a later word of the name (`big nap`) and the title "Night" (`paris.mp3`), which
            // then cannot reach the two kept: both counted without a score.
            Fixtures.item("/m/No.txt", n: 9), Fixtures.item("/m/Nord n.txt", n: 10),
            Fixtures.item("/m/big nap.txt", n: 11), Fixtures.item("/m/n.txt", n: 12),
            Fixtures.item("/m/nice.txt", n: 13), Fixtures.item("/m/north.txt", n: 14),
            // With their folder, the names are strings of their own, whose summaries know an ASCII
            // name's word lengths and that no other value has words: `nice` and `north` (first
            // words of four and five letters, 0.725 and 0.7) then cannot reach the two kept either.
            Fixtures.item("/m", folder: true, n: 15),
        ]
        let path = folder.file("summaries.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let bounded = try compare(try IndexSnapshot(path: path), text: nil)
        #expect(bounded["n"] == 4, "\(bounded)")
    }

    /// Names that share their first word and their date tie with the worst result kept: the lower
    /// row keeps the tie, so a later row whose bound only reaches it is counted without a score,
    /// and the list is the one a scan that scores every row makes.
    @Test func tiesWithTheWorstKeptAreCountedWithoutAScore() throws {
        let folder = TemporaryFolder()
        // Odd numbers: no identity's date, so every file has the fixtures' one date.
        var items = [Fixtures.item("/t", folder: true, n: 1)]
        for k in 0..<30 { items.append(Fixtures.item("/t/north \(100 + k).txt", n: UInt64(3 + 2 * k))) }
        items.append(Fixtures.item("/t/nap.txt", n: 71))
        let path = folder.file("ties.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let index = try IndexSnapshot(path: path)
        let plain = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), limit: 3)
        let summarized = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), limit: 3)
        summarized.summarize()
        let query = FieldQuery(SearchField("n"), context: context)
        let whole = try #require(try plain.run(query, scope: .all, onlyIn: nil))
        let ranked = try #require(try summarized.run(query, scope: .all, onlyIn: nil))
        #expect(ranked == whole)
        // `nap.txt` first (a shorter first word), then the two lowest of the tied `north` files.
        let expected = ["nap.txt", "north 100.txt", "north 101.txt"].map { Array($0.utf8) }
        #expect(whole.rows.map { index.name(at: $0) } == expected)
        // Every `north` file after the first two kept ties with them and is not scored.
        #expect(ranked.work.bounded >= 27, "\(ranked.work.bounded)")
    }

    /// Words too short to match inside names visit only the rows that start a word with each
    /// word's first character (``StartRows``), on one thread or split among three, and find what a
    /// scan of every row finds; a word of three letters visits the rows of its triples.
    @Test func shortWordsVisitOnlyTheRowsThatStartAWordWithThem() throws {
        let folder = TemporaryFolder()
        let items = [
            Fixtures.item("/m", folder: true, n: 1), Fixtures.item("/m/No.txt", n: 2),
            Fixtures.item("/m/big nap.txt", n: 3), Fixtures.item("/m/paris.mp3", [.title: .text("Night")], n: 4),
            Fixtures.item("/m/report.txt", n: 5), Fixtures.item("/m/other.txt", n: 6),
            Fixtures.item("/m/2024 notes.txt", n: 7),
        ]
        let path = folder.file("starts.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let index = try IndexSnapshot(path: path)
        let plain = InteractiveScan(index: index, ranker: ResultRanker(now: context.now))
        let summarized = InteractiveScan(index: index, ranker: ResultRanker(now: context.now))
        summarized.summarize()
        var split = InteractiveScan(index: index, ranker: ResultRanker(now: context.now))
        split.partitions = PartitionedScan(threads: 3)
        split.summarize()
        for field in ["n", "no", "n b", "b n", "t", "2", "o", "nap", "z"] {
            let query = FieldQuery(SearchField(field), context: context)
            let whole = try #require(try plain.run(query, scope: .all, onlyIn: nil))
            let folders = try #require(try plain.run(query, scope: .folder, onlyIn: nil))
            for scan in [summarized, split] {
                let visiting = try #require(try scan.run(query, scope: .all, onlyIn: nil))
                #expect(visiting == whole, "\(field)")
                #expect(try scan.run(query, scope: .folder, onlyIn: nil) == folders, "\(field)")
                if field.count == 1 {
                    // A letter's rows all match it: the summary's first word says so exactly.
                    #expect(visiting.work.visited == whole.matched.count, "\(field)")
                    // A letter's scan ranks the chosen scope's rows alone; its counts need no
                    // visit (a digit's rows are every digit's: scanned as any field).
                    let inFolders = try #require(try scan.run(query, scope: .folder, onlyIn: nil))
                    let ranked = field == "2" ? whole.matched.count : inFolders.count(of: .folder)
                    #expect(inFolders.work.scored == ranked, "\(field)")
                } else if field == "nap" {
                    // `big nap.txt` and the folder with the tree's root, whose summaries hold
                    // every triple bit a three-letter word of the others has not.
                    #expect(visiting.work.visited >= whole.matched.count && visiting.work.visited < index.itemCount)
                } else {
                    #expect(visiting.work.visited < index.itemCount, "\(field)")
                }
            }
        }
    }

    /// A one-letter field's bound per row, from what the summary knows of the name's words and of
    /// the row's other values (``SignatureFilter/textBound(_:at:)``).
    @Test func boundsFromTheNamesWordsAndTheOtherValues() throws {
        let folder = TemporaryFolder()
        let items = [
            Fixtures.item("/m", folder: true, n: 1),
            Fixtures.item("/m/north.txt", n: 2), Fixtures.item("/m/nice.txt", n: 3),
            Fixtures.item("/m/big nap.txt", n: 4), Fixtures.item("/m/big no.txt", n: 5),
            Fixtures.item("/m/north.mp3", [.title: .text("Song")], n: 6),
            Fixtures.item("/m/north.flac", [.title: .text("Nocturne")], n: 11),
            Fixtures.item("/m/paris.mp3", [.title: .text("Night")], n: 7),
            Fixtures.item("/m/Nord n.txt", n: 8), Fixtures.item("/m/naïve.txt", n: 9),
            Fixtures.item("/m/café noir.txt", n: 10),
        ]
        let path = folder.file("bounds.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let index = try IndexSnapshot(path: path).readerOfEverything()
        let summaries = try #require(RowSignatures(views: IndexViews(reader: index)))
        let filter = try #require(SignatureFilter(FieldQuery(SearchField("n"), context: context)))
        let rows = FileRowFilter(filter, summaries: summaries, content: nil)
        var bounds: [String: Double?] = [:]
        for row in 0..<index.itemCount where !rows.rejects(row) {
            bounds[String(decoding: index.name(at: row), as: UTF8.self)] = rows.textBound(row)
        }
        func close(_ name: String, _ expected: Double?) {
            let found = bounds[name] ?? nil
            #expect(
                found.map { abs($0 - (expected ?? .nan)) < 1e-9 } ?? (expected == nil),
                "\(name): \(String(describing: found))")
        }
        close("north.txt", 0.7 + 0.5)  // first word of five letters; `txt` after it, three
        close("nice.txt", 0.725 + 0.5)  // four letters
        close("big nap.txt", 0.5 + 0.5 / 3 + 0.5)  // only a later word of three letters or more
        close("big no.txt", 0.75 + 0.5)  // a later word of two letters
        close("north.mp3", 0.7 + 0.5)  // a title, none of whose words starts with the letter
        close("north.flac", 0.77 + 0.5)  // a title starting a word with it
        close("paris.mp3", 0.77)  // the name does not: only the title can
        close("Nord n.txt", nil)  // a word of one letter
        close("naïve.txt", nil)  // not ASCII, starting with it: measured
        close("café noir.txt", 0.77 + 0.5)  // not ASCII, a later word: as before
    }

    /// A word of three letters or more must find its first three characters starting a word, or
    /// its bytes' triples in the name (``RowSignatures``' fifth word): names that start words with
    /// its first two only are not scored.
    @Test func threeLettersNeedTheirTriple() throws {
        let folder = TemporaryFolder()
        let items = [
            Fixtures.item("/m", folder: true, n: 1), Fixtures.item("/m/report.txt", n: 2),
            Fixtures.item("/m/results.txt", n: 3), Fixtures.item("/m/red door.txt", n: 4),
            Fixtures.item("/m/my repo.txt", n: 5), Fixtures.item("/m/prepare.txt", n: 6),
        ]
        let path = folder.file("triples.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let index = try IndexSnapshot(path: path)
        let scan = InteractiveScan(index: index, ranker: ResultRanker(now: context.now))
        scan.summarize()
        let result = try #require(
            try scan.run(FieldQuery(SearchField("rep"), context: context), scope: .all, onlyIn: nil))
        let names = result.rows.map { String(decoding: index.files[0].name(at: $0), as: UTF8.self) }
        #expect(names == ["my repo.txt", "report.txt", "prepare.txt"])
        // `results.txt` and `red door.txt` start words with `re` and hold `r`, `e`, `p`: the pairs
        // let them through, the triples do not.
        #expect(result.work.scored == 3)
        try compare(index, text: nil)
    }

    @Test func indexedTreeWithWords() throws {
        let folder = TemporaryFolder()
        let (index, store) = try indexedTree(
            [
                "shopping.txt": "buy bread and milk\n", "Frédéric.txt": "une étude\n", "umbrella.txt": "nothing\n",
                "travel.txt": "we went to paris\n", "paris-trip.txt": "the louvre\n",
                "MyReport2024.txt": "q3 figures\n",
            ], in: folder)
        try compare(index, text: store)
    }
}

/// Words long enough to match inside names visit only the rows whose summaries have their start
/// and first triple, or every triple of their bytes, or whose files' words hold the first word
/// (``StartRows/rows(passing:content:of:)``): on one thread or three, they find what a scan of
/// every row finds, words only inside files included.
@Suite struct InsideWordRowsTests {
    let context = QueryContext(now: Date(), timeZone: TimeZone(identifier: "UTC")!)

    @Test func longWordsVisitTheRowsOfTheirTriplesAndFiles() throws {
        let folder = TemporaryFolder()
        var files = [
            "shopping.txt": "buy bread and milk\n", "umbrella.txt": "nothing\n", "travel.txt": "we went to paris\n",
            "paris-trip.txt": "the louvre\n", "comparison.txt": "tables\n", "report-2024.txt": "quarterly figures\n",
            "notes.txt": "the repair of the roof\n", "Frédéric.txt": "une étude\n",
        ]
        // Names that hold none of the words, so a word's rows are fewer than every row.
        for n in 0..<40 { files["zz\(n).txt"] = "xylophone\n" }
        let (index, store) = try indexedTree(files, in: folder)
        let plain = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), text: store)
        let summarized = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), text: store)
        summarized.summarize()
        var split = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), text: store)
        split.partitions = PartitionedScan(threads: 3)
        split.summarize()
        for field in [
            "par", "paris", "aris", "bre", "bread", "rep", "repair", "louvre", "went", "roof", "etu", "paris the",
        ] {
            let query = FieldQuery(SearchField(field), context: context)
            let whole = try #require(try plain.run(query, scope: .all, onlyIn: nil))
            #expect(!whole.matched.isEmpty, "\(field)")
            for scan in [summarized, split] {
                let visiting = try #require(try scan.run(query, scope: .all, onlyIn: nil))
                #expect(visiting == whole, "\(field)")
                #expect(visiting.work.visited >= whole.matched.count, "\(field)")
                #expect(visiting.work.visited < index.itemCount, "\(field)")
            }
        }
    }
}

/// Writes `files` (name → text, then a change of modification date) into a folder of `folder`,
/// indexes it with its words, and opens the index and its text store.
func indexedTree(
    _ files: [String: String], in folder: TemporaryFolder, modified: [String: Date] = [:]
) throws -> (index: IndexSnapshot, store: TextStore) {
    let tree = folder.path + "/tree"
    try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
    for (name, text) in files {
        try text.write(toFile: "\(tree)/\(name)", atomically: false, encoding: .utf8)
        if let date = modified[name] {
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: "\(tree)/\(name)")
        }
    }
    let indexPath = folder.file("tree.fsfind")
    let indexer = Indexer(indexPath: indexPath, pipeline: ExtractionPipeline(textLimit: 1 << 20))
    _ = try indexer.run(roots: [Array(tree.utf8)], options: CrawlOptions())
    return (try IndexSnapshot(path: indexPath), try TextStore(path: TextStore.path(forIndex: indexPath), create: false))
}
