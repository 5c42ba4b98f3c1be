import FSFindModel
import Foundation

/// The word a person most likely meant by one that nothing holds: of the words of every
/// vocabulary (the index's names, titles and text attributes, and the words inside files) at most
/// two edits away, the one with the fewest edits and the most occurrences (``Candidate``;
/// `docs/decisions.md`, "Spelling suggestions").
struct SpellingCorrector {
    private let vocabularies: [any SpellingVocabulary]

    /// The most edits a suggestion may be from the word typed: two, as the misspellings people
    /// make are (`benchmarks/misspellings.tsv`); a word of ``twoEditsFrom`` scalars or fewer
    /// takes one, as two edits turn a short word into too many others.
    static let limit = 2
    static let twoEditsFrom = 5

    init(_ vocabularies: [any SpellingVocabulary]) {
        self.vocabularies = vocabularies
    }

    /// The suggestions for `word` (folded as free text folds it), best first, at most `count`;
    /// empty when the word itself is in a vocabulary, or is too short to correct.
    func suggestions(for word: String, count: Int = 1) throws(FSFindError) -> [String] {
        let scalars = word.unicodeScalars.count
        guard scalars >= 3, let firstScalar = word.unicodeScalars.first else { return [] }
        let limit = scalars < Self.twoEditsFrom ? 1 : Self.limit
        let bytes = Array(word.utf8)
        let hasDigits = bytes.contains { $0 &- 0x30 < 10 }
        var candidates: [[UInt8]: Candidate] = [:]
        for vocabulary in vocabularies {
            // Words that keep the first letter, within the limit; then, a seek per edit, those one
            // edit away that change it (a walk with no letter fixed reads ten times the prefixes:
            // `benchmarks/RESULTS.md`, "Spelling suggestions").
            let first = Array(String(firstScalar).utf8)
            let near = try vocabulary.narrowed(to: first, length: max(1, scalars - limit)...(scalars + limit))
            var found = try SpellingSearch(bytes, limit: limit, fixedScalars: 1).matches(in: near)
            for edit in Self.firstLetterEdits(of: word) where try vocabulary.occurrences(of: edit) > 0 {
                found.append(SpellingSearch.Match(word: edit, distance: 1))
            }
            // A word both ways (`aab` from `ab`) counts once.
            var nearest: [[UInt8]: Int] = [:]
            for match in found { nearest[match.word] = min(nearest[match.word] ?? match.distance, match.distance) }
            for (match, distance) in nearest {
                if distance == 0 { return [] }
                // Names hold versions and identifiers (`x264`); a word typed without digits is
                // not offered one with them.
                if !hasDigits, match.contains(where: { $0 &- 0x30 < 10 }) { continue }
                let occurrences = try vocabulary.occurrences(of: match)
                candidates[match, default: Candidate(word: match, distance: distance, occurrences: 0)]
                    .occurrences += occurrences
            }
        }
        return candidates.values.sorted().prefix(count).map { String(decoding: $0.word, as: UTF8.self) }
    }

    /// The words one edit from `word` at its first scalar: a letter put before it, it dropped,
    /// replaced, or swapped with the second. The letters tried are those of the word's own
    /// script: ASCII for an ASCII word, the word's other letters too otherwise.
    static func firstLetterEdits(of word: String) -> [[UInt8]] {
        let scalars = Array(word.unicodeScalars)
        guard let first = scalars.first else { return [] }
        let rest = scalars.dropFirst()
        var alphabet = Set("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
        alphabet.formUnion(scalars)
        var edits: [[Unicode.Scalar]] = [Array(rest)]
        for letter in alphabet.sorted() {
            edits.append([letter] + scalars)
            if letter != first { edits.append([letter] + rest) }
        }
        if scalars.count > 1, scalars[1] != first { edits.append([scalars[1], first] + scalars.dropFirst(2)) }
        return edits.map { Array(String(String.UnicodeScalarView($0)).utf8) }
    }
}

/// A word a correction may offer, ranked by ``score``; ties go to fewer edits, more occurrences,
/// then byte order (so the same vocabulary always gives the same answer).
struct Candidate: Comparable {
    let word: [UInt8]
    let distance: Int
    var occurrences: Int

    /// How many times as often a word one edit further must occur to rank first: a hundred. The
    /// words people can find include typos (changelogs are full of them: `follwing` is one edit
    /// from `follwiwng`, `following` two), so a word met once or twice one edit away must not
    /// beat a common word one more edit away; fewest edits first would (366 of 400 first against
    /// 371, `benchmarks/RESULTS.md`, "Spelling suggestions"). The noisy channel of Norvig's
    /// corrector: the word's frequency times the chance of each edit.
    static let occurrencesPerEdit = 100.0

    /// log(occurrences) − log(``occurrencesPerEdit``) × edits: larger is likelier.
    var score: Double { log(Double(occurrences + 1)) - log(Self.occurrencesPerEdit) * Double(distance) }

    static func < (a: Candidate, b: Candidate) -> Bool {
        // Sorted best first: "less" is the better one.
        if a.score != b.score { return a.score > b.score }
        if a.distance != b.distance { return a.distance < b.distance }
        if a.occurrences != b.occurrences { return a.occurrences > b.occurrences }
        return a.word.lexicographicallyPrecedes(b.word)
    }
}
