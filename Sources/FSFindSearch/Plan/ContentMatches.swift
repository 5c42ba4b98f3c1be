import FSFindIndexFormat
import FSFindModel
import FSFindQuery
import FSFindText

/// The rows whose words (in the text store) match one full-text question, with their relevance.
///
/// The store answers with document numbers; the index's `textDocuments` section says which row
/// carries each (``TextDocuments``), for the store generation it was written with. A changed or
/// deleted file's old words, still in the store until the refresh that replaced the index
/// removes them, carry a number no row of the new index has, so they never match
/// (`docs/full-text.md`). Membership is a bit set, so a plan asks it per row at the cost of a
/// shift and a mask.
final class ContentRows: Sendable {
    // Constants once made: a scan reads them for every row, and a class's `var` is read through
    // a dynamic exclusivity check.
    private let bits: [UInt64]
    /// BM25 per row, 0 where the store said nothing (or was not asked to rank): a dense column
    /// (4 bytes a row) rather than a dictionary, which cost a hash per hit and per lookup.
    private let relevance: [Float]
    private let found: Int

    /// The rows of `index` that carry the documents of `hits`, when the index's numbers are
    /// those of the store of `generation`; none otherwise. With `among`, only those rows are
    /// answered for (the only ones a scan will ask about).
    /// - Throws: ``FSFindError`` `.indexCorrupt` when the section fails its checksum.
    init(_ hits: TextStore.Hits, index: IndexFile, generation: UInt64?, among: [Range<Int>]? = nil) throws(FSFindError)
    {
        var bits = [UInt64](repeating: 0, count: (index.itemCount + 63) / 64)
        var relevance: [Float] = []
        var found = 0
        if !hits.documents.isEmpty, let documents = try index.textDocuments(), documents.generation == generation {
            let ranked = hits.relevance.count == hits.documents.count
            if ranked { relevance = [Float](repeating: 0, count: index.itemCount) }
            func add(_ position: Int, _ row: Int) {
                if bits[row >> 6] & (1 << UInt64(row & 63)) == 0 { found += 1 }
                bits[row >> 6] |= 1 << UInt64(row & 63)
                if ranked { relevance[row] = max(relevance[row], Float(hits.relevance[position])) }
            }
            if let among, 2 * among.reduce(0, { $0 + $1.count }) < hits.documents.count {
                // A narrowed search (a subsearch of sixty files) asks about a few rows: each row's
                // number looked for among the hits, not every hit's rows found (a common word's
                // hundred thousand, most of a narrowed search's time).
                for range in among {
                    for row in range where row < index.itemCount {
                        guard let number = documents.document(ofRow: row),
                            let position = Self.position(of: number, in: hits.documents)
                        else { continue }
                        add(position, row)
                    }
                }
            } else {
                documents.forEachRow(ofDocuments: hits.documents, itemCount: index.itemCount, add)
            }
        }
        self.bits = bits
        self.relevance = relevance
        self.found = found
    }

    /// Where `number` is in `numbers` (ascending), or nil.
    private static func position(of number: UInt32, in numbers: [UInt32]) -> Int? {
        var low = 0
        var high = numbers.count
        while low < high {
            let mid = low + (high - low) / 2
            if numbers[mid] < number { low = mid + 1 } else { high = mid }
        }
        return low < numbers.count && numbers[low] == number ? low : nil
    }

    /// No rows.
    init(emptyFor index: IndexFile) {
        bits = [UInt64](repeating: 0, count: (index.itemCount + 63) / 64)
        relevance = []
        found = 0
    }

    var isEmpty: Bool { found == 0 }

