import FSFindIndexFormat
import FSFindModel
import FSFindQuery
import FSFindSearch
import FSFindText

/// The one place the desktop interfaces ask the index: terms in, ranked files out, with what a
/// result row shows (name, content type, a snippet), asked through the ``QueryFrontEnd`` every
/// front end shares; nothing here knows D-Bus.
///
/// Terms mean what `fsfind query WORDS` makes of words (free text: names, titles, authors, words
/// inside files; ranked by relevance; terms ANDed; mdfind's `-word` and `a | b` and the search
/// field's `kind:image` included). It follows the index as `fsfind index` and `fsfind watch`
/// replace it (``IndexSource``). Used from one thread at a time (the provider's worker).
final class DesktopSearchBackend: Sendable {
    /// What a result row needs, for one file.
    struct Item: Equatable, Sendable {
        var path: [UInt8]
        /// The display name (the file's name as people read it).
        var name: String
        /// The MIME type fsfind found, nil when it has none or the file is not in the index.
        var contentType: String?
        var isFolder: Bool
        /// The words around what matched, when the terms matched inside the file.
        var snippet: String?
    }

    /// More terms than this, or a longer text, is not something a person typed: answered with
    /// nothing rather than compiled into a query of thousands of clauses.
    static let maximumTerms = 64
    static let maximumBytes = 4096
    /// Fewer characters than this (all terms together) find nothing, as in Nautilus's provider:
    /// one letter matches most of the index.
    static let minimumCharacters = 2

    private let frontEnd: QueryFrontEnd

    init(indexPath: String) {
        frontEnd = QueryFrontEnd(indexPath: indexPath)
    }

    /// Gives the index's mapped pages back (``IndexSource/releasePages()``), when idle.
    func releasePages() { frontEnd.releasePages() }

    /// Why terms are not searched, or the query they make.
    enum Reading: Equatable {
        case query(FSFindQuery.Query)
        /// Too short to search: no answer, nothing to say.
        case tooShort
        /// Not searchable (too many terms, no word at all): no answer, and the reason.
        case refused(String)

        static func == (a: Reading, b: Reading) -> Bool {
            switch (a, b) {
            case (.query(let x), .query(let y)): x == y
            case (.tooShort, .tooShort): true
            case (.refused(let x), .refused(let y)): x == y
            default: false
            }
        }
    }

    /// The terms as `fsfind query` reads words: joined by spaces and read as free text. Terms that
    /// do not make a query (an unbalanced `(`, a lone `NOT`) are read again as their words alone.
    static func read(_ terms: [String]) -> Reading {
        let text = terms.joined(separator: " ")
        let typed = text.unicodeScalars.filter { !$0.properties.isWhitespace }.count
        if typed < minimumCharacters { return .tooShort }
        if terms.count > maximumTerms || text.utf8.count > maximumBytes {
            return .refused(
                "\(terms.count) terms, \(text.utf8.count) bytes (at most \(maximumTerms) and \(maximumBytes))")
        }
        // A quote still open is a phrase being typed; read as one it would run to the end.
        let quotes: Set<Unicode.Scalar> = ["\"", "\u{201C}", "\u{201D}"]
        let balanced =
            text.unicodeScalars.filter { quotes.contains($0) }.count % 2 == 0
            ? text : String(String.UnicodeScalarView(text.unicodeScalars.filter { !quotes.contains($0) }))
        if let query = try? FSFindQuery.Query.freeText(balanced) { return .query(query) }
        // Operators where they make no sense: the words alone, ANDed (the operator words dropped).
        let words = String(
            String.UnicodeScalarView(text.unicodeScalars.map { TextFolding.isWordScalar($0) ? $0 : " " })
        )
        .split(separator: " ").filter { !["AND", "OR", "NOT"].contains($0) }.joined(separator: " ")
        if words.unicodeScalars.count >= minimumCharacters, let query = try? FSFindQuery.Query.freeText(words) {
            return .query(query)
        }
        return .refused("no word to look for")
    }

