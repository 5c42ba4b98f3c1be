import FSFindModel

/// Evaluates and ranks a free-text query: every word must be a prefix (case- and
/// diacritic-insensitive, `t` word rules) of a word in a free-text attribute, and different words
/// may match in different attributes.
///
/// Relevance adds up, per query word, its best match: the attribute's weight (`displayName` 1.0,
/// `title` 0.7, `authorNames` 0.5, `keywords` and `album` 0.4 — a name match counts most) times the
/// match quality (1.0 for the whole word, else 0.5 plus half the share of the word typed, so
/// `par` on `paris` scores 0.8), plus 0.1 when it is the value's first word. An item whose name
/// holds every query word gets 0.5 more, so name hits rank above scattered ones.
package struct FreeTextMatcher: Sendable {
    /// Query words, folded, after splitting at word boundaries (`paris-fr` is two words).
    package let words: [[Unicode.Scalar]]
    /// The runs of ``words`` that came from one quoted phrase (`"buy bread"`): in names and titles
    /// each of its words is a word as any other; inside files they must stand together, in order.
    package let phrases: [Range<Int>]
    /// What an item whose name holds every query word gets on top of the words' matches.
    package static let inNameBonus = 0.5

    package init(words: [String]) {
        var folded: [[Unicode.Scalar]] = []
        var phrases: [Range<Int>] = []
        for word in words {
            let text = TextFolding.fold(word, caseInsensitive: true, diacriticInsensitive: true)
            let start = folded.count
            folded += text.words.map { Array(text.scalars[$0]) }
            if word.contains(" "), folded.count - start > 1 { phrases.append(start..<folded.count) }
        }
        self.words = folded
        self.phrases = phrases
    }

    /// The relevance score, or nil when some query word matches nowhere.
    ///
    /// Per query word, the best `weight × quality` over every value of every attribute: within
    /// one value that is `weight × (its best quality)`, since a positive weight keeps the order,
    /// rounding included, so the scans that keep a value's qualities once per distinct string
    /// (``qualities(in:into:)``) rank as this does.
    func score(_ item: some AttributeSource) -> Double? {
        guard !words.isEmpty else { return nil }
        var best = [Double](repeating: 0, count: words.count)
        var inName = [Bool](repeating: false, count: words.count)
        var found = [Double](repeating: 0, count: words.count)
        for (attribute, weight) in AttributeRegistry.freeTextWeights {
            let values: [String]
            switch item.value(of: attribute) {
            case .text(let text): values = [text]
            case .textList(let list): values = list
            default: continue
            }
            for value in values {
                let folded = TextFolding.fold(value, caseInsensitive: true, diacriticInsensitive: true)
                found.withUnsafeMutableBufferPointer { qualities(in: folded, into: $0) }
                for index in words.indices where found[index] > 0 {
                    best[index] = max(best[index], weight * found[index])
                    if attribute == .displayName { inName[index] = true }
                }
            }
        }
        guard best.allSatisfy({ $0 > 0 }) else { return nil }
        return best.reduce(0, +) + (inName.allSatisfy { $0 } ? Self.inNameBonus : 0)
    }

    /// The best match quality of each query word in a value already folded (case and diacritics):
    /// 0 where no word of the value starts with it.
    package func qualities(in folded: FoldedText, into result: UnsafeMutableBufferPointer<Double>) {
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

    /// How well a query word matches a value's word it starts: 1.0 for the whole word, else 0.5
    /// plus half the share typed; 0.1 more for the value's first word. The one formula every
    /// scorer uses (the scans' per-string qualities and their bounds too), so their ranks agree.
    @inline(__always) package static func quality(wordCount: Int, valueWordCount: Int, first: Bool) -> Double {
        var quality = valueWordCount == wordCount ? 1.0 : 0.5 + 0.5 * Double(wordCount) / Double(valueWordCount)
        if first { quality += 0.1 }
        return quality
    }
}
