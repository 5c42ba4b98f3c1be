import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindModel
@testable import FSFindText

/// The full-text store: documents found by word forms, kept with their sources (identity and
/// type), removed when no index row names them, and all-or-nothing per transaction.
@Suite struct TextStoreTests {
    private static func identity(_ n: UInt64) -> FileIdentity {
        FileIdentity(device: 2049, inode: n, size: Int64(n) * 10, mtimeNanos: Int64(n), ctimeNanos: Int64(n))
    }

    /// The paths of the documents found, by the numbers ``TextStore/Writer/add(path:identity:text:)``
    /// gave them.
    private static func paths(_ hits: TextStore.Hits, _ names: [UInt32: String]) -> Set<String> {
        Set(hits.documents.compactMap { names[$0] })
    }

    @Test func wordFormsCaseDiacriticsPrefixesAndPhrases() throws {
        let folder = TemporaryFolder()
        let store = try TextStore(path: folder.file("index.fsfind.text"), create: true)
        var names: [UInt32: String] = [:]
        try store.write { writer throws(FSFindError) in
            let list = try writer.add(
                source: .plainText(Self.identity(1)), text: "Buy bread, milk and Comparisons")
            let letter = try writer.add(
                source: .plainText(Self.identity(2)),
                text: "Dear Frédéric, calling about the pages")
            names = [list: "/d/list.txt", letter: "/d/letter.txt"]
        }
        func found(_ expression: String) throws -> Set<String> {
            let ranked = try store.search(expression, ranked: true)
            let plain = try store.search(expression, ranked: false)
            // The same documents either way, ascending; relevance only when asked for.
            #expect(ranked.documents == plain.documents && plain.documents == plain.documents.sorted())
            #expect(ranked.relevance.count == ranked.documents.count && plain.relevance.isEmpty)
            return Self.paths(plain, names)
        }
        // FTS5 expressions as the search writes them (`TextQuery`, FSFindSearch): each word quoted,
        // `*` for a prefix, `AND` between words, a phrase as one quoted string.
        #expect(try found(#""comparison"*"#) == ["/d/list.txt"])
        #expect(try found(#""frederic"* AND "call"* AND "page"*"#) == ["/d/letter.txt"])
        #expect(try found(#""bre"*"#) == ["/d/list.txt"])
        #expect(try found(#""buy bread""#) == ["/d/list.txt"])
        #expect(try found(#""bread buy""#).isEmpty)
        #expect(try found(#""quarterly"*"#).isEmpty)
        // A query word with FTS5 syntax in it, quoted with its `"` doubled, is a word, not syntax.
        #expect(try found("\"\"\"bread OR x*\"*").isEmpty)
    }

    /// Document numbers are never given twice in one store (a reader's index may still name an
    /// old one), survive a reopen, and belong to the store's generation, which a store made
    /// again does not share.
    @Test func documentNumbersAreNeverReusedAndBelongToTheStoresGeneration() throws {
        let folder = TemporaryFolder()
        let path = folder.file("n.text")
        let store = try TextStore(path: path, create: true)
        let generation = try #require(store.generation)
        let first = try store.write { writer throws(FSFindError) in
            try writer.add(source: .plainText(Self.identity(1)), text: "alpha")
        }
        // The highest document goes: its number is still not given again, even after a reopen.
        _ = try store.write { writer throws(FSFindError) in try writer.removeUnnamed(among: nil) { _, _ in false } }
        let reopened = try TextStore(path: path, create: true)
        #expect(reopened.generation == generation)
        #expect(try TextStore(path: path, create: false).generation == generation)
        let second = try reopened.write { writer throws(FSFindError) in
            try writer.add(source: .plainText(Self.identity(1)), text: "alpha")
        }
        #expect(second > first)
        // A transaction rolled back gives its numbers back: nothing can name them.
        let writer = try reopened.begin()
        let lost = try writer.add(source: .plainText(Self.identity(2)), text: "beta")
        _ = consume writer
        #expect(lost > second)
        // Made again (deleted, as a language change does): another generation.
        for file in [path, path + "-wal", path + "-shm"] { unlink(file) }
        let again = try TextStore(path: path, create: true)
        #expect(again.isNew && again.generation != nil && again.generation != generation)
    }

    /// `fsfind search` stops a word lookup when a key is typed: the lookup asks `shouldStop`
    /// while SQLite works, gives up (nil) when it says yes, and answers in full when it never does.
    @Test func aLookupStopsWhenAskedToAndOtherwiseAnswersInFull() throws {
        let folder = TemporaryFolder()
        let store = try TextStore(path: folder.file("s.text"), create: true)
        try store.write { writer throws(FSFindError) in
            for n in 1...2000 {
                try writer.add(
                    source: .plainText(Self.identity(UInt64(n))),
                    text: "report number \(n) about the budget and the harbour")
            }
        }
        let question = #""rep"*"#
        nonisolated(unsafe) var asked = 0
        let stopped = try store.search(question, ranked: true) {
            asked += 1
            return asked >= 2
        }
        #expect(stopped == nil)
        #expect(asked >= 2)
        let whole = try #require(try store.search(question, ranked: true) { false })
        #expect(whole.documents.count == 2000)
        #expect(whole.documents == (try store.search(question, ranked: true)).documents)
        // The connection is usable after a stop, with no handler left behind.
        #expect(try store.search(question, ranked: false).documents.count == 2000)
    }

