import FSFindModel

/// One text pattern with its modifiers, compiled once per query and applied to many values.
///
/// The pattern is folded up front; each value is folded once per call and then matched scalar by
/// scalar. Matching is a glob with `*` only: the first literal is anchored at the match start, the
/// last at the match end, and the ones between are taken leftmost-first, which is optimal for
/// `*`-only globs, so there is no backtracking and the cost is O(value × pattern) at worst.
package struct TextMatcher: Sendable {
    let modifiers: TextModifiers
    /// Folded literals, in order.
    package let literals: [[Unicode.Scalar]]
    /// A scanner for each literal, by the same index (shared with ``ASCIITextMatcher``).
    let scanners: [LiteralScanner]
    let leadingWildcard: Bool
    package let trailingWildcard: Bool
    /// For `t`: the pattern's words, folded.
    let patternWords: [[Unicode.Scalar]]
    /// Set for a pattern without wildcards or modifiers: then matching is String equality, which
    /// in Swift is already canonical equivalence, and nothing needs folding.
    let exact: String?
    /// The same pattern over an ASCII value's bytes, which ``matches(utf8:)`` takes when it can.
    let ascii: ASCIITextMatcher

    init(_ pattern: TextPattern, modifiers: TextModifiers) {
        self.modifiers = modifiers
        var literals: [[Unicode.Scalar]] = []
        var words: [[Unicode.Scalar]] = []
        for segment in pattern.segments {
            guard case .literal(let text) = segment else { continue }
            let folded = TextFolding.fold(
                text, caseInsensitive: modifiers.caseInsensitive,
                diacriticInsensitive: modifiers.diacriticInsensitive)
            literals.append(folded.scalars)
            words += folded.words.map { Array(folded.scalars[$0]) }
        }
        self.literals = literals
        scanners = literals.map { LiteralScanner($0.map(\.value)) }
        self.patternWords = words
        leadingWildcard = pattern.segments.first == .wildcard
        trailingWildcard = pattern.segments.last == .wildcard
        exact = modifiers.isEmpty && !pattern.hasWildcards ? pattern.literalText : nil
        ascii = ASCIITextMatcher(
            modifiers: modifiers, scanners: scanners, patternWords: patternWords, leadingWildcard: leadingWildcard,
            trailingWildcard: trailingWildcard, exact: exact)
    }

    /// True when `value` matches (before `!=` negation and list handling, which the caller does).
    package func matches(_ value: String) -> Bool {
        if let exact { return value == exact }
        let folded = TextFolding.fold(
            value, caseInsensitive: modifiers.caseInsensitive,
            diacriticInsensitive: modifiers.diacriticInsensitive)
        return matches(folded)
    }

    /// ``matches(_:)`` of a value's UTF-8 bytes, as an index stores it: an ASCII value over its
    /// bytes (``ASCIITextMatcher``, no allocation), Latin letters folded without Foundation's
    /// normalizer, the rest read as a `String`.
    package func matches(utf8 bytes: UnsafeRawBufferPointer) -> Bool {
        if ASCIIText.isASCII(bytes) { return ascii.matches(ASCIIText(bytes: bytes)) }
        if exact == nil,
            let folded = TextFolding.foldLatin(
                bytes, caseInsensitive: modifiers.caseInsensitive, diacriticInsensitive: modifiers.diacriticInsensitive)
        {
            return matches(folded)
        }
        return matches(String(decoding: bytes, as: UTF8.self))
    }

    func matches(_ value: FoldedText) -> Bool {
        if modifiers.tokenized { return matchesTokens(value) }
        // `""w` would otherwise match the empty part at any boundary, i.e. everything; an empty
        // pattern means an empty value with or without `w`.
        if modifiers.wordBased && !(literals.isEmpty && !leadingWildcard) {
            // (Closures written inline: one kept in a local would be allocated and retained.)
            if leadingWildcard {
                return match(value, from: 0, end: { value.boundary[$0] }, endIsValueEnd: false) == .matched
            }
            if literals[0].isEmpty {
                for start in 0...value.count where value.boundary[start] {
                    switch match(value, from: start, end: { value.boundary[$0] }, endIsValueEnd: false) {
                    case .matched: return true
                    case .failedHere: continue
                    case .failedEverywhere: return false
                    }
                }
                return false
            }
            // Only where the first literal occurs at a word start can a match begin: one scan
            // finds those places, and the first literal is not compared again at each.
            var outcome = Outcome.failedHere
            forEachOccurrence(0, in: value, from: 0) { start in
                guard value.boundary[start] else { return true }
                outcome = match(
                    value, from: start, end: { value.boundary[$0] }, endIsValueEnd: false, firstFound: true)
                return outcome == .failedHere
            }
            return outcome == .matched
        }
        return match(value, from: 0, end: { $0 == value.count }, endIsValueEnd: true) == .matched
    }

    /// `t`: every pattern word is a prefix of some word of the value.
    private func matchesTokens(_ value: FoldedText) -> Bool {
        let words = value.words
        return patternWords.allSatisfy { word in
            words.contains { range in range.count >= word.count && hasPrefix(value, at: range.lowerBound, word) }
        }
    }

    /// Whether `literal` occurs in `value` at `start`, starting and ending between characters
    /// (so `e` is not found inside a decomposed `é`, unless the pattern itself starts with a mark).
    private func hasPrefix(_ value: FoldedText, at start: Int, _ literal: [Unicode.Scalar]) -> Bool {
        let v = value.scalars
        guard start + literal.count <= v.count else { return false }
        var i = 0
        while i < literal.count {
            if v[start + i] != literal[i] { return false }
            i += 1
        }
        return value.standsWhole(literal, at: start)
    }

    /// Whether literal `index` may stand at `start`: it starts and ends between characters, or
    /// itself starts with a mark (`docs/query-language-decisions.md`).
    private func isWhole(_ index: Int, in value: FoldedText, at start: Int) -> Bool {
        value.standsWhole(literals[index], at: start)
    }

    /// Calls `found` with each place at or after `start` where literal `index` stands whole, left
    /// to right, while it returns true. An empty literal stands at every character boundary.
    private func forEachOccurrence(
        _ index: Int, in value: FoldedText, from start: Int, _ found: (Int) -> Bool
    ) {
        if literals[index].isEmpty {
            for i in start...value.count where value.standsWhole([], at: i) {
                if !found(i) { return }
            }
            return
        }
        value.scalars.withUnsafeBufferPointer { scalars in
            scanners[index].scan(count: scalars.count, from: start, element: { scalars[$0].value }) { i in
                isWhole(index, in: value, at: i) ? found(i) : true
            }
        }
    }

    /// The first place at or after `start` where literal `index` stands whole. A short literal is
    /// compared at each place (at most ``LiteralScanner/directLimit`` scalars each, so linear);
    /// a long one is scanned.
    private func find(_ index: Int, in value: FoldedText, from start: Int) -> Int? {
        let literal = literals[index]
        if literal.count <= LiteralScanner.directLimit {
            guard literal.count <= value.count else { return nil }
            var i = start
            while i + literal.count <= value.count {
                if hasPrefix(value, at: i, literal) { return i }
                i += 1
            }
            return nil
        }
        var result: Int?
        forEachOccurrence(index, in: value, from: start) { i in
            result = i
            return false
        }
        return result
    }

    enum Outcome {
        case matched
        /// The first literal is not at `start`; a later start may still match.
        case failedHere
        /// A later literal was not found after `start`. Every later start reaches the same
        /// searches at the same or later positions, so it fails too: stop, which keeps `w`
        /// matching linear in the number of word starts rather than quadratic.
        case failedEverywhere
    }

    /// Whether the pattern matches `v[start..<e]` for some `e` that `end` accepts
    /// (`endIsValueEnd`: only the value's end). With `firstFound`, the caller has found the first
    /// literal at `start` already.
    private func match(
        _ v: FoldedText, from start: Int, end: (Int) -> Bool, endIsValueEnd: Bool, firstFound: Bool = false
    ) -> Outcome {
        var position = start
        var next = 0
        if literals.isEmpty {
            // `""` matches an empty part; `"*"` anything up to any acceptable end (the text end is one).
            return leadingWildcard || trailingWildcard || end(position) ? .matched : .failedHere
        }
        if !leadingWildcard {
            guard firstFound || hasPrefix(v, at: position, literals[0]) else { return .failedHere }
            position += literals[0].count
            next = 1
            if literals.count == 1 && !trailingWildcard { return end(position) ? .matched : .failedHere }
        }
        let lastFree = trailingWildcard ? literals.count : literals.count - 1
        while next < lastFree {
            guard let found = find(next, in: v, from: position) else { return .failedEverywhere }
            position = found + literals[next].count
            next += 1
        }
        if trailingWildcard { return .matched }
        // The last literal must end where `end` allows, at or after `position`.
        let lastIndex = literals.count - 1
        let last = literals[lastIndex]
        if endIsValueEnd {
            let at = v.count - last.count
            return at >= position && hasPrefix(v, at: at, last) ? .matched : .failedEverywhere
        }
        var matched = false
        forEachOccurrence(lastIndex, in: v, from: position) { found in
            matched = end(found + last.count)
            return !matched
        }
        return matched ? .matched : .failedEverywhere
    }
}

extension FoldedText {
    /// The number of folded scalars: the offsets a match can start at are `0...count`.
    var count: Int { scalars.count }
}
