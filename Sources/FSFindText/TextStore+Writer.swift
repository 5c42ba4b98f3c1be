import FSFindModel

extension TextStore {
    /// `text` as the store keeps it (``StoredText``): what ``Writer/add(source:digest:text:packed:document:)``
    /// takes. Thread-safe.
    static func pack(_ text: String) throws(FSFindError) -> [UInt8] {
        try StoredText.pack(text)
    }

    /// Starts a transaction: what its ``Writer`` does is committed by ``Writer/commit()``, or
    /// rolled back when the writer goes without it (an error, a kill loses it the same way).
    func begin() throws(FSFindError) -> Writer {
        let writer = try Writer(database)
        try database.execute("BEGIN IMMEDIATE")
        return writer
    }

    /// The collection after an index is replaced: removes the sources of `documents` (nil: of
    /// every document) that no row of the index names any more (`named`, as
    /// ``Writer/removeUnnamed(among:named:)``), the documents left without a source with their
    /// words, and clears what ``Writer/markCollectionPending()`` set, in one transaction. Returns
    /// how many documents went.
    @discardableResult
    package func collect(among documents: [UInt32]?, named: (UInt32, FileIdentity) -> Bool) throws(FSFindError)
        -> Int
    {
        try write { writer throws(FSFindError) in
            let removed = try writer.removeUnnamed(among: documents, named: named)
            try writer.clearCollectionPending()
            return removed
        }
    }

    /// Runs `body` in one transaction: all of it is committed, or (on a throw, a kill) none.
    func write<Result>(_ body: (Writer) throws(FSFindError) -> Result) throws(FSFindError) -> Result {
        let writer = try begin()
        let result = try body(writer)
        try writer.commit()
        return result
    }

    /// The changes one transaction makes, with its statements prepared once.
    final class Writer {
        private let database: SQLiteDatabase
        private let insertDocument: SQLiteDatabase.Statement
        private let insertSource: SQLiteDatabase.Statement
        private let insertWords: SQLiteDatabase.Statement
        private let deleteSource: SQLiteDatabase.Statement
        private let documentSourced: SQLiteDatabase.Statement
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
        private(set) var nextDocument: UInt32