    @inline(__always) func contains(_ row: Int) -> Bool {
        bits[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    /// Calls `body` with each row of `range` these rows hold, ascending: whole words of the bits
    /// at a time, so a range of a million rows with few matches costs a pass over their words.
    func forEachRow(in range: Range<Int>, _ body: (Int) -> Void) {
        let end = min(range.upperBound, bits.count * 64)
        var row = max(range.lowerBound, 0)
        while row < end {
            let word = row >> 6
            var set = bits[word] & (~0 << UInt64(row & 63))
            while set != 0 {
                let found = (word << 6) | set.trailingZeroBitCount
                guard found < end else { return }
                body(found)
                set &= set - 1
            }
            row = (word + 1) << 6
        }
    }

    /// BM25 (larger is better), 0 for a row that did not match or when not ranked.
    func score(_ row: Int) -> Double { contains(row) && !relevance.isEmpty ? Double(relevance[row]) : 0 }
}

/// What a query asks of the text store, answered once before the scan, for each file of the
/// index (the base, and the delta when there is one): the store is searched once, its answers
/// mapped to each file's rows.
struct ContentMatches: Sendable {
    /// One file's answers.
    private struct FileMatches {
        var freeText: [[ContentRows]?] = []
        var comparisons: [ContentRows] = []
    }

    private var files: [FileMatches]
    /// The file whose answers ``freeText`` and ``comparisons`` give (``forFile(_:)``).
    private var selected = 0

    /// For each free-text leaf, by its position in a walk of the tree, per query word: the rows
    /// whose words hold it (as a word or a prefix); nil when no file's words hold any.
    var freeText: [[ContentRows]?] { files[selected].freeText }
    /// For each `textContent` comparison, by its position in a walk of the tree.
    var comparisons: [ContentRows] { files[selected].comparisons }

    /// Whether word `word` of the first free-text leaf is among the words of `row` (a row of the
    /// selected file); false when the leaf was not looked up.
    @inline(__always) func firstLeaf(word: Int, holds row: Int) -> Bool {
        let leaves = files[selected].freeText
        guard let words = leaves.first ?? nil, word < words.count else { return false }
        return words[word].contains(row)
    }

    /// The rows of the selected file whose words hold word `word` of the first free-text leaf
    /// (what ``firstLeaf(word:holds:)`` answers yes for); nil when the leaf was not looked up.
    func firstLeafRows(word: Int) -> ContentRows? {
        guard let words = files[selected].freeText.first ?? nil, word < words.count else { return nil }
        return words[word]
    }

    /// Whether some file's first free-text leaf has words the files hold, which
    /// ``firstLeaf(word:holds:)`` may then answer yes for.
    var answersFirstLeaf: Bool {
        files.contains { file in (file.freeText.first ?? nil).map { !$0.isEmpty } ?? false }
    }

    /// For each free-text leaf, in the same order, per query word: its other forms
    /// (``WordForms``), which values count as the word itself.
    private(set) var forms: [[[[UInt8]]]] = []

    /// The same answers, as rows of file `file` of the snapshot (0 base, 1 delta): what one file's
    /// ``QueryPlan`` reads.
    func forFile(_ file: Int) -> ContentMatches {
        var copy = self
        copy.selected = file
        return copy
    }

    /// Set when `shouldStop` said stop before every question was answered: the matches are
    /// incomplete and the scan that asked is stale.
    private(set) var interrupted = false

    /// Asks `store` (nil: no store, so nothing matches in content) for `query` against `index`.
    /// A free-text leaf with a word shorter than `minimumWordLength` is not asked (it then matches
    /// names and titles only): what the search field does while a word is one or two letters
    /// long, when every file's words would match and mapping them to rows would cost a keystroke.
    ///
    /// - Parameter shouldStop: asked while the store is searched and its answers mapped to rows
    ///   (`fsfind search`: a key is waiting); when it says yes, ``interrupted`` is set and the
    ///   questions left are not asked.
    ///
    /// - Parameter ranked: whether the matches' relevance is wanted (a ranked search); without
    ///   it the store is not asked for BM25, most of a common word's cost.
    ///
    /// - Parameter among: for each file of the index, the only rows the scan looks at (nil: all),
    ///   so a narrowed search maps the store's answers to those rows alone.
    init(
        _ query: CompiledQuery, store: TextStore?, index: IndexSnapshot, minimumWordLength: Int = 0,
        ranked: Bool = true, among: [[Range<Int>]?]? = nil, shouldStop: (() -> Bool)? = nil
    ) throws(FSFindError) {
        let indexFiles = index.files
        files = indexFiles.map { _ in FileMatches() }
        let leaves = Self.freeTextLeaves(query.root)
        if !leaves.isEmpty, let stemming = TextStore.stemmer(for: store) {
            let lexicons = indexFiles.compactMap { try? $0.wordLexicon() }
            forms = leaves.map { WordForms.forms(of: $0, lexicons: lexicons, stemming: stemming) }
        }
        guard let store else {
            for (k, file) in indexFiles.enumerated() {
                files[k].freeText = Self.freeTextLeaves(query.root).map { _ in nil }
                files[k].comparisons = Self.textContentTests(query.root).map { _ in ContentRows(emptyFor: file) }
            }
            return
        }
        for matcher in Self.freeTextLeaves(query.root) {
            guard matcher.words.allSatisfy({ $0.count >= minimumWordLength }) else {
                for k in files.indices { files[k].freeText.append(nil) }
                continue
            }
            // One question per word, or per phrase (whose words then share its answer).
            var perWord: [[ContentRows]?] = Array(repeating: nil, count: matcher.words.count)
            for (range, expression) in Self.questions(matcher) where !interrupted {
                guard
                    let rows = try Self.rows(
                        expression, store: store, files: indexFiles, ranked: ranked, among: among,
                        shouldStop: shouldStop)
                else {
                    interrupted = true
                    break
                }
                for k in range { perWord[k] = rows }
            }
            for k in files.indices {
                let rows = perWord.compactMap { $0?[k] }
                files[k].freeText.append(rows.allSatisfy(\.isEmpty) ? nil : rows)
            }
        }
        for test in Self.textContentTests(query.root) {
            let expression = Self.expression(test.matcher)
            guard !interrupted,
                let rows = try Self.rows(
                    expression, store: store, files: indexFiles, ranked: ranked, among: among,
                    shouldStop: shouldStop)
            else {
                interrupted = true
                for (k, file) in indexFiles.enumerated() { files[k].comparisons.append(ContentRows(emptyFor: file)) }
                continue
            }
            for k in files.indices { files[k].comparisons.append(rows[k]) }
        }
    }

    /// The rows of each file whose words match `expression`; nil when `shouldStop` stopped the
    /// store's search.
    private static func rows(
        _ expression: String, store: TextStore, files: [IndexFile], ranked: Bool, among: [[Range<Int>]?]?,
        shouldStop: (() -> Bool)?
    ) throws(FSFindError) -> [ContentRows]? {
        guard let hits = try store.search(expression, ranked: ranked, shouldStop: shouldStop) else { return nil }
        var result: [ContentRows] = []
        for (k, file) in files.enumerated() {
            let rows = among.flatMap { k < $0.count ? $0[k] : nil }
            result.append(try ContentRows(hits, index: file, generation: store.generation, among: rows))
        }
        return result
    }

    /// Every free-text leaf of the tree (negated ones too), in the order ``QueryPlan`` meets them.
    static func freeTextLeaves(_ node: Node) -> [FreeTextMatcher] {
        switch node {
        case .all(let nodes), .any(let nodes): return nodes.flatMap(freeTextLeaves)
        case .not(let node): return freeTextLeaves(node)
        case .freeText(let matcher): return [matcher]
        default: return []
        }
    }

    /// What free text asks of the store: each word as a word or a prefix, each quoted phrase as
    /// its words together and in order (the last one a prefix), with the words each covers.
    static func questions(_ matcher: FreeTextMatcher) -> [(words: Range<Int>, expression: String)] {
        var result: [(Range<Int>, String)] = []
        var k = 0
        while k < matcher.words.count {
            let text = { (i: Int) in String(String.UnicodeScalarView(matcher.words[i])) }
            if let phrase = matcher.phrases.first(where: { $0.lowerBound == k }) {
                result.append((phrase, TextQuery.phrase(phrase.map(text), prefix: true)))
                k = phrase.upperBound
            } else {
                result.append((k..<(k + 1), TextQuery.words([text(k)])))
                k += 1
            }
        }
        return result
    }

    /// The `textContent` comparisons of the tree, in the order ``QueryPlan`` meets them.
    static func textContentTests(_ node: Node) -> [TextTest] {
        switch node {
        case .all(let nodes), .any(let nodes): return nodes.flatMap(textContentTests)
        case .not(let node): return textContentTests(node)
        case .text(let test) where test.attributes == [.textContent]: return [test]
        default: return []
        }
    }

    /// A pattern's words as an FTS5 expression: one word is that word (a prefix when the pattern
    /// ends in `*`), several are a phrase. Substrings inside words cannot be asked of a word
    /// index: `*read*` finds words starting with "read" (`docs/full-text.md`).
    static func expression(_ matcher: TextMatcher) -> String {
        let text = matcher.literals.map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        if words.count > 1 { return TextQuery.phrase(words) }
        return TextQuery.words(words, prefix: matcher.trailingWildcard)
    }
}
