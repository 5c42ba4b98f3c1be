import FSFindIndex
import FSFindModel
import FSFindQuery
import FSFindText

/// The rows whose words (in the text store) match one full-text question, with their relevance.
///
/// A store document counts only for the row whose path **and** identity it carries: a changed or
/// deleted file's old words, still in the store until the refresh that replaced the index removes
/// them, never match (`docs/full-text.md`). Membership is a bit set, so a plan asks it per row at
/// the cost of a shift and a mask.
final class ContentRows {
    private var bits: [UInt64]
    private var relevance: [Int: Double] = [:]

    /// The rows of `index` that the store's `hits` name.
    convenience init(_ hits: [TextStore.Hit], index: IndexFile) {
        self.init(hits, index: index, shouldStop: nil)!
    }

    /// Nil when `shouldStop` says so (asked every 256 hits: each costs a binary search by path).
    init?(_ hits: [TextStore.Hit], index: IndexFile, shouldStop: (() -> Bool)?) {
        bits = [UInt64](repeating: 0, count: (index.itemCount + 63) / 64)
        for (position, hit) in hits.enumerated() {
            if let shouldStop, position & 255 == 255, shouldStop() { return nil }
            guard let row = index.rowIndex(ofPath: hit.path), index.identity(at: row) == hit.identity else { continue }
            bits[row >> 6] |= 1 << UInt64(row & 63)
            relevance[row] = max(relevance[row] ?? 0, hit.relevance)
        }
    }

    var isEmpty: Bool { relevance.isEmpty }

    @inline(__always) func contains(_ row: Int) -> Bool {
        bits[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    /// BM25 (larger is better), 0 for a row that did not match.
    func score(_ row: Int) -> Double { relevance[row] ?? 0 }
}

/// What a query asks of the text store, answered once before the scan.
package struct ContentMatches {
    /// For each free-text leaf, by its position in a walk of the tree, per query word: the rows
    /// whose words hold it (as a word or a prefix); nil when no file's words hold any.
    let freeText: [[ContentRows]?]
    /// For each `textContent` comparison, by its position in a walk of the tree.
    let comparisons: [ContentRows]

    /// Asks `store` (nil: no store, so nothing matches in content) for `query` against `index`.
    /// A free-text leaf with a word shorter than `minimumWordLength` is not asked (it then matches
    /// names and titles only): what the search field does while a word is one or two letters
    /// long, when every file's words would match and mapping them to rows would cost a keystroke.
    /// Set when `shouldStop` said stop before every question was answered: the matches are
    /// incomplete and the scan that asked is stale.
    package private(set) var interrupted = false

    /// - Parameter shouldStop: asked while the store is searched and its answers mapped to rows
    ///   (`fsfind search`: a key is waiting); when it says yes, ``interrupted`` is set and the
    ///   questions left are not asked.
    package init(
        _ query: CompiledQuery, store: TextStore?, index: IndexFile, minimumWordLength: Int = 0,
        shouldStop: (() -> Bool)? = nil
    ) throws(FSFindError) {
        guard let store else {
            freeText = Self.freeTextLeaves(query.root).map { _ in nil }
            comparisons = Self.textContentTests(query.root).map { _ in ContentRows([], index: index) }
            return
        }
        var freeText: [[ContentRows]?] = []
        for matcher in Self.freeTextLeaves(query.root) {
            guard matcher.words.allSatisfy({ $0.count >= minimumWordLength }) else {
                freeText.append(nil)
                continue
            }
            // One question per word, or per phrase (whose words then share its answer).
            var perWord: [ContentRows?] = Array(repeating: nil, count: matcher.words.count)
            for (range, expression) in Self.questions(matcher) where !interrupted {
                guard let rows = try Self.rows(expression, store: store, index: index, shouldStop: shouldStop) else {
                    interrupted = true
                    break
                }
                for k in range { perWord[k] = rows }
            }
            let rows = perWord.compactMap { $0 }
            freeText.append(rows.allSatisfy(\.isEmpty) ? nil : rows)
        }
        self.freeText = freeText
        var comparisons: [ContentRows] = []
        for test in Self.textContentTests(query.root) {
            let expression = Self.expression(test.matcher)
            guard !interrupted, let rows = try Self.rows(expression, store: store, index: index, shouldStop: shouldStop)
            else {
                interrupted = true
                comparisons.append(ContentRows([], index: index))
                continue
            }
            comparisons.append(rows)
        }
        self.comparisons = comparisons
    }

    /// The rows whose words match `expression`; nil when `shouldStop` stopped the lookup.
    private static func rows(
        _ expression: String, store: TextStore, index: IndexFile, shouldStop: (() -> Bool)?
    ) throws(FSFindError) -> ContentRows? {
        guard let shouldStop else { return ContentRows(try store.search(expression), index: index) }
        guard let hits = try store.search(expression, shouldStop: shouldStop) else { return nil }
        return ContentRows(hits, index: index, shouldStop: shouldStop)
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