    @Test func aSnippetNamesThePageOfItsFirstMatch() throws {
        let folder = TemporaryFolder()
        let store = try TextStore(path: folder.file("p.text"), create: true)
        // The same words on every page: the page is the match's, found verbatim in the body, not
        // the first place the fragment's words occur.
        let pages = (1...4).map { "Chapter \($0). The same sentence again, on this page." }
        let (book, plain) = try store.write { writer throws(FSFindError) in
            (
                try writer.add(source: .plainText(Self.identity(1)), text: pages.joined(separator: "\n\u{0C}")),
                try writer.add(source: .plainText(Self.identity(2)), text: "No pages here, chapter 3.")
            )
        }
        let snippets = try store.snippets(#""chapter 3""#, for: [book, plain, nil])
        #expect(snippets.count == 3 && snippets[2] == nil)
        #expect(snippets[0]?.page == 3, "\(String(describing: snippets[0]))")
        #expect(snippets[0]?.text.contains("Chapter 3") == true)
        #expect(snippets[0]?.text.unicodeScalars.contains { $0.value < 0x20 } == false, "no marks or form feeds left")
        #expect(snippets[1]?.page == nil && snippets[1]?.text.contains("chapter 3") == true)
        #expect(Snippet.page(of: "…no marked word…", in: "x\u{0C}y") == nil)
    }

    @Test func documentsNoIndexRowNamesAreRemoved() throws {
        let folder = TemporaryFolder()
        let store = try TextStore(path: folder.file("t.text"), create: true)
        let old = try store.write { writer throws(FSFindError) in
            try writer.add(source: .plainText(Self.identity(1)), text: "old words")
        }
        #expect(try store.documentCount() == 1)
        // A source the store knows is found again, by its identity and type only.
        #expect(try store.document(for: .plainText(Self.identity(1))) == old)
        #expect(try store.document(for: DocumentSource(identity: Self.identity(1), type: "public.html")) == nil)
        #expect(try store.document(for: DocumentSource(identity: Self.identity(1), type: nil)) == nil)
        #expect(try store.document(for: .plainText(Self.identity(2))) == nil)
        let new = try store.write { writer throws(FSFindError) in
            try writer.add(source: .plainText(Self.identity(3)), text: "new words")
        }
        // Before the garbage is collected both copies are there, each under its own number; a
        // reader keeps the one its index row names.
        #expect(try store.search(#""old"*"#, ranked: false).documents == [old])
        #expect(try store.search(#""words"*"#, ranked: false).documents == [old, new])
        let removed = try store.write { writer throws(FSFindError) in
            try writer.removeUnnamed(among: [old, new]) { _, identity in identity == Self.identity(3) }
        }
        #expect(removed == 1)
        #expect(try store.search(#""old"*"#, ranked: false).documents.isEmpty)
        #expect(try store.search(#""new"*"#, ranked: false).documents == [new])
    }

    /// Files with the same bytes name one document: its words stay while any of them is kept,
    /// and go with the last; a link names only a document the store holds.
    @Test func linkedFilesShareWordsUntilTheLastGoes() throws {
        let folder = TemporaryFolder()
        let store = try TextStore(path: folder.file("t.text"), create: true)
        let shared = try store.write { writer throws(FSFindError) in
            let number = try writer.add(source: .plainText(Self.identity(1)), text: "shared license text")
            try writer.link(source: .plainText(Self.identity(2)), document: number)
            try writer.link(source: .plainText(Self.identity(3)), document: number)
            // Linked again as it is (a run killed after its commit): still one source.
            try writer.link(source: .plainText(Self.identity(2)), document: number)
            return number
        }
        #expect(try store.documentCount() == 1)
        #expect(try store.search(#""license"*"#, ranked: false).documents == [shared])
        let b = try store.snippets(#""license"*"#, for: [shared])
        #expect(b.first??.text == "shared license text")
        #expect(try store.textStart(document: shared, characters: 6) == "shared")
        #expect(try store.document(for: .plainText(Self.identity(3))) == shared)
        // The first file goes: the others keep the words.
        var removed = try store.write { writer throws(FSFindError) in
            try writer.removeUnnamed(among: [shared]) { _, identity in identity != Self.identity(1) }
        }
        #expect(removed == 0)
        #expect(try store.search(#""license"*"#, ranked: false).documents == [shared])
        #expect(try store.document(for: .plainText(Self.identity(1))) == nil)
        // The last ones go: so do the words (FTS5's vocabulary no longer has them).
        removed = try store.write { writer throws(FSFindError) in
            try writer.removeUnnamed(among: [shared]) { _, _ in false }
        }
        #expect(removed == 1)
        #expect(try store.textStart(document: shared, characters: 6) == nil)
        #expect(try store.documentCount() == 0)
        #expect(try store.search(#""license"*"#, ranked: false).documents.isEmpty)
        #expect(throws: FSFindError.self) {
            try store.write { writer throws(FSFindError) in
                try writer.link(source: .plainText(Self.identity(4)), document: shared)
            }
        }
    }

    @Test func aFailedTransactionLeavesNothing() throws {
        let folder = TemporaryFolder()
        let store = try TextStore(path: folder.file("t.text"), create: true)
        #expect(throws: FSFindError.self) {
            try store.write { writer throws(FSFindError) in
                try writer.add(source: .plainText(Self.identity(1)), text: "half done")
                throw FSFindError(.io, "killed")
            }
        }
        #expect(try store.documentCount() == 0)
        #expect(try store.search(#""half"*"#, ranked: false).documents.isEmpty)
        let reader = try TextStore(path: folder.file("t.text"), create: false)
        #expect(try reader.documentCount() == 0)
        #expect(throws: FSFindError.self) { try TextStore(path: folder.file("missing.text"), create: false) }
    }

