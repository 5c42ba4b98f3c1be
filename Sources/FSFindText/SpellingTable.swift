import FSFindModel

/// The store's spelling words (``SpellingWords``) in byte order, each with how many documents
/// hold it: read by the spelling corrector a seek or a slice at a time, never whole (the words of
/// `/usr/share/doc` are about 160,000, and reading them all was most of a second).
package final class SpellingTable {
    private let next: SQLiteDatabase.Statement
    private let slice: SQLiteDatabase.Statement
    private let exact: SQLiteDatabase.Statement

    init(_ database: SQLiteDatabase) throws(FSFindError) {
        next = try database.prepare("SELECT word FROM spelling WHERE word >= ? ORDER BY word LIMIT 1")
        exact = try database.prepare("SELECT documents FROM spelling WHERE word = ?")
        // `CAST AS TEXT` so `length` counts characters, as the corrector's edits do.
        slice = try database.prepare(
            """
            SELECT word, documents FROM spelling
            WHERE word >= ?1 AND word < ?2 AND length(CAST(word AS TEXT)) BETWEEN ?3 AND ?4 ORDER BY word
            """)
    }

    /// The words that start with `prefix` (not empty) and have `length` characters, each with
    /// the documents that hold it, in byte order: one range of the table's B-tree, read in one
    /// pass.
    package func words(startingWith prefix: [UInt8], length: ClosedRange<Int>) throws(FSFindError) -> [(
        word: [UInt8], documents: Int
    )] {
        // Past every word that starts with the prefix: its last byte one higher (UTF-8 never
        // has 0xFF, so this cannot carry).
        var end = prefix
        guard let last = end.last, last < 0xFF else { return [] }
        end[end.count - 1] = last + 1
        try slice.bind([
            .blob(prefix), .blob(end), .integer(Int64(length.lowerBound)), .integer(Int64(length.upperBound)),
        ])
        defer { slice.reset() }
        var words: [(word: [UInt8], documents: Int)] = []
        while try slice.step() { words.append((slice.blob(0), Int(slice.integer(1)))) }
        return words
    }

    /// The first word at or after `key` in byte order, or nil when none is.
    package func firstWord(atOrAfter key: [UInt8]) throws(FSFindError) -> [UInt8]? {
        try next.bind([.blob(key)])
        defer { next.reset() }
        return try next.step() ? next.blob(0) : nil
    }

    /// How many documents hold `word` (0 for none).
    package func documents(holding word: [UInt8]) throws(FSFindError) -> Int {
        try exact.bind([.blob(word)])
        defer { exact.reset() }
        return try exact.step() ? Int(exact.integer(0)) : 0
    }
}

extension TextStore {
    /// The spelling words, or nil for a store written before they were kept (layout 3).
    package func spellingTable() throws(FSFindError) -> SpellingTable? {
        let table = try database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'spelling'")
        guard try table.step() else { return nil }
        return try SpellingTable(database)
    }
}