        fileprivate init(_ database: SQLiteDatabase) throws(FSFindError) {
            self.database = database
            insertDocument = try database.prepare("INSERT INTO document(id, text, digest) VALUES (?, ?, ?)")
            insertSource = try database.prepare(
                """
                INSERT OR IGNORE INTO source(inode, device, size, mtime, ctime, type, document)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            insertWords = try database.prepare("INSERT INTO words(rowid, body) VALUES (?, ?)")
            deleteSource = try database.prepare("DELETE FROM source WHERE rowid = ?")
            documentSourced = try database.prepare("SELECT 1 FROM source WHERE document = ? LIMIT 1")
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
        func commit() throws(FSFindError) {
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

        /// Adds the text read from `source` (whose bytes have `digest`, nil when not known);
        /// returns its document number, for the file's row (``IndexFile/textDocument(at:)``).
        @discardableResult
        func add(source: DocumentSource, digest: KeyedDigest? = nil, text: String) throws(FSFindError)
            -> UInt32
        {
            let document = nextDocument
            try add(source: source, digest: digest, text: text, packed: try TextStore.pack(text), document: document)
            return document
        }

        /// ``add(source:digest:text:)`` with the stored form already made (``TextStore/pack(_:)``),
        /// so packing can run on another thread than the one writing, and the number chosen by
        /// the caller (from ``nextDocument`` on, each once), so the row can carry it before the
        /// words are written.
        func add(source: DocumentSource, digest: KeyedDigest?, text: String, packed: [UInt8], document: UInt32)
            throws(FSFindError)
        {
            try insertDocument.bind([.integer(Int64(document)), .blob(packed), digest.map { .blob($0.bytes) } ?? .null])
                .run()
            try insertWords.bind([.integer(Int64(document)), .text(text)]).run()
            try insertSource.bind(source.columns + [.integer(Int64(document))]).run()
            try count(SpellingWords.distinct(in: text)[...], by: 1)
            nextDocument = max(nextDocument, document + 1)
        }

        /// ``add(source:digest:text:packed:document:)`` with the words already cut, by
        /// ``WordCutter`` with this store's ``TextStore/wordCutterSpec``: FTS5 indexes them as
        /// they are instead of cutting the text again (`packed` still holds the text, for
        /// snippets and for forgetting the words later).
        /// `spelling` is the text's ``SpellingWords/distinct(in:)``, cut where the words were.
        func add(
            source: DocumentSource, digest: KeyedDigest?, words: [UInt8], packed: [UInt8], spelling: [UInt8] = [],
            document: UInt32
        ) throws(FSFindError) {
            try add(
                source: source, digest: digest, words: words[...], packed: packed[...], spelling: spelling[...],
                document: document)
        }

        /// ``add(source:digest:words:packed:spelling:document:)`` with the parts as slices, as
        /// they come from an extraction worker's reply (``CutText``).
        func add(
            source: DocumentSource, digest: KeyedDigest?, words: ArraySlice<UInt8>, packed: ArraySlice<UInt8>,
            spelling: ArraySlice<UInt8> = [], document: UInt32
        ) throws(FSFindError) {
            let row: [SQLiteDatabase.Value] = [
                .integer(Int64(document)), .blob(Array(packed)), digest.map { .blob($0.bytes) } ?? .null,
            ]
            try insertDocument.bind(row).run()
            // The text FTS5 is given is not cut: the armed words are indexed in its place.
            try database.replaying(words) { () throws(FSFindError) in
                try insertWords.bind([.integer(Int64(document)), .text("")]).run()
            }
            try insertSource.bind(source.columns + [.integer(Int64(document))]).run()
            try count(spelling, by: 1)
            nextDocument = max(nextDocument, document + 1)
        }

        /// Adds the counts a caller added up on its own thread (``TextStoreFeeder``: the writer's
        /// thread is the first index's longest serial step).
        func count(_ tally: WordTally) throws(FSFindError) {
            tally.forEachWord { word, change in word.withUnsafeBytes { spellingChanges.add($0, change) } }
            if spellingChanges.count > Self.spellingChangesHeld { try writeSpelling() }
        }

        /// Adds `change` to the count of each word of a ``SpellingWords`` list; past
        /// ``spellingChangesHeld`` words, writes them (in the same transaction), so memory stays
        /// bounded however many words a run meets.
        private func count(_ spelling: ArraySlice<UInt8>, by change: Int) throws(FSFindError) {
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

        /// Records that `source` has the words of `document`, added earlier for another file
        /// with the same bytes, or another name of the same file (``TextTwins`` in the indexer,
        /// ``TextStore/document(for:)``, ``TextStore/document(digest:)``): its words are neither
        /// cut nor indexed again, and stay while a source names them.
        /// Throws `.broken` when there is no such document (a caller's mistake).
        func link(source: DocumentSource, document: UInt32) throws(FSFindError) {
            try documentHeld.bind([.integer(Int64(document))])
            let held = try documentHeld.step()
            documentHeld.reset()
            guard held else {
                throw FSFindError.broken(
                    "a file was linked to text document \(document), which the store does not hold")
            }
            try insertSource.bind(source.columns + [.integer(Int64(document))]).run()
        }

        /// Records, in this transaction, that documents may have gone stale: set before an index is
        /// replaced, cleared by the collection after it. Found still set, it says a run was killed
        /// in between, and the next one collects everything (``TextStore/collectionPending()``).
        func markCollectionPending() throws(FSFindError) {
            try database.execute("INSERT OR REPLACE INTO state(key, value) VALUES ('collect', 1)")
        }

        /// Clears what ``markCollectionPending()`` set.
        func clearCollectionPending() throws(FSFindError) {
            try database.execute("DELETE FROM state WHERE key = 'collect'")
        }

        /// Removes the sources of `documents` (nil: of every document) for which `named`
        /// (document, identity) is false, no row of the index naming that document with that
        /// identity any more, and the documents left without a source, with their words; returns
        /// how many documents went. Reads the small source table, and a gone document's text
        /// (to forget its words), never the rest.
        func removeUnnamed(among documents: [UInt32]?, named: (UInt32, FileIdentity) -> Bool)
            throws(FSFindError) -> Int
        {
            let columns = "rowid, document, device, inode, size, mtime, ctime"
            var gone: [Int64] = []
            var touched: [Int64] = []
            func look(at row: SQLiteDatabase.Statement) {
                let document = row.integer(1)
                guard document > 0, document <= Int64(UInt32.max) else { return }
                if !named(UInt32(document), TextStore.identity(row, from: 2)) {
                    gone.append(row.integer(0))
                    if touched.last != document { touched.append(document) }
                }
            }
            if let documents {
                let sources = try database.prepare("SELECT \(columns) FROM source WHERE document = ?")
                for document in Set(documents).sorted() {
                    try sources.bind([.integer(Int64(document))])
                    while try sources.step() { look(at: sources) }
                }
            } else {
                let sources = try database.prepare("SELECT \(columns) FROM source ORDER BY document")
                while try sources.step() { look(at: sources) }
            }
            for row in gone { try deleteSource.bind([.integer(row)]).run() }
            var removed = 0
            for document in touched where try !sourced(document) {
                try remove(document: document)
                removed += 1
            }
            return removed
        }

        /// True when a source names `document`.
        private func sourced(_ document: Int64) throws(FSFindError) -> Bool {
            try documentSourced.bind([.integer(document)])
            defer { documentSourced.reset() }
            return try documentSourced.step()
        }

        /// Removes a document and its words.
        private func remove(document: Int64) throws(FSFindError) {
            // The document's words no longer count for spelling: read back from its text, as
            // FTS5 reads them to forget its stems.
            try documentText.bind([.integer(document)])
            if try documentText.step() { try count(SpellingWords.distinct(in: documentText.text(0))[...], by: -1) }
            documentText.reset()
            try deleteWords.bind([.integer(document)]).run()
            try deleteDocument.bind([.integer(document)]).run()
        }
    }
}