    /// A settled store's write-ahead log is emptied when no reader is in a read, so the next
    /// connection to open the store alone does not read and checksum it whole; a reader in the
    /// middle of a read leaves it as it is, and the settle does not wait for that reader.
    @Test func settlingEmptiesTheLogUnlessAReaderIsReading() throws {
        let folder = TemporaryFolder()
        let path = folder.file("w.text")
        _ = try TextStore(path: path, create: true)
        let store = try TextStore(path: path, create: true)
        try store.write { writer throws(FSFindError) in
            _ = try writer.add(source: .plainText(Self.identity(1)), text: "first words")
        }
        #expect(Self.walSize(path) > 0)
        // A reader that began its read after the commit: the checkpoint copies every frame, but
        // the log cannot be emptied under it.
        let reader = try SQLiteDatabase(path: path, create: false)
        let reading = try reader.prepare("SELECT id FROM document")
        #expect(try reading.step())
        #expect(store.settle())
        #expect(Self.walSize(path) > 0)
        reading.reset()
        #expect(store.settle())
        #expect(Self.walSize(path) == 0)
        #expect(try reader.prepare("SELECT count(*) FROM document").step())
        #expect(try TextStore(path: path, create: false).documentCount() == 1)
    }

    private static func walSize(_ path: String) -> Int {
        var status = stat()
        return stat(path + "-wal", &status) == 0 ? Int(status.st_size) : -1
    }

    @Test func aStoreOfAnotherLayoutIsStartedAgain() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.text")
        // An earlier layout: the words stored in the FTS table, no text column.
        let old = try SQLiteDatabase(path: path, create: true)
        try old.execute(
            "CREATE TABLE document(id INTEGER PRIMARY KEY, path BLOB); CREATE VIRTUAL TABLE words USING fts5(body)")
        old.close()
        let store = try TextStore(path: path, create: true)
        #expect(store.isNew)
        try store.write { writer throws(FSFindError) in
            try writer.add(source: .plainText(Self.identity(1)), text: "fresh start")
        }
        #expect(try store.documentCount() == 1)
        let again = try TextStore(path: path, create: true)
        #expect(!again.isNew)
        #expect(try again.textStart(document: 1, characters: 5) == "fresh")
        // Made again with this build's page size, and FTS5's leaves to fill its pages.
        let database = try SQLiteDatabase(path: path, create: false)
        let pageSize = try database.prepare("PRAGMA page_size")
        #expect(try pageSize.step() && pageSize.integer(0) == Int64(TextStore.pageSize))
        let leaves = try database.prepare("SELECT v FROM words_config WHERE k = 'pgsz'")
        #expect(try leaves.step() && leaves.integer(0) == Int64(TextStore.leafSize))
    }

    @Test func aPendingCollectionOutlivesAKilledRunAndTargetedRemovalReadsOnlyItsDocuments() throws {
        let folder = TemporaryFolder()
        let store = try TextStore(path: folder.file("t.text"), create: true)
        #expect(try !store.collectionPending())
        let alpha = try store.write { writer throws(FSFindError) in
            try writer.markCollectionPending()
            let alpha = try writer.add(source: .plainText(Self.identity(1)), text: "alpha")
            try writer.add(source: .plainText(Self.identity(2)), text: "beta")
            return alpha
        }
        // Killed here: a reopened store still says so.
        #expect(try TextStore(path: folder.file("t.text"), create: true).collectionPending())
        var asked: [UInt32] = []
        let removed = try store.write { writer throws(FSFindError) in
            let count = try writer.removeUnnamed(among: [alpha]) { document, _ in
                asked.append(document)
                return false
            }
            try writer.clearCollectionPending()
            return count
        }
        #expect(removed == 1 && asked == [alpha])
        #expect(try store.documentCount() == 1)
        #expect(try !store.collectionPending())
    }
}
