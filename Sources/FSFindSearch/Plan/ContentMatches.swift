import FSFindIndex
import FSFindModel
import FSFindQuery
import FSFindText
import Foundation

/// The rows whose words (in the text store) match one full-text question, with their relevance.
///
/// A store document counts only for the row whose path **and** identity it carries: a changed or
/// deleted file's old words, still in the store until the refresh that replaced the index removes
/// them, never match (`docs/full-text.md`). Membership is a bit set, so a plan asks it per row at
/// the cost of a shift and a mask.
final class ContentRows {
    private var bits: [UInt64]
    /// BM25 per row, 0 where the store said nothing: a dense column (4 bytes a row) rather than a
    /// dictionary, which cost a hash per hit and per lookup (a common word has 100,000 hits).
    private var relevance: [Float]
    private var found = 0

    /// The rows of `index` that the store's `hits` name; `threads` as in ``init(_:index:shouldStop:threads:)``.
    convenience init(_ hits: [TextStore.Hit], index: IndexFile, threads: Int? = nil) {
        self.init(hits, index: index, shouldStop: nil, threads: threads)!
    }

    /// Below this many hits one thread finds them all: starting more costs more than it saves.
    static let parallelHits = 20_000

    /// Nil when `shouldStop` says so (asked every 256 hits).
    ///
    /// The hits are looked up in path order, each from the row of the one before (a galloping
    /// search, ``IndexFile/lowerBound(_:from:)``): a common word's 173,000 hits on a million rows
    /// cost a few path comparisons each instead of a binary search of the whole file each.
    /// Many hits, when nothing may stop the lookup, are cut into one run per core (`threads`: nil
    /// for that, or a number), each starting with a binary search; runs are cut between two
    /// paths, so no row is found by two threads.
    init?(_ hits: [TextStore.Hit], index: IndexFile, shouldStop: (() -> Bool)?, threads: Int? = nil) {
        let words = (index.itemCount + 63) / 64
        bits = [UInt64](repeating: 0, count: words)
        relevance = hits.isEmpty ? [] : [Float](repeating: 0, count: index.itemCount)
        // The store gives them in path order; sorted here only if they are not (a store that
        // sorts otherwise would still be answered right, more slowly).
        let inOrder = zip(hits, hits.dropFirst()).allSatisfy { IndexFormat.compare($0.path, $1.path) <= 0 }
        let order =
            inOrder
            ? Array(hits.indices) : hits.indices.sorted { IndexFormat.compare(hits[$0].path, hits[$1].path) < 0 }
        let parts =
            shouldStop != nil
            ? 1
            : threads
                ?? (order.count < Self.parallelHits ? 1 : min(4, ProcessInfo.processInfo.activeProcessorCount))
        if parts <= 1 {
            var own = bits
            let count = relevance.withUnsafeMutableBufferPointer { scores in
                Self.lookUp(0..<order.count, of: hits, in: order, index: index, bits: &own, scores: scores, shouldStop)
            }
            guard let count else { return nil }
            bits = own
            found = count
            return
        }
        // Cut between two different paths, so each row is found by one thread only.
        var bounds = [0]
        for part in 1..<parts {
            var bound = max(bounds[bounds.count - 1], order.count * part / parts)
            while bound > 0, bound < order.count, hits[order[bound]].path == hits[order[bound - 1]].path { bound += 1 }
            bounds.append(bound)
        }
        bounds.append(order.count)
        let cuts = bounds
        let results = PartResults(count: parts)
        relevance.withUnsafeMutableBufferPointer { buffer in
            // Each thread writes the relevance of its own rows only (see the cut above).
            let scores = OneWriterPerRow(buffer)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                var own = [UInt64](repeating: 0, count: words)
                let count = Self.lookUp(
                    cuts[part]..<cuts[part + 1], of: hits, in: order, index: index, bits: &own, scores: scores.buffer,
                    nil)
                results.store(own, count ?? 0, at: part)
            }
        }
        for (own, count) in results.all {
            found += count
            for k in own.indices where own[k] != 0 { bits[k] |= own[k] }
        }
    }

    /// Finds the hits at `positions` of `order` in the index, each from the row of the one before
    /// (the first by a search from the start when the range does not start at 0): sets their
    /// bits, keeps their best score; how many rows it found, or nil when `shouldStop` said so
    /// (asked every 256 hits).
    private static func lookUp(
        _ positions: Range<Int>, of hits: [TextStore.Hit], in order: [Int], index: IndexFile, bits: inout [UInt64],
        scores: UnsafeMutableBufferPointer<Float>, _ shouldStop: (() -> Bool)?
    ) -> Int? {
        var count = 0
        var from =
            positions.isEmpty || positions.lowerBound == 0
            ? 0 : index.lowerBound(hits[order[positions.lowerBound]].path)
        for position in positions {
            if let shouldStop, position & 255 == 255, shouldStop() { return nil }
            let hit = hits[order[position]]
            let row = index.lowerBound(hit.path, from: from)
            from = row
            guard index.hasPath(hit.path, at: row), index.identity(at: row) == hit.identity else { continue }
            if bits[row >> 6] & (1 << UInt64(row & 63)) == 0 { count += 1 }
            bits[row >> 6] |= 1 << UInt64(row & 63)
            scores[row] = max(scores[row], Float(hit.relevance))
        }
        return count
    }

    var isEmpty: Bool { found == 0 }

    @inline(__always) func contains(_ row: Int) -> Bool {
        bits[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    /// BM25 (larger is better), 0 for a row that did not match.
    func score(_ row: Int) -> Double { contains(row) ? Double(relevance[row]) : 0 }
}

/// What a query asks of the text store, answered once before the scan, for each file of the
/// index (the base, and the delta when there is one): the store is searched once, its answers
/// mapped to each file's rows.
package struct ContentMatches {
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

    /// The same answers, as rows of file `file` of the snapshot (0 base, 1 delta): what one file's
    /// ``QueryPlan`` reads.
    package func forFile(_ file: Int) -> ContentMatches {
        var copy = self
        copy.selected = file
        return copy
    }

    /// Set when `shouldStop` said stop before every question was answered: the matches are
    /// incomplete and the scan that asked is stale.
    package private(set) var interrupted = false

    /// Asks `store` (nil: no store, so nothing matches in content) for `query` against `index`.
    /// A free-text leaf with a word shorter than `minimumWordLength` is not asked (it then matches
    /// names and titles only): what the search field does while a word is one or two letters
    /// long, when every file's words would match and mapping them to rows would cost a keystroke.
    ///
    /// - Parameter shouldStop: asked while the store is searched and its answers mapped to rows
    ///   (`fsfind search`: a key is waiting); when it says yes, ``interrupted`` is set and the
    ///   questions left are not asked.
    package init(
        _ query: CompiledQuery, store: TextStore?, index: IndexSnapshot, minimumWordLength: Int = 0,
        shouldStop: (() -> Bool)? = nil
    ) throws(FSFindError) {
        let indexFiles = index.files
        files = indexFiles.map { _ in FileMatches() }
        guard let store else {
            for (k, file) in indexFiles.enumerated() {
                files[k].freeText = Self.freeTextLeaves(query.root).map { _ in nil }
                files[k].comparisons = Self.textContentTests(query.root).map { _ in ContentRows([], index: file) }
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
                guard let rows = try Self.rows(expression, store: store, files: indexFiles, shouldStop: shouldStop)
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
                let rows = try Self.rows(expression, store: store, files: indexFiles, shouldStop: shouldStop)
            else {
                interrupted = true
                for (k, file) in indexFiles.enumerated() { files[k].comparisons.append(ContentRows([], index: file)) }
                continue
            }
            for k in files.indices { files[k].comparisons.append(rows[k]) }
        }
    }

    /// The rows of each file whose words match `expression`; nil when `shouldStop` stopped the
    /// lookup.
    private static func rows(
        _ expression: String, store: TextStore, files: [IndexFile], shouldStop: (() -> Bool)?
    ) throws(FSFindError) -> [ContentRows]? {
        guard let shouldStop else {
            let hits = try store.search(expression)
            return files.map { ContentRows(hits, index: $0) }
        }
        guard let hits = try store.search(expression, shouldStop: shouldStop) else { return nil }
        var result: [ContentRows] = []
        for file in files {
            guard let rows = ContentRows(hits, index: file, shouldStop: shouldStop) else { return nil }
            result.append(rows)
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

/// Each part's bits and count, written by its own thread.
private final class PartResults: @unchecked Sendable {
    private var parts: [([UInt64], Int)]
    private let lock = NSLock()

    init(count: Int) { parts = Array(repeating: ([], 0), count: count) }

    func store(_ bits: [UInt64], _ count: Int, at part: Int) { lock.withLock { parts[part] = (bits, count) } }

    var all: [([UInt64], Int)] { lock.withLock { parts } }
}

/// A buffer that several threads write, each only at rows no other thread writes.
private struct OneWriterPerRow: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Float>
    init(_ buffer: UnsafeMutableBufferPointer<Float>) { self.buffer = buffer }
}
