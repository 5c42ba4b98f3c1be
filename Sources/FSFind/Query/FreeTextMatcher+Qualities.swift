/// One value's part of a free-text score, so a scan can work it out once per distinct string.
///
/// ``FreeTextMatcher/score(_:)`` keeps, per query word, the best `weight × quality` over every
/// value of every attribute. Within one value, the best is `weight × (best quality)` — multiplying
/// by a positive weight keeps the order, rounding included — so a value's best quality per query
/// word (0 where the word matches none of its words) is all a scan needs to remember about it.
extension FreeTextMatcher {
    /// The best match quality of each query word in `value` (0: no word of `value` starts with it).
    func qualities(in value: String, into result: inout [Double]) {
        qualities(in: TextFolding.fold(value, caseInsensitive: true, diacriticInsensitive: true), into: &result)
    }

    /// ``qualities(in:into:)`` of a value already folded (case and diacritics).
    func qualities(in folded: FoldedText, into result: inout [Double]) {
        let scalars = folded.scalars
        let valueWords = folded.words
        for index in words.indices {
            let word = words[index]
            var best = 0.0
            for position in valueWords.indices {
                let range = valueWords[position]
                guard range.count >= word.count else { continue }
                var k = 0
                while k < word.count, scalars[range.lowerBound + k] == word[k] { k += 1 }
                guard k == word.count else { continue }
                best = max(best, Self.quality(wordCount: word.count, valueWordCount: range.count, first: position == 0))
            }
            result[index] = best
        }
    }

    /// ``qualities(in:into:)`` for an ASCII value, over its bytes.
    func qualities(in value: ASCIIText, words: [[UInt32]], into result: inout [Double]) {
        for index in words.indices { result[index] = 0 }
        var position = 0
        value.forEachWord { range in
            for index in words.indices {
                let word = words[index]
                guard range.count >= word.count, value.hasPrefix(at: range.lowerBound, word, fold: true) else {
                    continue
                }
                result[index] = max(
                    result[index],
                    Self.quality(wordCount: word.count, valueWordCount: range.count, first: position == 0))
            }
            position += 1
            return true
        }
    }

    /// 1.0 for the whole word, else 0.5 plus half the share typed; 0.1 more for the first word
    /// (the arithmetic ``score(_:)`` does, in the same order).
    @inline(__always) static func quality(wordCount: Int, valueWordCount: Int, first: Bool) -> Double {
        var quality = valueWordCount == wordCount ? 1.0 : 0.5 + 0.5 * Double(wordCount) / Double(valueWordCount)
        if first { quality += 0.1 }
        return quality
    }
}
