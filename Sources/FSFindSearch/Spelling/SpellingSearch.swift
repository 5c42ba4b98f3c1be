import FSFindModel

/// The words of a ``SpellingVocabulary`` within a few edits of a word: insertions, deletions,
/// substitutions and swaps of two neighbours (optimal string alignment, the Damerau distance
/// people's typos follow: `comparsion` is one edit from "comparison", not Levenshtein's two).
///
/// The sorted list is walked as a trie, one row of the edit-distance table per letter of the
/// prefix, and a prefix already more than `limit` edits from every start of the word is not
/// followed: only the prefixes that can still lead to a near word are read, a seek each (Lucene's
/// fuzzy terms walk a sorted dictionary the same way). Nothing is built for the walk: it reads
/// the lists as they are kept (`docs/decisions.md`, "Spelling suggestions"). Distances count
/// Unicode scalars, not bytes.
struct SpellingSearch {
    /// A word found, and its distance from the target.
    struct Match: Equatable, Sendable {
        let word: [UInt8]
        let distance: Int
    }

    private let target: [Unicode.Scalar]
    private let limit: Int
    /// The start every word found must have: the walk's cost is mostly its first two letters,
    /// where every prefix is still near.
    private let fixed: [UInt8]

    /// Searches for words at most `limit` edits from `word` (folded UTF-8) that start with its
    /// first `fixedScalars` scalars.
    init(_ word: [UInt8], limit: Int, fixedScalars: Int = 0) {
        target = Array(String(decoding: word, as: UTF8.self).unicodeScalars)
        self.limit = limit
        var fixed: [UInt8] = []
        for scalar in target.prefix(fixedScalars) { fixed += Array(String(scalar).utf8) }
        self.fixed = fixed
    }

    /// Every word of `vocabulary` within the limit, in byte order.
    func matches(in vocabulary: some SpellingVocabulary) throws(FSFindError) -> [Match] {
        var walk = Walk(target: target, limit: limit)
        for scalar in String(decoding: fixed, as: UTF8.self).unicodeScalars {
            walk.push(scalar, bytes: Array(String(scalar).utf8))
        }
        guard walk.isNear else { return [] }
        try walk.visit(vocabulary)
        return walk.found
    }

    /// The state of one walk: the prefix, and one table row for each of its scalars.
    private struct Walk {
        let target: [Unicode.Scalar]
        let limit: Int
        var prefix: [UInt8] = []
        /// Where each scalar of the prefix starts in ``prefix``.
        var starts: [Int] = []
        var scalars: [Unicode.Scalar] = []
        /// `rows[d][j]`: the distance between the prefix's first d scalars and the target's first j.
        var rows: [[Int]]
        var found: [Match] = []

        init(target: [Unicode.Scalar], limit: Int) {
            self.target = target
            self.limit = limit
            rows = [Array(0...target.count)]
        }

        /// True when some start of the target is within the limit of the prefix: a longer word
        /// can still be near (a swap's two letters are never more than one edit apart, so the
        /// test holds for swaps too).
        var isNear: Bool { rows[rows.count - 1].min()! <= limit }

        mutating func push(_ scalar: Unicode.Scalar, bytes: [UInt8]) {
            let previous = rows[rows.count - 1]
            let depth = rows.count
            var row = [Int](repeating: depth, count: target.count + 1)
            for j in stride(from: 1, through: target.count, by: 1) {
                let cost = target[j - 1] == scalar ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if depth > 1, j > 1, scalar == target[j - 2], scalars[depth - 2] == target[j - 1] {
                    row[j] = min(row[j], rows[depth - 2][j - 2] + 1)
                }
            }
            starts.append(prefix.count)
            prefix += bytes
            scalars.append(scalar)
            rows.append(row)
        }

        mutating func pop() {
            prefix.removeSubrange(starts.removeLast()...)
            scalars.removeLast()
            rows.removeLast()
        }

        /// Reads the words that start with the prefix: the prefix itself when it is one, then
        /// each next scalar in turn, one seek per scalar found.
        mutating func visit(_ vocabulary: some SpellingVocabulary) throws(FSFindError) {
            var key = prefix
            while let word = try vocabulary.firstWord(atOrAfter: key), word.starts(with: prefix) {
                if word.count == prefix.count {
                    let distance = rows[rows.count - 1][target.count]
                    if distance <= limit { found.append(Match(word: word, distance: distance)) }
                    key = prefix + [0]
                    continue
                }
                let length = Self.scalarLength(word[prefix.count])
                guard prefix.count + length <= word.count else { return }
                let bytes = Array(word[prefix.count..<(prefix.count + length)])
                guard let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first else { return }
                push(scalar, bytes: bytes)
                if isNear { try visit(vocabulary) }
                pop()
                // The next sibling: the first word past every word that starts with this one.
                key = prefix + bytes
                guard let last = key.last, last < 0xFF else { return }
                key[key.count - 1] = last + 1
            }
        }

        /// How many bytes the UTF-8 scalar that starts with `lead` takes.
        static func scalarLength(_ lead: UInt8) -> Int {
            switch lead {
            case ..<0x80: 1
            case 0xF0...: 4
            case 0xE0...: 3
            case 0xC0...: 2
            default: 1
            }
        }
    }
}
