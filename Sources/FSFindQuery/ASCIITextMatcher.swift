import FSFindModel

/// ``TextMatcher`` for ASCII values: the same glob, `w` and `t` rules over raw bytes, with no
/// allocation per value.
///
/// The pattern's folded literals are compared scalar by scalar with the value's folded bytes, as
/// ``TextMatcher`` compares them; a non-ASCII pattern scalar simply never equals an ASCII byte,
/// which is also what the general matcher concludes. The `QueryPlanTests` property test holds the
/// two to the same answers.
package struct ASCIITextMatcher: Sendable {
    private let fold: Bool
    private let wordBased: Bool
    private let tokenized: Bool
    private let literals: [[UInt32]]
    private let patternWords: [[UInt32]]
    private let leadingWildcard: Bool
    private let trailingWildcard: Bool
    /// For an exact pattern: its canonical decomposition, which an ASCII value equals (under
    /// `String`'s canonical equivalence) exactly when the bytes are the same.
    private let exact: [UInt32]?

    package init(_ matcher: TextMatcher) {
        fold = matcher.modifiers.caseInsensitive
        wordBased = matcher.modifiers.wordBased
        tokenized = matcher.modifiers.tokenized
        literals = matcher.literals.map { $0.map(\.value) }
        patternWords = matcher.patternWords.map { $0.map(\.value) }
        leadingWildcard = matcher.leadingWildcard
        trailingWildcard = matcher.trailingWildcard
        exact = matcher.exact.map { $0.decomposedStringWithCanonicalMapping.unicodeScalars.map(\.value) }
    }

    /// ``TextMatcher/matches(_:)`` for an ASCII value.
    package func matches(_ v: ASCIIText) -> Bool {
        if let exact {
            guard exact.count == v.count else { return false }
            for i in 0..<exact.count where UInt32(v.bytes[i]) != exact[i] { return false }
            return true
        }
        if tokenized {
            return patternWords.allSatisfy { word in
                var found = false
                v.forEachWord { range in
                    if range.count >= word.count && v.hasPrefix(at: range.lowerBound, word, fold: fold) {
                        found = true
                        return false
                    }
                    return true
                }
                return found
            }
        }
        if wordBased && !(literals.isEmpty && !leadingWildcard) {
            if leadingWildcard { return match(v, from: 0, wordEnds: true) == .matched }
            for start in 0...v.count where v.boundary(start) {
                switch match(v, from: start, wordEnds: true) {
                case .matched: return true
                case .failedHere: continue
                case .failedEverywhere: return false
                }
            }
            return false
        }
        return match(v, from: 0, wordEnds: false) == .matched
    }

    private func find(_ literal: [UInt32], in v: ASCIIText, from start: Int) -> Int? {
        let length = literal.count
        guard length <= v.count, length > 0 else { return length == 0 && start <= v.count ? start : nil }
        return literal.withUnsafeBufferPointer { literal in
            let first = literal[0]
            let bytes = v.bytes
            var i = start
            let last = v.count - length
            while i <= last {
                // Scan for the first scalar before comparing the rest.
                let byte = bytes[i]
                if UInt32(fold ? ASCIIText.lowered(byte) : byte) == first {
                    var k = 1
                    while k < length {
                        let other = bytes[i + k]
                        if UInt32(fold ? ASCIIText.lowered(other) : other) != literal[k] { break }
                        k += 1
                    }
                    if k == length { return i }
                }
                i += 1
            }
            return nil
        }
    }

    /// The end test: a word boundary (`w`) or the end of the value.
    @inline(__always) private func isEnd(_ v: ASCIIText, _ i: Int, wordEnds: Bool) -> Bool {
        wordEnds ? v.boundary(i) : i == v.count
    }

    /// ``TextMatcher``'s `match(_:from:end:)`, step for step.
    private func match(_ v: ASCIIText, from start: Int, wordEnds: Bool) -> TextMatcher.Outcome {
        var position = start
        var next = 0
        if literals.isEmpty {
            return leadingWildcard || trailingWildcard || isEnd(v, position, wordEnds: wordEnds)
                ? .matched : .failedHere
        }
        if !leadingWildcard {
            guard v.hasPrefix(at: position, literals[0], fold: fold) else { return .failedHere }
            position += literals[0].count
            next = 1
            if literals.count == 1 && !trailingWildcard {
                return isEnd(v, position, wordEnds: wordEnds) ? .matched : .failedHere
            }
        }
        let lastFree = trailingWildcard ? literals.count : literals.count - 1
        while next < lastFree {
            guard let found = find(literals[next], in: v, from: position) else { return .failedEverywhere }
            position = found + literals[next].count
            next += 1
        }
        if trailingWildcard { return .matched }
        let last = literals[literals.count - 1]
        var candidate = position
        while let found = find(last, in: v, from: candidate) {
            if isEnd(v, found + last.count, wordEnds: wordEnds) { return .matched }
            candidate = found + 1
        }
        return .failedEverywhere
    }
}
