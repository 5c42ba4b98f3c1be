import CSnowball
import FSFindModel
import Foundation
import Glibc

/// The words inside files: an SQLite database with an FTS5 table, beside the index file.
///
/// Each document is a text and its words, under a number that is never given twice; each file
/// that has words is a row naming its document, keyed by its path **and** its identity (device,
/// inode, size, mtime, ctime, as in the index). Files whose bytes are the same (a license copied
/// into many packages) name one document, whose words are cut and indexed once (``Writer/link(path:identity:document:)``).
/// The key is what keeps the store and the metadata index consistent without a shared
/// transaction (`docs/full-text.md`): a refresh adds the text of new and changed files first
/// (committed), then replaces the index file atomically, then deletes the files no index row
/// matches any more, and the documents no file names. A reader holding either index sees only the
/// documents whose numbers its rows carry: the old text with the old index, the new with the new,
/// never a deleted file's words; a kill between the steps leaves extra files and documents that
/// the next refresh removes. Write-ahead logging lets queries read while a refresh writes.
package final class TextStore {
    /// The documents that matched a query, in ascending number: what the index's
    /// `textDocuments` section finds rows for (``IndexFile/textDocument(at:)``).
    package struct Hits: Sendable {
        package var documents: [UInt32] = []
        /// FTS5's BM25 score of each, negated (larger is more relevant); empty when the search
        /// was not asked to rank (working it out is most of a common word's cost).
        package var relevance: [Double] = []

        package init(documents: [UInt32] = [], relevance: [Double] = []) {
            self.documents = documents
            self.relevance = relevance
        }
    }

    /// Names this store among every store made at this path: a store made again numbers its
    /// documents from the start, so an index records the generation its numbers belong to and
    /// matches only the words of that one (``TextDocuments``). Nil only for a store an older
    /// fsfind made and nothing has written since; no index names such a store.
    package let generation: UInt64?

    /// How many words of context a snippet holds.
    static let snippetWords = 16

    let database: SQLiteDatabase
    package var path: String { database.path }

    /// The store that belongs to the index file at `indexPath`.
    package static func path(forIndex indexPath: String) -> String { indexPath + ".text" }

    /// The languages whose word forms the store can match: Snowball's (`english`, `french`,
    /// `german` …; libstemmer), `english` also without it (FTS5's own Porter stemmer), and `none`
    /// (words as they are, only case and accents folded).
    package static var languages: [String] {
        var names: [String] = []
        if var list = fsfind_snowball_languages() {
            while let name = list.pointee {
                names.append(String(cString: name))
                list += 1
            }
        }
        // `porter` is Snowball's name for the original English algorithm, not a language.
        return Array(Set(names).subtracting(["porter"]).union([defaultLanguage])).sorted() + ["none"]
    }

    /// True when Snowball's stemmers (libstemmer, which the Debian package only suggests) can be
    /// loaded: every language but English and `none` needs them.
    package static var stemmersAvailable: Bool { fsfind_snowball_languages() != nil }

    /// The soname and Debian package of Snowball's stemmers, for the error that asks for them.
    package static let stemmers = MissingLibrary(soname: "libstemmer.so.0d", package: "libstemmer0d")

    /// The language of a store made without one named: English, whose word forms FTS5's own
    /// Porter stemmer matches (`comparisons` finds "Comparison", `calling` finds "call").
    package static let defaultLanguage = "english"

    /// How words are cut and folded for `language`: Unicode words, case and diacritics folded
    /// (`é` is `e`, as the metadata free text folds them), then stemmed: English by FTS5's Porter
    /// stemmer, the others by Snowball's (`docs/full-text.md`), `none` not at all.
    static func tokenizer(for language: String) -> String {
        switch language {
        case defaultLanguage: "porter unicode61 remove_diacritics 2"
        case "none": "unicode61 remove_diacritics 2"
        default: "snowball \(language) unicode61 remove_diacritics 2"
        }
    }

    /// The tokenizer of a store of the default language: what free text compares word forms by
    /// when the index has no store.
    package static let defaultWordCutterSpec = tokenizer(for: defaultLanguage)

    /// The language the store's words were stemmed in.
    package let language: String
    /// ``tokenizer(for:)`` of ``language``: what queries and the spelling probe cut words with.
    private let tokenizer: String

    /// The tokenizer this store's words are cut with, for ``WordCutter/cut(_:spec:)``: words cut
    /// with it elsewhere can be added with ``Writer/add(path:identity:words:packed:document:)``.
    package var wordCutterSpec: String { tokenizer }

    /// The page size of a new store, and the size FTS5 fills its leaves to: 16 KiB pages, not
    /// SQLite's 4 KiB, write a first index with words faster (the documents' packed texts take
    /// fewer overflow pages, FTS5's leaves fewer rows), with one-word, phrase and snippet queries
    /// as fast; 64 KiB made phrase and snippet queries slower (`benchmarks/RESULTS.md`, "The first
    /// index with words under 3× the metadata-only one"). An existing store keeps its page size
    /// (changing it needs a VACUUM of the whole store).
    static let pageSize = 16384
    static let leafSize = 16000

    /// The layout this build writes (`PRAGMA user_version`); a store of another layout is
    /// derived data, so it is started again (and ``isNew`` says so).
    /// 4 added the `spelling` table (``SpellingWords``): a store without it has no words to
    /// correct a query's typos with, so it is read again once.
    static let layout: Int64 = 4

    /// True when this open created the store (or started an old layout again): it holds no
    /// file's words yet, so a refresh must read every file once.
    package private(set) var isNew = false

    /// Why this open started the store again (its first complaint of ``SQLiteDatabase/quickCheck()``),
    /// when `verify` found it damaged; nil otherwise.
    package private(set) var damage: String?

    /// Opens the store; with `create`, creates it (and its tables) when missing.
    ///
    /// - Parameter language: with `create`, the language to stem in (one of ``languages``); a
    ///   store of another language is started again (``isNew``), as its words would not match
    ///   queries cut the new way. Nil keeps the store's language (English for a new store).
    /// - Throws: ``FSFindError`` `.indexMissing` when it does not exist and `create` is false;
    ///   `.usage` for a language Snowball does not know.
    /// With `fresh`, an existing store is discarded and made again (a first index: none of its
    /// documents belongs to an index any more, and adding each again would leave the old words
    /// beside the new until FTS5 merged them: `benchmarks/RESULTS.md`, "A PDF parsed once").
    /// With `verify` (and `create`), an existing store is checked page by page first
    /// (``SQLiteDatabase/quickCheck()``) and made again when damaged (``damage`` says why, and
    /// ``isNew`` is true): what `fsfind index` does, so that a refresh repairs a store queries
    /// call malformed instead of reporting success over it.
    /// - Throws: `.io` when a named pipe, a folder or a device is at `path`
    ///   (``SQLiteDatabase/checkRegularFiles(_:)``); `.indexCorrupt` when a reader finds the
    ///   store's schema or state damaged.
    package init(
        path: String, create: Bool, language: String? = nil, fresh: Bool = false, verify: Bool = false
    ) throws(FSFindError) {
        if let language, !Self.languages.contains(language) {
            throw FSFindError(
                .usage,
                "the text store has no language '\(language)' (it knows \(Self.languages.joined(separator: ", ")))")
        }
        let exists = access(path, F_OK) == 0
        if !create && !exists {
            throw FSFindError(.indexMissing, "there is no text store at \(path)", path: path, remedy: .rebuildIndex)
        }
        var database = try SQLiteDatabase(path: path, create: create)
        // A reader must not take a damaged schema for a store without words (it would answer
        // nothing, exit 0); a writer starts a store it cannot read again.
        var stored =
            exists ? (create ? (try? Self.storedLanguage(database)) ?? nil : try Self.storedLanguage(database)) : nil
        if create && exists && verify && !fresh {
            do throws(FSFindError) {
                damage = try database.quickCheck()
            } catch {
                damage = error.message
            }
        }
        if create && exists
            && (fresh || damage != nil || (try? database.userVersion()) != Self.layout
                || (language != nil && stored != language))
        {
            // Asked to, another layout (an earlier build's) or another language: start again.
            database = try Self.removeAndReopen(database, path: path)
            stored = nil
            isNew = true
        } else if create && !exists {
            isNew = true
        }
        try database.addInflateFunction()
        try database.registerSnowball()
        // Only a writer indexes words cut elsewhere.
        if create { try database.registerWordReplay() }
        self.database = database
        self.language = stored ?? language ?? Self.defaultLanguage
        self.tokenizer = Self.tokenizer(for: self.language)
        guard create else {
            // The scratch table a reader cuts a document into for its snippet lives in memory: a
            // sandboxed reader may not create files, and it holds one document.
            try database.execute("PRAGMA temp_store = MEMORY")
            generation = try Self.generation(of: database)
            return
        }
        try database.execute(
            """
            PRAGMA page_size = \(Self.pageSize);
            PRAGMA auto_vacuum = INCREMENTAL;
            PRAGMA journal_mode = \(isNew ? "TRUNCATE" : "WAL");
            PRAGMA synchronous = NORMAL;
            CREATE TABLE IF NOT EXISTS document(id INTEGER PRIMARY KEY, text BLOB NOT NULL);
            CREATE TABLE IF NOT EXISTS file(
                path BLOB NOT NULL,
                device INTEGER NOT NULL, inode INTEGER NOT NULL, size INTEGER NOT NULL,
                mtime INTEGER NOT NULL, ctime INTEGER NOT NULL,
                document INTEGER NOT NULL);
            CREATE INDEX IF NOT EXISTS file_by_path ON file(path);
            CREATE INDEX IF NOT EXISTS file_by_document ON file(document);
            CREATE TABLE IF NOT EXISTS state(key TEXT PRIMARY KEY, value INTEGER NOT NULL);
            CREATE VIEW IF NOT EXISTS document_body AS SELECT id, inflate(text) AS body FROM document;
            CREATE VIRTUAL TABLE IF NOT EXISTS words USING fts5(
                body, content = 'document_body', content_rowid = 'id', tokenize = '\(tokenizer)');
            CREATE TABLE IF NOT EXISTS spelling(word BLOB PRIMARY KEY, documents INTEGER NOT NULL) WITHOUT ROWID;
            PRAGMA user_version = \(Self.layout);
            """)
        if isNew {
            // FTS5's leaves fill a page of the larger size too (its default, 4,050, fits 4 KiB).
            try database.execute("INSERT INTO words(words, rank) VALUES ('pgsz', \(Self.leafSize))")
        }
        if let known = try Self.generation(of: database) {
            generation = known
        } else {
            let made = UInt64.random(in: 1...UInt64(Int64.max))
            try database.execute(
                "INSERT OR IGNORE INTO state(key, value) VALUES ('generation', \(Int64(bitPattern: made)))")
            generation = try Self.generation(of: database)
        }
    }

    /// The generation the `state` table records; nil when there is no such table (a store of an
    /// older layout) or no generation in it. Damage is thrown, not taken for "none".
    private static func generation(of database: SQLiteDatabase) throws(FSFindError) -> UInt64? {
        let table = try database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'state'")
        guard try table.step() else { return nil }
        table.reset()
        let query = try database.prepare("SELECT value FROM state WHERE key = 'generation'")
        return try query.step() ? UInt64(bitPattern: query.integer(0)) : nil
    }

    /// The language of the store's words, read back from its FTS5 table's tokenizer; nil before
    /// the table exists.
    private static func storedLanguage(_ database: SQLiteDatabase) throws(FSFindError) -> String? {
        let statement = try database.prepare("SELECT sql FROM sqlite_master WHERE name = 'words'")
        guard try statement.step() else { return nil }
        let sql = statement.text(0)
        guard let start = sql.range(of: "tokenize = '"),
            let end = sql[start.upperBound...].firstIndex(of: "'")
        else { return nil }
        let words = sql[start.upperBound..<end].split(separator: " ")
        switch words.first {
        case "porter": return defaultLanguage
        case "snowball": return words.count > 1 ? String(words[1]) : nil
        default: return "none"
        }
    }

    private static func removeAndReopen(_ old: SQLiteDatabase, path: String) throws(FSFindError) -> SQLiteDatabase {
        old.close()
        for file in [path, path + "-wal", path + "-shm"] { unlink(file) }
        return try SQLiteDatabase(path: path, create: true)
    }

    // MARK: Writing

    /// `text` as the store keeps it (``StoredText``): what ``Writer/add(path:identity:text:packed:document:)``
    /// takes. Thread-safe.
    package static func pack(_ text: String) throws(FSFindError) -> [UInt8] {
        try StoredText.pack(text)
    }

    /// Starts a transaction: what its ``Writer`` does is committed by ``Writer/commit()``, or
    /// rolled back when the writer goes without it (an error, a kill loses it the same way).
    package func begin() throws(FSFindError) -> Writer {
        let writer = try Writer(database)
        try database.execute("BEGIN IMMEDIATE")
        return writer
    }

    /// Runs `body` in one transaction: all of it is committed, or (on a throw, a kill) none.
    package func write<Result>(_ body: (Writer) throws(FSFindError) -> Result) throws(FSFindError) -> Result {
        let writer = try begin()
        let result = try body(writer)
        try writer.commit()
        return result
    }

    /// The changes one transaction makes, with its statements prepared once.
    package final class Writer {
        private let database: SQLiteDatabase
        private let findSame: SQLiteDatabase.Statement
        private let insertDocument: SQLiteDatabase.Statement
        private let insertFile: SQLiteDatabase.Statement
        private let insertWords: SQLiteDatabase.Statement
        private let documentOfFile: SQLiteDatabase.Statement
        private let deleteFile: SQLiteDatabase.Statement
        private let documentNamed: SQLiteDatabase.Statement
        private let documentHeld: SQLiteDatabase.Statement
        private let deleteDocument: SQLiteDatabase.Statement
        private let deleteWords: SQLiteDatabase.Statement
        private let documentText: SQLiteDatabase.Statement
        /// How many more (or fewer) documents hold each spelling word, written at the commit: a
        /// row written per word and document is millions on a first index, per word and run a
        /// few hundred thousand.
        private var spellingChanges = WordTally()
        private var open = true
        /// The number the next document gets unless its caller chose one: numbers are never
        /// given twice in one store, so an index written before a file changed cannot name its
        /// new words (kept in the state table, like SQLite's AUTOINCREMENT).
        package private(set) var nextDocument: UInt32

        fileprivate init(_ database: SQLiteDatabase) throws(FSFindError) {
            self.database = database
            findSame = try database.prepare(
                """
                SELECT rowid FROM file
                WHERE path = ? AND device = ? AND inode = ? AND size = ? AND mtime = ? AND ctime = ?
                """)
            insertDocument = try database.prepare("INSERT INTO document(id, text) VALUES (?, ?)")
            insertFile = try database.prepare(
                "INSERT INTO file(path, device, inode, size, mtime, ctime, document) VALUES (?, ?, ?, ?, ?, ?, ?)")
            insertWords = try database.prepare("INSERT INTO words(rowid, body) VALUES (?, ?)")
            documentOfFile = try database.prepare("SELECT document FROM file WHERE rowid = ?")
            deleteFile = try database.prepare("DELETE FROM file WHERE rowid = ?")
            documentNamed = try database.prepare("SELECT 1 FROM file WHERE document = ? LIMIT 1")
            documentHeld = try database.prepare("SELECT 1 FROM document WHERE id = ?")
            deleteDocument = try database.prepare("DELETE FROM document WHERE id = ?")
            // An external-content table forgets a document's words when told what they were.
            deleteWords = try database.prepare(
                "INSERT INTO words(words, rowid, body) SELECT 'delete', id, inflate(text) FROM document WHERE id = ?")
            documentText = try database.prepare("SELECT inflate(text) FROM document WHERE id = ?")
            let next = try database.prepare(
                """
                SELECT max(coalesce((SELECT value FROM state WHERE key = 'next_document'), 1),
                           coalesce((SELECT max(id) + 1 FROM document), 1))
                """)
            _ = try next.step()
            let number = next.integer(0)
            // Four thousand million documents written into one store: it must be made again.
            guard number > 0, number < Int64(UInt32.max) else {
                throw FSFindError(
                    .indexCorrupt, "the text store has used up its document numbers", path: database.path,
                    remedy: .rebuildIndex)
            }
            nextDocument = UInt32(number)
        }

        deinit {
            if open { try? database.execute("ROLLBACK") }
        }

        /// Makes the transaction's changes durable and visible to readers.
        package func commit() throws(FSFindError) {
            guard open else { return }
            try writeSpelling()
            try database.execute(
                "INSERT OR REPLACE INTO state(key, value) VALUES ('next_document', \(Int64(nextDocument)))")
            try database.execute("COMMIT")
            open = false
            // FTS5's merges free pages as they go; a store made
            // by this build (`auto_vacuum` is set before its first table) gives them back to the
            // file system. An older store has no pointer map, and this does nothing there.
            try database.execute("PRAGMA incremental_vacuum")
            // A new store's first transaction is written without the log (see `init`); readers
            // then share it with the next writer.
            try database.execute("PRAGMA journal_mode = WAL")
        }

        /// Adds the text of the file at `path` as it is now (`identity`), replacing a copy already
        /// stored for the same path and identity (a run killed after its commit read it before);
        /// returns its document number, for the file's row (``IndexFile/textDocument(at:)``).
        @discardableResult
        package func add(path: [UInt8], identity: FileIdentity, text: String) throws(FSFindError) -> UInt32 {
            let document = nextDocument
            try add(path: path, identity: identity, text: text, packed: try TextStore.pack(text), document: document)
            return document
        }

        /// ``add(path:identity:text:)`` with the stored form already made (``TextStore/pack(_:)``),
        /// so packing can run on another thread than the one writing, and the number chosen by
        /// the caller (from ``nextDocument`` on, each once), so the row can carry it before the
        /// words are written.
        package func add(path: [UInt8], identity: FileIdentity, text: String, packed: [UInt8], document: UInt32)
            throws(FSFindError)
        {
            try removeSame(path: path, identity: identity)
            try insertDocument.bind([.integer(Int64(document)), .blob(packed)]).run()
            try insertWords.bind([.integer(Int64(document)), .text(text)]).run()
            try insertFile.bind(TextStore.key(path, identity) + [.integer(Int64(document))]).run()
            try count(SpellingWords.distinct(in: text), by: 1)
            nextDocument = max(nextDocument, document + 1)
        }

        /// ``add(path:identity:text:packed:document:)`` with the words already cut, by
        /// ``WordCutter`` with this store's ``TextStore/wordCutterSpec``: FTS5 indexes them as
        /// they are instead of cutting the text again (`packed` still holds the text, for
        /// snippets and for forgetting the words later).
        /// `spelling` is the text's ``SpellingWords/distinct(in:)``, cut where the words were.
        package func add(
            path: [UInt8], identity: FileIdentity, words: [UInt8], packed: [UInt8], spelling: [UInt8] = [],
            document: UInt32
        ) throws(FSFindError) {
            try removeSame(path: path, identity: identity)
            try insertDocument.bind([.integer(Int64(document)), .blob(packed)]).run()
            // The text FTS5 is given is not cut: the armed words are indexed in its place.
            try database.replaying(words) { () throws(FSFindError) in
                try insertWords.bind([.integer(Int64(document)), .text("")]).run()
            }
            try insertFile.bind(TextStore.key(path, identity) + [.integer(Int64(document))]).run()
            try count(spelling, by: 1)
            nextDocument = max(nextDocument, document + 1)
        }

        /// Adds the counts a caller added up on its own thread (``TextStoreFeeder`` in the
        /// indexer: the writer's thread is the first index's longest serial step).
        package func count(_ tally: WordTally) throws(FSFindError) {
            tally.forEachWord { word, change in word.withUnsafeBytes { spellingChanges.add($0, change) } }
            if spellingChanges.count > Self.spellingChangesHeld { try writeSpelling() }
        }

        /// Adds `change` to the count of each word of a ``SpellingWords`` list; past
        /// ``spellingChangesHeld`` words, writes them (in the same transaction), so memory stays
        /// bounded however many words a run meets.
        private func count(_ spelling: [UInt8], by change: Int) throws(FSFindError) {
            spelling.withUnsafeBytes { bytes in
                var start = 0
                for i in 0..<bytes.count where bytes[i] == 0x0A {
                    if i > start { spellingChanges.add(UnsafeRawBufferPointer(rebasing: bytes[start..<i]), change) }
                    start = i + 1
                }
            }
            if spellingChanges.count > Self.spellingChangesHeld { try writeSpelling() }
        }

        /// About 20 MB of words and counts.
        static let spellingChangesHeld = 200_000

        /// Writes the counts changed in this transaction; a word no document holds any more goes.
        private func writeSpelling() throws(FSFindError) {
            guard spellingChanges.count > 0 else { return }
            let upsert = try database.prepare(
                """
                INSERT INTO spelling(word, documents) VALUES (?1, max(?2, 0))
                ON CONFLICT(word) DO UPDATE SET documents = documents + ?2
                """)
            var changes: [(word: ArraySlice<UInt8>, change: Int)] = []
            changes.reserveCapacity(spellingChanges.count)
            spellingChanges.forEachWord { word, change in if change != 0 { changes.append((word, change)) } }
            // In byte order, so the table's B-tree is written front to back.
            changes.sort { $0.word.lexicographicallyPrecedes($1.word) }
            for (word, change) in changes { try upsert.bind([.blob(Array(word)), .integer(Int64(change))]).run() }
            let forget = try database.prepare("DELETE FROM spelling WHERE word = ? AND documents <= 0")
            for (word, change) in changes where change < 0 { try forget.bind([.blob(Array(word))]).run() }
            spellingChanges = WordTally()
        }

        /// Records that the file at `path` as it is now (`identity`) has the words of `document`,
        /// added earlier for another file whose bytes are the same (``TextTwins`` in the indexer):
        /// its words are neither cut nor indexed again, and stay while any file names them.
        /// Throws `.broken` when there is no such document (a caller's mistake).
        package func link(path: [UInt8], identity: FileIdentity, document: UInt32) throws(FSFindError) {
            try removeSame(path: path, identity: identity)
            try documentHeld.bind([.integer(Int64(document))])
            let held = try documentHeld.step()
            documentHeld.reset()
            guard held else {
                throw FSFindError.broken(
                    "a file was linked to text document \(document), which the store does not hold")
            }
            try insertFile.bind(TextStore.key(path, identity) + [.integer(Int64(document))]).run()
        }

        /// Removes the copies already stored for `path` as it is now (`identity`): a run killed
        /// after its commit read the file before.
        private func removeSame(path: [UInt8], identity: FileIdentity) throws(FSFindError) {
            try findSame.bind(TextStore.key(path, identity))
            var old: [Int64] = []
            while try findSame.step() { old.append(findSame.integer(0)) }
            for row in old { try remove(file: row) }
        }

        /// Records, in this transaction, that documents may have gone stale: set before an index is
        /// replaced, cleared by the collection after it. Found still set, it says a run was killed
        /// in between, and the next one collects everything (``TextStore/collectionPending()``).
        package func markCollectionPending() throws(FSFindError) {
            try database.execute("INSERT OR REPLACE INTO state(key, value) VALUES ('collect', 1)")
        }

        /// Clears what ``markCollectionPending()`` set.
        package func clearCollectionPending() throws(FSFindError) {
            try database.execute("DELETE FROM state WHERE key = 'collect'")
        }

        /// ``removeDocuments(keeping:)`` for the files of these paths only (by the path index):
        /// what a refresh changed or removed, at the cost of those, not of the whole store.
        package func removeDocuments(atPaths paths: [[UInt8]], keeping keep: ([UInt8], FileIdentity) -> Bool)
            throws(FSFindError) -> Int
        {
            let byPath = try database.prepare(
                "SELECT rowid, path, device, inode, size, mtime, ctime FROM file WHERE path = ?")
            var gone: [Int64] = []
            for path in paths {
                try byPath.bind([.blob(path)])
                while try byPath.step() {
                    if !keep(path, TextStore.identity(byPath, from: 2)) { gone.append(byPath.integer(0)) }
                }
            }
            for row in gone { try remove(file: row) }
            return gone.count
        }

        /// Removes every file for which `keep` (path, identity) is false, and the words no file
        /// names any more; returns how many files went. Reads only the small file table, never
        /// the words.
        package func removeDocuments(keeping keep: ([UInt8], FileIdentity) -> Bool) throws(FSFindError) -> Int {
            let all = try database.prepare("SELECT rowid, path, device, inode, size, mtime, ctime FROM file")
            var gone: [Int64] = []
            while try all.step() {
                if !keep(all.blob(1), TextStore.identity(all, from: 2)) { gone.append(all.integer(0)) }
            }
            for row in gone { try remove(file: row) }
            return gone.count
        }

        /// Removes a file's row, and its document's words when no other file names them.
        private func remove(file row: Int64) throws(FSFindError) {
            try documentOfFile.bind([.integer(row)])
            let document = try documentOfFile.step() ? documentOfFile.integer(0) : nil
            documentOfFile.reset()
            try deleteFile.bind([.integer(row)]).run()
            guard let document, !(try documentNamed(document)) else { return }
            // The document's words no longer count for spelling: read back from its text, as
            // FTS5 reads them to forget its stems.
            try documentText.bind([.integer(document)])
            if try documentText.step() { try count(SpellingWords.distinct(in: documentText.text(0)), by: -1) }
            documentText.reset()
            try deleteWords.bind([.integer(document)]).run()
            try deleteDocument.bind([.integer(document)]).run()
        }

        /// True when a file names `document`.
        private func documentNamed(_ document: Int64) throws(FSFindError) -> Bool {
            try documentNamed.bind([.integer(document)])
            defer { documentNamed.reset() }
            return try documentNamed.step()
        }
    }

    // MARK: Reading

    /// ``search(_:ranked:)``, given up (nil) as soon as `shouldStop` says so: asked every
    /// thousand steps of SQLite's engine, so a lookup that matches half the store stops within a
    /// millisecond of a key being typed.
    package func search(_ expression: String, ranked: Bool, shouldStop: @escaping () -> Bool) throws(FSFindError)
        -> Hits?
    {
        try database.interruptible(shouldStop) { () throws(FSFindError) in try search(expression, ranked: ranked) }
    }

    /// The documents matching an FTS5 query expression (see ``TextQuery``), in ascending number
    /// (FTS5's own order: nothing is sorted), with their BM25 relevance when `ranked`. BM25 needs
    /// each document's length from another table, most of a common word's lookup
    /// (`benchmarks/RESULTS.md`, "Numbers that were in code comments"), so a search that only
    /// counts or lists in path order does not ask for it.
    package func search(_ expression: String, ranked: Bool) throws(FSFindError) -> Hits {
        let query = try database.prepare(
            ranked
                ? "SELECT rowid, -bm25(words) FROM words WHERE words MATCH ? ORDER BY rowid"
                : "SELECT rowid FROM words WHERE words MATCH ? ORDER BY rowid")
        try query.bind([.text(expression)])
        var hits = Hits()
        while try query.step() {
            let number = query.integer(0)
            guard number > 0, number <= Int64(UInt32.max) else { continue }
            hits.documents.append(UInt32(number))
            if ranked { hits.relevance.append(query.double(1)) }
        }
        return hits
    }

    /// For each file (path and identity), a line of context around what `expression` matches in
    /// its words, or nil when its document does not match (or is not stored). `--snippets` asks
    /// only for the results it prints.
    ///
    /// Each document is cut again into a one-row table of its own, and the snippet is taken there:
    /// asked of the whole store, a prefix (`pa*`, what every word of free text is) merges the
    /// document lists of every word it starts, for each document described
    /// (`benchmarks/RESULTS.md`, "Snippets and narrowed searches").
    package func snippets(_ expression: String, for files: [([UInt8], FileIdentity)]) throws(FSFindError)
        -> [Snippet?]
    {
        let document = try database.prepare(
            """
            SELECT document FROM file
            WHERE path = ? AND device = ? AND inode = ? AND size = ? AND mtime = ? AND ctime = ?
            """)
        try database.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.described USING fts5(body, tokenize = '\(tokenizer)')")
        let clear = try database.prepare("DELETE FROM temp.described")
        let copy = try database.prepare("INSERT INTO temp.described(body) SELECT body FROM document_body WHERE id = ?")
        let query = try database.prepare(
            """
            SELECT snippet(described, 0, char(2), char(3), '…', \(Self.snippetWords)), instr(body, char(12)) > 0, body
            FROM temp.described WHERE described MATCH ?
            """)
        defer { try? clear.bind([]).run() }
        var result: [Snippet?] = []
        for (path, identity) in files {
            try document.bind(Self.key(path, identity))
            guard try document.step() else {
                result.append(nil)
                continue
            }
            try clear.bind([]).run()
            try copy.bind([.integer(document.integer(0))]).run()
            try query.bind([.text(expression)])
            guard try query.step() else {
                result.append(nil)
                continue
            }
            // The matched words come marked (STX … ETX), to find the page of the first.
            let marked = query.text(0)
            // Pages are separated by form feeds (a PDF's, or a text's own): count those before it.
            let page = query.integer(1) != 0 ? Snippet.page(of: marked, in: query.text(2)) : nil
            query.reset()
            let text = String(String.UnicodeScalarView(marked.unicodeScalars.filter { $0 != "\u{2}" && $0 != "\u{3}" }))
            result.append(Snippet(text: Self.oneLine(text), page: page))
        }
        return result
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The start of the file's stored text (at most `characters` characters), or nil when the
    /// store has no document for this path and identity. For `fsfind show`.
    package func textStart(path: [UInt8], identity: FileIdentity, characters: Int) throws(FSFindError) -> String? {
        let query = try database.prepare(
            """
            SELECT substr(inflate(document.text), 1, ?) FROM file JOIN document ON document.id = file.document
            WHERE path = ? AND device = ? AND inode = ? AND size = ? AND mtime = ? AND ctime = ?
            """)
        // SQLite's substr wraps a length near Int64.max round to nothing: clamped to what a
        // stored text can hold.
        try query.bind([.integer(Int64(min(characters, Int(Int32.max))))] + Self.key(path, identity))
        return try query.step() ? query.text(0) : nil
    }

    /// The first complaint of a page-by-page check of the store (``SQLiteDatabase/quickCheck()``),
    /// or nil when it finds none: what `fsfind status` reports. Reads the whole store.
    package func damageFound() -> String? {
        do {
            return try database.quickCheck()
        } catch {
            return error.message
        }
    }

    /// True when a run set ``Writer/markCollectionPending()`` and did not get to clear it.
    package func collectionPending() throws(FSFindError) -> Bool {
        let query = try database.prepare("SELECT value FROM state WHERE key = 'collect'")
        return try query.step()
    }

    /// How many files the store holds words for (kept or not yet collected); files whose bytes
    /// are the same share one document, and count once each.
    package func documentCount() throws(FSFindError) -> Int {
        let count = try database.prepare("SELECT count(*) FROM file")
        _ = try count.step()
        return Int(count.integer(0))
    }

    /// Bytes on disk: the database and its write-ahead log.
    package static func size(atPath path: String) -> Int? {
        var total = 0
        var found = false
        for file in [path, path + "-wal"] {
            var status = stat()
            if stat(file, &status) == 0 {
                total += Int(status.st_size)
                found = true
            }
        }
        return found ? total : nil
    }

    // MARK: -

    /// The identity in the five columns from `column` on.
    fileprivate static func identity(_ row: SQLiteDatabase.Statement, from column: Int32) -> FileIdentity {
        FileIdentity(
            device: UInt64(bitPattern: row.integer(column)), inode: UInt64(bitPattern: row.integer(column + 1)),
            size: row.integer(column + 2), mtimeNanos: row.integer(column + 3), ctimeNanos: row.integer(column + 4))
    }

    static func key(_ path: [UInt8], _ identity: FileIdentity) -> [SQLiteDatabase.Value] {
        [
            .blob(path), .integer(Int64(bitPattern: identity.device)), .integer(Int64(bitPattern: identity.inode)),
            .integer(identity.size), .integer(identity.mtimeNanos), .integer(identity.ctimeNanos),
        ]
    }
}
