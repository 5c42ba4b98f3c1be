import FSFindIndexFormat
import FSFindModel
import FSFindText

/// One version of the index and, once a question needs them, its words: what the answers to one
/// request read. Not shared between threads (a SQLite connection is not).
package final class OpenIndex {
    package let snapshot: IndexSnapshot
    /// A number that changes whenever the index is opened again: what a cache of answers is
    /// keyed by (an object's address may be reused, this is not).
    package let generation: Int
    private let source: IndexSource
    private var text: TextStore??

    init(snapshot: IndexSnapshot, generation: Int, source: IndexSource) {
        self.snapshot = snapshot
        self.generation = generation
        self.source = source
    }

    /// The rows `question` matches, ordered and cut as `request` asks (relevance for free text
    /// unless a sort is given, else path order).
    /// - Throws: ``FSFindError``: the index's and the text store's damage, `.stopped` when
    ///   ``SearchRequest/shouldStop`` said so.
    package func search(_ question: Question, _ request: SearchRequest) throws(FSFindError) -> QueryResults {
        let searcher = try searcher(for: question)
        let rows = try searcher.search(question.compiled, isFreeText: question.isFreeText, request: request)
        // The paths were checked by the search (a load a section here).
        return QueryResults(question: question, rows: rows, searcher: searcher, paths: try snapshot.reader(for: []))
    }

    /// How many rows ``search(_:_:)`` would give, without ordering them (no scores, no sort).
    package func count(_ question: Question, _ request: SearchRequest) throws(FSFindError) -> Int {
        try searcher(for: question).count(question.compiled, request: request)
    }

    /// The rows of `paths` (nil for a path the index does not hold), as results of `question`
    /// for their snippets. The words are a nicety here: a store that cannot be opened gives
    /// none rather than failing the description of files already found.
    /// - Throws: ``FSFindError`` `.indexCorrupt` when the paths' sections are damaged.
    package func lookUp(_ paths: [[UInt8]], for question: Question?) throws(FSFindError) -> (
        results: QueryResults, rows: [Int?]
    ) {
        // The paths' sections are checked before a path is looked for in them.
        let reader = try snapshot.reader(for: [])
        let rows = paths.map { reader.rowIndex(ofPath: $0) }
        let words = question?.readsWords == true ? ((try? textStore()) ?? nil) : nil
        let results = QueryResults(
            question: question, rows: rows.compactMap { $0 }, searcher: Searcher(index: snapshot, text: words),
            paths: reader)
        return (results, rows)
    }

    /// Each free-text word of `question` nothing holds, with the word it most likely meant
    /// (`quartely` → "quarterly", ``SpellingCorrector``): what a front end offers as "did you
    /// mean", whether or not a search found anything (a typo may find files as the start of a
    /// longer word), and without searching again.
    package func suggestions(for question: Question) throws(FSFindError) -> [SpellingCorrection] {
        try searcher(for: question).suggestions(for: question.compiled)
    }

    /// The text store beside the index, opened once (``TextStore/opened(beside:)``); nil when the
    /// index names no words.
    package func textStore() throws(FSFindError) -> TextStore? {
        if let text { return text }
        let opened = try source.openTextStore(for: snapshot)
        text = .some(opened)
        return opened
    }

    private func searcher(for question: Question) throws(FSFindError) -> Searcher {
        Searcher(index: snapshot, text: question.readsWords ? try textStore() : nil)
    }
}
