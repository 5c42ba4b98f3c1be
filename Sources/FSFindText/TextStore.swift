import CSnowball
import FSFindModel
import Foundation
import Glibc

/// The words inside files: an SQLite database with an FTS5 table, beside the index file.
///
/// Each document is a text and its words, under a number that is never given twice; the index's
/// rows carry the numbers (``IndexFile/textDocument(at:)``), so the store keeps no paths. What a
/// document was read from is kept so that the same bytes are not read twice: its *sources*, each a
/// file as it was (device, inode, size, mtime, ctime, as in the index) and the content type it was
/// read as (every name of a file with several names is one source), and the *digest* of its
/// bytes under the store's own key (``KeyedDigest``), so a copy made next week names the same
/// document. A source stays while a row of the index names its document with its identity, a
/// document while it has a source. That is what keeps the store and the metadata index
/// consistent without a shared transaction (`docs/full-text.md`): a refresh adds the text of new
/// and changed files first (committed), then replaces the index file atomically, then removes
/// the sources no row of the new index names, and the documents left without one. A reader
/// holding either index sees only the documents whose numbers its rows carry: the old text with
/// the old index, the new with the new, never a deleted file's words; a kill between the steps
/// leaves extra sources and documents that the next refresh removes. Write-ahead logging lets
/// queries read while a refresh writes.
package final class TextStore {
    /// The documents that matched a query, in ascending number: what the index's
    /// `textDocuments` section finds rows for (``IndexFile/textDocument(at:)``).
    package struct Hits: Sendable {
        package var documents: [UInt32] = []
        /// FTS5's BM25 score of each, negated (larger is more relevant); empty when the search
        /// was not asked to rank (working it out is most of a common word's cost).
        package var relevance: [Double] = []
    }

    /// Names this store among every store made at this path: a store made again numbers its
    /// documents from the start, so an index records the generation its numbers belong to and
    /// matches only the words of that one (``TextDocuments``). Nil only for a store an older
    /// fsfind made and nothing has written since; no index names such a store.
    package let generation: UInt64?

    /// The key of the digests this store keeps (``Writer/add(source:digest:words:packed:spelling:document:)``,
    /// ``document(digest:)``); nil for a store opened for reading, which makes none.
    package let digestKey: KeyedDigest.Key?

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
    static var stemmersAvailable: Bool { fsfind_snowball_languages() != nil }

    /// The soname and Debian package of Snowball's stemmers, for the error that asks for them.
    static let stemmers = MissingLibrary(soname: "libstemmer.so.0d", package: "libstemmer0d")

    /// Throws unless `language` is one of ``languages``: `.io` naming the package to install when
    /// it needs Snowball's stemmers and they are not installed, `.usage` naming the languages
    /// otherwise. What `fsfind index --language` checks before any work, so a typo fails fast.
    package static func checkLanguage(_ language: String) throws(FSFindError) {
        guard !languages.contains(language) else { return }
        if !stemmersAvailable {
            throw FSFindError(.io, "the word forms of '\(language)' need Snowball's stemmers: \(stemmers.reason)")
        }
        throw FSFindError(.usage, "there is no language '\(language)'; one of: \(languages.joined(separator: ", "))")
    }

    /// The language of a store made without one named: English, whose word forms FTS5's own
    /// Porter stemmer matches (`comparisons` finds "Comparison", `calling` finds "call").
    static let defaultLanguage = "english"

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
    static let defaultWordCutterSpec = tokenizer(for: defaultLanguage)

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
    /// correct a query's typos with, so it is read again once. 5 keeps sources and digests in
    /// place of a row per path (a million names of a few hundred files took a row each).
    static let layout: Int64 = 5

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
            digestKey = nil
            return
        }
        try Self.makeSchema(in: database, tokenizer: tokenizer, isNew: isNew)
        generation = try Self.writerGeneration(of: database)
        digestKey = try Self.digestKey(of: database)
    }

    /// A writer's tables, made if missing: one function, so the store's layout reads in one place.
    private static func makeSchema(
        in database: SQLiteDatabase, tokenizer: String, isNew: Bool
    ) throws(FSFindError) {
        try database.execute(
            """
            PRAGMA page_size = \(Self.pageSize);
            PRAGMA auto_vacuum = INCREMENTAL;
            PRAGMA journal_mode = \(isNew ? "TRUNCATE" : "WAL");
            PRAGMA synchronous = NORMAL;
            CREATE TABLE IF NOT EXISTS document(id INTEGER PRIMARY KEY, text BLOB NOT NULL, digest BLOB);
            CREATE INDEX IF NOT EXISTS document_by_digest ON document(digest) WHERE digest IS NOT NULL;
            CREATE TABLE IF NOT EXISTS source(
                device INTEGER NOT NULL, inode INTEGER NOT NULL, size INTEGER NOT NULL,
                mtime INTEGER NOT NULL, ctime INTEGER NOT NULL, type TEXT,
                document INTEGER NOT NULL);
            CREATE UNIQUE INDEX IF NOT EXISTS source_by_file ON source(inode, device, size, mtime, ctime, type, document);
            CREATE INDEX IF NOT EXISTS source_by_document ON source(document);
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
    }

    /// The store's generation, drawn the first time a writer opens it: readers compare it with the
    /// index's, so words from another store are never taken for this one's.
    private static func writerGeneration(of database: SQLiteDatabase) throws(FSFindError) -> UInt64? {
        if let known = try generation(of: database) { return known }
        let made = UInt64.random(in: 1...UInt64(Int64.max))
        try database.execute(
            "INSERT OR IGNORE INTO state(key, value) VALUES ('generation', \(Int64(bitPattern: made)))")
        return try generation(of: database)
    }

    /// The key this store's digests are made under, drawn when it is first opened for writing and
    /// kept in its `state` table: digests of one store mean nothing in another.
    private static func digestKey(of database: SQLiteDatabase) throws(FSFindError) -> KeyedDigest.Key {
        let read = try database.prepare(
            """
            SELECT (SELECT value FROM state WHERE key = 'digest_key_0'),
                   (SELECT value FROM state WHERE key = 'digest_key_1')
            """)
        if try read.step(), !read.isNull(0), !read.isNull(1) {
            return KeyedDigest.Key(
                first: UInt64(bitPattern: read.integer(0)), second: UInt64(bitPattern: read.integer(1)))
        }
        read.reset()
        let key = KeyedDigest.Key.random()
        try database.execute(
            """
            INSERT OR REPLACE INTO state(key, value) VALUES ('digest_key_0', \(Int64(bitPattern: key.first)));
            INSERT OR REPLACE INTO state(key, value) VALUES ('digest_key_1', \(Int64(bitPattern: key.second)));
            """)
        return key
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

    // MARK: Reading

    /// ``search(_:ranked:)``, given up (nil) once `shouldStop` (if given) says so: asked every thousand
    /// steps of SQLite's engine, so a lookup that matches half the store stops within a millisecond.
    package func search(_ expression: String, ranked: Bool, shouldStop: (() -> Bool)?) throws(FSFindError) -> Hits? {
        guard let shouldStop else { return try search(expression, ranked: ranked) }
        return try database.interruptible(shouldStop) { () throws(FSFindError) in
            try search(expression, ranked: ranked)
        }
    }

    /// The documents matching an FTS5 query expression (the search's `TextQuery` writes them), in
    /// ascending number (FTS5's own order: nothing is sorted), with their BM25 relevance when
    /// `ranked`. BM25 needs each document's length from another table, most of a common word's
    /// lookup (`benchmarks/RESULTS.md`, "Numbers that were in code comments"), so a search that
    /// only counts or lists in path order does not ask for it.
    func search(_ expression: String, ranked: Bool) throws(FSFindError) -> Hits {
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

    /// For each document (a row's ``IndexFile/textDocument(at:)``, nil for a row without one), a
    /// line of context around what `expression` matches in its words, or nil when it does not
    /// match (or is not stored). `--snippets` asks
    /// only for the results it prints.
    ///
    /// Each document is cut again into a one-row table of its own, and the snippet is taken there:
    /// asked of the whole store, a prefix (`pa*`, what every word of free text is) merges the
    /// document lists of every word it starts, for each document described
    /// (`benchmarks/RESULTS.md`, "Snippets and narrowed searches").
    package func snippets(_ expression: String, for documents: [UInt32?]) throws(FSFindError) -> [Snippet?] {
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
        for document in documents {
            guard let document else {
                result.append(nil)
                continue
            }
            try clear.bind([]).run()
            try copy.bind([.integer(Int64(document))]).run()
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

    /// The start of a document's stored text (at most `characters` characters), or nil when the
    /// store does not hold it. For `fsfind show`.
    package func textStart(document: UInt32, characters: Int) throws(FSFindError) -> String? {
        let query = try database.prepare("SELECT substr(inflate(text), 1, ?) FROM document WHERE id = ?")
        // SQLite's substr wraps a length near Int64.max round to nothing: clamped to what a
        // stored text can hold.
        try query.bind([.integer(Int64(min(characters, Int(Int32.max)))), .integer(Int64(document))])
        return try query.step() ? query.text(0) : nil
    }

    /// The document read from `source` before (the same file, or another name of it), nil when
    /// there is none or the source's words were not trusted (``DocumentSource/type``). Only a
    /// document the store holds is named: a source left without one (damage) is not followed.
    package func document(for source: DocumentSource) throws(FSFindError) -> UInt32? {
        guard source.type != nil else { return nil }
        let query = try database.prepare(
            """
            SELECT document FROM source JOIN document ON document.id = source.document
            WHERE inode = ? AND device = ? AND size = ? AND mtime = ? AND ctime = ? AND type = ? LIMIT 1
            """)
        try query.bind(source.columns)
        return try query.step() ? UInt32(exactly: query.integer(0)) : nil
    }

    /// The document whose bytes have `digest` (under this store's ``digestKey``), nil when none.
    package func document(digest: KeyedDigest) throws(FSFindError) -> UInt32? {
        let query = try database.prepare("SELECT id FROM document WHERE digest = ? LIMIT 1")
        try query.bind([.blob(digest.bytes)])
        return try query.step() ? UInt32(exactly: query.integer(0)) : nil
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
    func collectionPending() throws(FSFindError) -> Bool {
        let query = try database.prepare("SELECT value FROM state WHERE key = 'collect'")
        return try query.step()
    }

    /// Copies the write-ahead log into the store's file (`PRAGMA wal_checkpoint(PASSIVE)`); true
    /// when the file then holds every committed write. After it, closing the store writes nothing
    /// more, so a refresh that marks its index newer than the store can trust the mark. Passive,
    /// so it never waits: a reader's open statement would hold a `TRUNCATE` checkpoint for the
    /// busy timeout (10 s) in every watcher's batch. False (nothing marked) when a reader still
    /// reads an older snapshot of the log, or it failed.
    ///
    /// When every frame was copied, the log is then emptied too (`TRUNCATE`) if no reader is in
    /// the middle of a read, without waiting for one. A log left holding its frames is read whole
    /// and checksummed by the next connection that opens the store with no other open (SQLite's
    /// recovery of the log's index): each of a watcher's batches opened it three times and read
    /// up to 16 MB twice, and so did every `fsfind query` with words between them
    /// (`benchmarks/RESULTS.md`, "The text store's log emptied after each batch").
    package func settle() -> Bool {
        do {
            let checkpoint = try database.prepare("PRAGMA wal_checkpoint(PASSIVE)")
            // One row: busy, frames in the log, frames copied (-1 each when not in WAL mode).
            guard try checkpoint.step() else { return false }
            let frames = checkpoint.integer(1)
            let settled = checkpoint.integer(0) == 0 && frames == checkpoint.integer(2)
            checkpoint.reset()
            if settled && frames > 0 { emptyLog() }
            return settled
        } catch {
            return false
        }
    }

    /// Truncates the write-ahead log to nothing when no other connection is reading from it;
    /// otherwise leaves it (a reader's open read would make a `TRUNCATE` wait for it).
    private func emptyLog() {
        _ = try? database.withoutWaiting { () throws(FSFindError) in
            let truncate = try database.prepare("PRAGMA wal_checkpoint(TRUNCATE)")
            _ = try truncate.step()
        }
    }

    /// How many documents the store holds (kept or not yet collected): files whose bytes are the
    /// same share one, and count once together.
    package func documentCount() throws(FSFindError) -> Int {
        let count = try database.prepare("SELECT count(*) FROM document")
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

    /// The identity in the five columns from `column` on (device, inode, size, mtime, ctime).
    static func identity(_ row: SQLiteDatabase.Statement, from column: Int32) -> FileIdentity {
        FileIdentity(
            device: UInt64(bitPattern: row.integer(column)), inode: UInt64(bitPattern: row.integer(column + 1)),
            size: row.integer(column + 2), mtimeNanos: row.integer(column + 3), ctimeNanos: row.integer(column + 4))
    }
}
