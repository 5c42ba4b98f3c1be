import Foundation

/// A word of a query that nothing holds, and the word it most likely meant: what every front end
/// offers as "did you mean" (``OpenIndex/suggestions(for:)``).
package struct SpellingCorrection: Sendable, Equatable {
    /// The word as free text folds it (lower case, no accents).
    package let word: String
    package let suggestion: String

    /// `text` with each corrected word replaced, wherever it stands as a whole word, whatever its
    /// case (`Quartely report` → `quarterly report`): the search a person can take in one key.
    package static func corrected(_ text: String, by corrections: [SpellingCorrection]) -> String {
        guard !corrections.isEmpty else { return text }
        var result = ""
        var word = ""
        func flush() {
            let folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
            result += corrections.first(where: { $0.word == folded })?.suggestion ?? word
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}
