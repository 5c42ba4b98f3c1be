import Foundation

/// Which characters of a result's name the typed words matched, to draw them highlighted: for
/// each word, its first occurrence at the start of a word of the name, else its first occurrence
/// anywhere (the scan also matches inside names). Compared as the scan compares, without case and
/// accents, character by character so the ranges count the name's own characters.
enum NameHighlight {
    /// Character ranges of `name`, sorted and not overlapping.
    static func ranges(in name: String, words: [String]) -> [Range<Int>] {
        guard !words.isEmpty, !name.isEmpty else { return [] }
        let characters = Array(name)
        let folded = characters.map(fold)
        var found: [Range<Int>] = []
        for word in words {
            let target = Array(word).map(fold)
            guard !target.isEmpty, target.count <= folded.count else { continue }
            let starts = (0...(folded.count - target.count)).filter { start in
                folded[start..<start + target.count].elementsEqual(target)
            }
            let atWordStart = starts.first { $0 == 0 || !characters[$0 - 1].isLetter && !characters[$0 - 1].isNumber }
            if let start = atWordStart ?? starts.first { found.append(start..<start + target.count) }
        }
        // Merge overlaps (two words matching the same letters).
        var merged: [Range<Int>] = []
        for range in found.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// ASCII by arithmetic (names are mostly ASCII, and this runs for every visible row on every
    /// paint); anything else through Foundation's folding.
    private static func fold(_ character: Character) -> String {
        if let ascii = character.asciiValue {
            return String(UnicodeScalar((65...90).contains(ascii) ? ascii + 32 : ascii))
        }
        return String(character).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