    /// The files the terms find, best first, at most `limit`; with `among`, only those paths (and
    /// what is below them) are looked at: a subsearch narrows the previous answer. `shouldStop` is
    /// asked while the search runs (``SearchRequest/shouldStop``): then the search answers with
    /// the files it found until then (``SearchRequest/answersWhatItFoundWhenStopped``).
    /// - Throws: the index's and text store's errors (missing, damaged).
    func search(
        _ query: FSFindQuery.Query, limit: Int?, among: [[UInt8]]? = nil, shouldStop: (@Sendable () -> Bool)? = nil
    ) throws(FSFindError) -> [Item] {
        let question = try Self.compile(query)
        // Names and titles rank first; files that only have the words inside rank after them
        // without BM25, as in the search field and `serve`: BM25 of every file a common prefix is
        // inside (170,000 of a million for `pa`) was most of a search's time, to order a hundred.
        // Cut at the provider's time budget, a search answers with the files it found by then.
        let request = SearchRequest(
            onlyIn: among ?? [], sort: .relevance, limit: limit, wordRelevance: false, shouldStop: shouldStop,
            answersWhatItFoundWhenStopped: true)
        // Nothing to look at: no answer (an empty `onlyIn` would mean everywhere).
        if let among, among.isEmpty { return [] }
        let results = try frontEnd.open().search(question, request)
        let reader = try results.reader(for: Self.shown)
        return results.rows.map { item(at: $0, of: reader, snippet: nil) }
    }

    /// The terms' misspelled words and the words they most likely meant, for a search that found
    /// nothing (`docs/full-text.md`, "Did you mean").
    /// - Throws: the index's and text store's errors.
    func corrections(_ query: FSFindQuery.Query) throws(FSFindError) -> [SpellingCorrection] {
        try frontEnd.open().suggestions(for: try Self.compile(query))
    }

    /// What each path shows, in order; the snippet where `query` matched inside the file. A path
    /// the index does not hold is described from its name alone (nil when it does not exist).
    func describe(_ paths: [[UInt8]], query: FSFindQuery.Query?) throws(FSFindError) -> [Item?] {
        // A snippet is a nicety: a store that cannot give one leaves the folder shown instead.
        let (results, rows) = try frontEnd.open().lookUp(paths, for: query.flatMap { try? Self.compile($0) })
        let reader = try results.reader(for: Self.shown)
        let snippets = (try? results.snippets()) ?? [:]
        return rows.map { row in row.map { item(at: $0, of: reader, snippet: snippets[$0]?.text) } }
    }

    /// What a result row shows of a file.
    private static let shown: Set<Attribute> = [.displayName, .mimeType, .contentTypeTree]

    private static func compile(_ query: FSFindQuery.Query) throws(FSFindError) -> Question {
        do {
            // Each time: `$time.today` and `modified:today` move with the clock.
            return try Question(query, context: try QueryContext.fromEnvironment())
        } catch {
            throw FSFindError(.usage, error.message)
        }
    }

    private func item(at row: Int, of index: IndexReader, snippet: String?) -> Item {
        let path = index.path(at: row)
        var name = PathBytes.display(path[PathBytes.nameStart(of: path)...])
        if case .text(let display)? = index.value(of: .displayName, at: row), !display.isEmpty { name = display }
        var contentType: String?
        if case .text(let type)? = index.value(of: .mimeType, at: row), !type.isEmpty { contentType = type }
        var isFolder = contentType == "inode/directory"
        if case .textList(let tree)? = index.value(of: .contentTypeTree, at: row), tree.contains("public.folder") {
            isFolder = true
        }
        let line = snippet.map {
            $0.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        }
        return Item(
            path: path, name: name, contentType: isFolder ? "inode/directory" : contentType, isFolder: isFolder,
            snippet: line?.isEmpty == false ? line : nil)
    }
}
