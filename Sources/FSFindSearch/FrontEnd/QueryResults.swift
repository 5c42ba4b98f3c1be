import FSFindIndexFormat
import FSFindModel
import FSFindText

/// What a question found in one version of the index: the rows, and everything a front end
/// shows about them (paths, attribute values, snippets), read from that same version; what it
/// says of the question's words is ``OpenIndex/suggestions(for:)``.
package struct QueryResults {
    /// Nil for rows looked up by path with no question (``OpenIndex/lookUp(_:for:)``).
    let question: Question?
    /// Row numbers in the snapshot, in the order asked.
    package let rows: [Int]
    private let searcher: Searcher
    /// The rows' paths, checked when the question was asked.
    private let pathReader: IndexReader

    init(question: Question?, rows: [Int], searcher: Searcher, paths: IndexReader) {
        self.question = question
        self.rows = rows
        self.searcher = searcher
        pathReader = paths
    }

    var snapshot: IndexSnapshot { searcher.index }

    /// The path of row `row`.
    func path(at row: Int) -> [UInt8] { pathReader.path(at: row) }

    /// The paths of every result, in order.
    package var paths: [[UInt8]] { rows.map { pathReader.path(at: $0) } }

    /// The rows' values of `attributes` and their paths, each section checked once before the
    /// first is read: a damaged column is this error, never a silently absent value.
    package func reader(for attributes: Set<Attribute>) throws(FSFindError) -> IndexReader {
        try searcher.index.reader(for: attributes)
    }

    /// For each of `rows` (all results when nil) the question found by its words, a line of
    /// context around them; asked only for the rows shown, so ten results cost ten snippets.
    package func snippets(for rows: [Int]? = nil) throws(FSFindError) -> [Int: Snippet] {
        guard let question else { return [:] }
        return try searcher.snippets(for: question.compiled, rows: rows ?? self.rows)
    }
}
