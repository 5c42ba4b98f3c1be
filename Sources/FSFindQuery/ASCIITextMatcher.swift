import FSFindModel
import Foundation

/// ``TextMatcher`` for ASCII values: the same glob, `w` and `t` rules over raw bytes, with no
/// allocation per value.
///
/// The pattern's folded literals are compared scalar by scalar with the value's folded bytes, as
/// ``TextMatcher`` compares them; a non-ASCII pattern scalar simply never equals an ASCII byte,
/// which is also what the general matcher concludes. The `QueryPlanTests` property test holds the
/// two to the same answers.
struct ASCIITextMatcher: Sendable {
    private let fold: Bool
    private let wordBased: Bool
    private let tokenized: Bool
    /// One scanner per folded literal, in order; `scanners[i].literal` is the literal itself
    /// (kept once: the matcher is copied per row, and each array more is a retain more).
    private let scanners: [LiteralScanner]
    private let patternWords: [[UInt32]]
    private let leadingWildcard: Bool
    private let trailingWildcard: Bool
    /// For an exact pattern: its canonical decomposition, which an ASCII value equals (under
    /// `String`'s canonical equivalence) exactly when the bytes are the same.
    private let exact: [UInt32]?

    /// The ASCII half of a ``TextMatcher`` made of these parts (its own `init` makes one).
    init(
        modifiers: TextModifiers, scanners: [LiteralScanner], patternWords: [[Unicode.Scalar]], leadingWildcard: Bool,
        trailingWildcard: Bool, exact: String?
    ) {
        fold = modifiers.caseInsensitive
        wordBased = modifiers.wordBased
        tokenized = modifiers.tokenized
        self.scanners = scanners
        self.patternWords = patternWords.map { $0.map(\.value) }
        self.leadingWildcard = leadingWildcard
        self.trailingWildcard = trailingWildcard
        self.exact = exact.map { $0.decomposedStringWithCanonicalMapping.unicodeScalars.map(\.value) }
    }

    /// `matcher`'s ASCII half.
    init(_ matcher: TextMatcher) { self = matcher.ascii }

    /// ``TextMatcher/matches(_:)`` for an ASCII value.
    func matches(_ v: ASCIIText) -> Bool {
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
        if wordBased && !(scanners.isEmpty && !leadingWildcard) {
            if leadingWildcard { return match(v, from: 0, wordEnds: true) == .matched }
            if scanners[0].literal.isEmpty {
                for start in 0...v.count where v.boundary(start) {
                    switch match(v, from: start, wordEnds: true) {
                    case .matched: return true
                    case .failedHere: continue
                    case .failedEverywhere: return false
                    }
                }
                return false
            }
            var outcome = TextMatcher.Outcome.failedHere
            forEachOccurrence(0, in: v, from: 0) { start in
                guard v.boundary(start) else { return true }
                outcome = match(v, from: start, wordEnds: true, firstFound: true)
                return outcome == .failedHere
            }
            return outcome == .matched
        }
        return match(v, from: 0, wordEnds: false) == .matched
    }

    /// Calls `found` with each place at or after `start` where literal `index` occurs, left to
    /// right, while it returns true; an empty literal occurs everywhere.
    @inline(__always)
    private func forEachOccurrence(_ index: Int, in v: ASCIIText, from start: Int, _ found: (Int) -> Bool) {
        if scanners[index].literal.isEmpty {
            for i in start...v.count where !found(i) { return }
            return
        }
        let bytes = v.bytes
        if fold {
            scanners[index].scan(
                count: v.count, from: start, element: { UInt32(ASCIIText.lowered(bytes[$0])) }, found: found)
        } else {
            scanners[index].scan(count: v.count, from: start, element: { UInt32(bytes[$0]) }, found: found)
        }
    }

    /// The first place at or after `start` where literal `index` occurs. A short literal (the
    /// usual name part) is found by a tight scan for its first byte, as fast as it gets and still
    /// linear; a long one by the ``LiteralScanner``.
    private func find(_ index: Int, in v: ASCIIText, from start: Int) -> Int? {
        let literal = scanners[index].literal
        let length = literal.count
        guard length <= LiteralScanner.directLimit else { return findLong(index, in: v, from: start) }
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

    /// ``find(_:in:from:)`` for a long literal; kept out of line so the short case stays tight.
    @inline(never)
    private func findLong(_ index: Int, in v: ASCIIText, from start: Int) -> Int? {
        var result: Int?
        forEachOccurrence(index, in: v, from: start) { i in
            result = i
            return false
        }
        return result
    }

    /// The end test: a word boundary (`w`) or the end of the value.
    @inline(__always) private func isEnd(_ v: ASCIIText, _ i: Int, wordEnds: Bool) -> Bool {
        wordEnds ? v.boundary(i) : i == v.count
    }

    /// ``TextMatcher``'s `match(_:from:end:endIsValueEnd:firstFound:)`, step for step.
    private func match(_ v: ASCIIText, from start: Int, wordEnds: Bool, firstFound: Bool = false)
        -> TextMatcher.Outcome
    {
        var position = start
        var next = 0
        if scanners.isEmpty {
            return leadingWildcard || trailingWildcard || isEnd(v, position, wordEnds: wordEnds)
                ? .matched : .failedHere
        }
        if !leadingWildcard {
            guard firstFound || v.hasPrefix(at: position, scanners[0].literal, fold: fold) else { return .failedHere }
            position += scanners[0].literal.count
            next = 1
            if scanners.count == 1 && !trailingWildcard {
                return isEnd(v, position, wordEnds: wordEnds) ? .matched : .failedHere
            }
        }
        let lastFree = trailingWildcard ? scanners.count : scanners.count - 1
        while next < lastFree {
            guard let found = find(next, in: v, from: position) else { return .failedEverywhere }
            position = found + scanners[next].literal.count
            next += 1
        }
        if trailingWildcard { return .matched }
        let lastIndex = scanners.count - 1
        let last = scanners[lastIndex].literal
        if !wordEnds {
            let at = v.count - last.count
            return at >= position && v.hasPrefix(at: at, last, fold: fold) ? .matched : .failedEverywhere
        }
        var matched = false
        forEachOccurrence(lastIndex, in: v, from: position) { found in
            matched = v.boundary(found + last.count)
            return !matched
        }
        return matched ? .matched : .failedEverywhere
    }
}
