import FSFindModel

/// One text pattern with its modifiers, compiled once per query and applied to many values.
///
/// The pattern is folded up front; each value is folded once per call and then matched scalar by
/// scalar. Matching is a glob with `*` only: the first literal is anchored at the match start, the
/// last at the match end, and the ones between are taken leftmost-first, which is optimal for
/// `*`-only globs, so there is no backtracking and the cost is O(value × pattern) at worst.
package struct TextMatcher: Sendable {
    package let modifiers: TextModifiers
    /// Folded literals, in order.
    let literals: [[Unicode.Scalar]]
    let leadingWildcard: Bool
    let trailingWildcard: Bool
    /// For `t`: the pattern's words, folded.
    let patternWords: [[Unicode.Scalar]]
    /// Set for a pattern without wildcards or modifiers: then matching is String equality, which
    /// in Swift is already canonical equivalence, and nothing needs folding.
    package let exact: String?

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
        self.patternWords = words
        leadingWildcard = pattern.segments.first == .wildcard
        trailingWildcard = pattern.segments.last == .wildcard
        exact = modifiers.isEmpty && !pattern.hasWildcards ? pattern.literalText : nil
    }

    /// True when `value` matches (before `!=` negation and list handling, which the caller does).
    package func matches(_ value: String) -> Bool {
        if let exact { return value == exact }
        let folded = TextFolding.fold(
            value, caseInsensitive: modifiers.caseInsensitive,
            diacriticInsensitive: modifiers.diacriticInsensitive)
        return matches(folded)
    }

    package func matches(_ value: FoldedText) -> Bool {
        if modifiers.tokenized { return matchesTokens(value) }
        // `""w` would otherwise match the empty part at any boundary, i.e. everything; an empty
        // pattern means an empty value with or without `w`.
        if modifiers.wordBased && !(literals.isEmpty && !leadingWildcard) {
            if leadingWildcard { return match(value, from: 0) { value.boundary[$0] } == .matched }
            for start in 0...value.count where value.boundary[start] {
                switch match(value, from: start, end: { value.boundary[$0] }) {
                case .matched: return true
                case .failedHere: continue
                case .failedEverywhere: return false
                }
            }
            return false
        }
        return match(value, from: 0) { $0 == value.count } == .matched
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
        guard value.isCharacterBoundary(start + literal.count) else { return false }
        return literal.isEmpty || value.isCharacterBoundary(start) || TextFolding.isMark(literal[0])
    }

    private func find(_ literal: [Unicode.Scalar], in value: FoldedText, from start: Int) -> Int? {
        guard literal.count <= value.count else { return nil }
        var i = start
        while i + literal.count <= value.count {
            if hasPrefix(value, at: i, literal) { return i }
            i += 1
        }
        return nil
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

    /// Whether the pattern matches `v[start..<e]` for some `e` that `end` accepts.
    private func match(_ v: FoldedText, from start: Int, end: (Int) -> Bool) -> Outcome {
        var position = start
        var next = 0
        if literals.isEmpty {
            // `""` matches an empty part; `"*"` anything up to any acceptable end (the text end is one).
            return leadingWildcard || trailingWildcard || end(position) ? .matched : .failedHere
        }
        if !leadingWildcard {
            guard hasPrefix(v, at: position, literals[0]) else { return .failedHere }
            position += literals[0].count
            next = 1
            if literals.count == 1 && !trailingWildcard { return end(position) ? .matched : .failedHere }
        }
        let lastFree = trailingWildcard ? literals.count : literals.count - 1
        while next < lastFree {
            guard let found = find(literals[next], in: v, from: position) else { return .failedEverywhere }
            position = found + literals[next].count
            next += 1
        }
        if trailingWildcard { return .matched }
        // The last literal must end where `end` allows, at or after `position`.
        let last = literals[literals.count - 1]
        var candidate = position
        while let found = find(last, in: v, from: candidate) {
            if end(found + last.count) { return .matched }
            candidate = found + 1
        }
        return .failedEverywhere
    }
}
