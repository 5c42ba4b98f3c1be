import FSFindIndexFormat
import FSFindQuery

/// The other forms of a free-text query word that names, titles and the other values count as
/// the word itself: the words of the index with the same stem (`comparisons` finds the song
/// titled "Comparison", `running` the file named "run"), as the text store's stemmer makes stems,
/// so values and the words inside files take a word's forms alike.
///
/// A word's prefixes already match; its forms are the words that do not start with it. They are
/// looked for among the index's words (``WordLexicon``) that start with the stem (less a final
/// `i`, which English stems make of a `y`: `ponies` → `poni`, `pony` → `poni`), and the stem
/// itself is always one (an index of an earlier format has no words to look among).
enum WordForms {
    /// The most words looked at for one query word: a short stem of a common start (`run`) may
    /// start thousands, and each is stemmed.
    static let mostCandidates = 2000
    /// Shorter words take no forms: their prefixes already match nearly everything.
    static let shortestWord = 3

    /// For each word of `matcher`, its forms (folded, UTF-8), none of which starts with the word.
    static func forms(
        of matcher: FreeTextMatcher, lexicons: [WordLexicon], stemming: (String) -> String?
    ) -> [[[UInt8]]] {
        matcher.words.map { word in
            guard word.count >= shortestWord else { return [] }
            let text = String(String.UnicodeScalarView(word))
            guard let stem = stemming(text), !stem.isEmpty else { return [] }
            var forms = indexedForms(of: text, stem: stem, lexicons: lexicons, stemming: stemming)
            if !Array(stem.utf8).starts(with: Array(text.utf8)) { forms.insert(Array(stem.utf8)) }
            return forms.sorted { $0.lexicographicallyPrecedes($1) }
        }
    }

    /// True when a word of the index is a form of `word` that does not start with it
    /// (`comparisons` when a title says "Comparison"): the word matches, and is no typo.
    static func hasIndexedForm(_ word: String, lexicons: [WordLexicon], stemming: (String) -> String?) -> Bool {
        guard word.unicodeScalars.count >= shortestWord, let stem = stemming(word), !stem.isEmpty else { return false }
        return !indexedForms(of: word, stem: stem, lexicons: lexicons, stemming: stemming).isEmpty
    }

    /// The words of `lexicons` whose stem is `stem` (that of `text`) and that do not start with
    /// `text`, at most ``mostCandidates`` looked at.
    private static func indexedForms(
        of text: String, stem: String, lexicons: [WordLexicon], stemming: (String) -> String?
    ) -> Set<[UInt8]> {
        let typed = Array(text.utf8)
        var forms: Set<[UInt8]> = []
        var start = Array(stem.utf8)
        if start.last == UInt8(ascii: "i") { start.removeLast() }
        guard start.count >= shortestWord else { return forms }
        var looked = 0
        for lexicon in lexicons {
            start.withUnsafeBytes { start in
                for w in lexicon.words(startingWith: start) where looked < mostCandidates {
                    let candidate = lexicon.word(w)
                    guard !candidate.starts(with: typed) else { continue }
                    looked += 1
                    let bytes = Array(candidate)
                    if !forms.contains(bytes), stemming(String(decoding: bytes, as: UTF8.self)) == stem {
                        forms.insert(bytes)
                    }
                }
            }
        }
        return forms
    }
}
