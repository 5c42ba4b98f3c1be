import Foundation

/// A value or pattern prepared for matching: canonically decomposed, optionally case- and
/// diacritic-folded, with the word boundaries of the text *as written*.
///
/// Folding happens once per value per predicate, not per comparison; matching then compares
/// scalars. Decomposing (NFD) both sides is what makes NFC and NFD spellings equal.
package struct FoldedText: Sendable {
    /// The folded scalars.
    package var scalars: [Unicode.Scalar] = []
    /// `boundary[i]`: a word boundary lies before folded scalar `i` (`count + 1` entries; the first
    /// and last are always true). Computed on the original text, before case folding.
    package var boundary: [Bool] = []
    /// `isWord[i]`: folded scalar `i` came from a letter or digit (or a mark on one).
    var isWord: [Bool] = []
    /// `attached[i]`: folded scalar `i` is a combining mark on the scalar before it, so no match
    /// may start or end there. Empty for ASCII text, which has none.
    var attached: [Bool] = []

    /// True when offset `i` (0...scalars.count) is between two characters, not inside one.
    func isCharacterBoundary(_ i: Int) -> Bool { i >= attached.count || !attached[i] }

    /// Whether `literal` (folded scalars) found at `start` starts and ends between characters, so
    /// `e` is not found inside a decomposed `é`, unless the literal itself starts with a mark
    /// (`docs/query-language-decisions.md`); an empty literal stands at every character boundary.
    /// What the matchers ask of a place, so that which scalars are marks stays the fold's.
    package func standsWhole(_ literal: [Unicode.Scalar], at start: Int) -> Bool {
        guard isCharacterBoundary(start + literal.count) else { return false }
        return literal.isEmpty || isCharacterBoundary(start) || TextFolding.isMark(literal[0])
    }

    /// The words (maximal letter/digit runs between boundaries), as ranges into `scalars`.
    package var words: [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for i in 0..<scalars.count {
            if let s = start, boundary[i] || !isWord[i] {
                result.append(s..<i)
                start = nil
            }
            if start == nil, isWord[i] { start = i }
        }
        if let s = start { result.append(s..<scalars.count) }
        return result
    }
}

/// Unicode folding and word classification that behave the same on Linux and macOS (stdlib
/// scalar properties plus Foundation's canonical decomposition only).
package enum TextFolding {
    /// A letter or digit, in the sense of the `w` boundary rule.
    package static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
        }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Folds `text`: NFD, then case folding (`c`), then dropping nonspacing marks (`d`).
    ///
    /// Case folding is approximated as lowercase(uppercase(x)) per scalar, which gives full-folding
    /// results for the cases people meet (`ß` = `ss`, final sigma) without Foundation's
    /// locale-dependent `folding(options:locale:)`. Marks are dropped after case mapping so that
    /// marks case mapping introduces (`İ` → `i̇`) go too.
    package static func fold(_ text: String, caseInsensitive: Bool, diacriticInsensitive: Bool) -> FoldedText {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return foldASCII(text, caseInsensitive: caseInsensitive) }
        return fold(
            decomposed: text.decomposedStringWithCanonicalMapping.unicodeScalars, capacity: text.utf8.count,
            caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive)
    }

    /// ``fold(_:caseInsensitive:diacriticInsensitive:)`` after the canonical decomposition, which
    /// a caller that knows its text's decomposition (``TextFolding/foldLatin``) supplies itself.
    static func fold(
        decomposed view: some Sequence<Unicode.Scalar>, capacity: Int, caseInsensitive: Bool,
        diacriticInsensitive: Bool
    ) -> FoldedText {
        var out = FoldedText()
        out.scalars.reserveCapacity(capacity)
        out.boundary.reserveCapacity(capacity + 1)
        out.isWord.reserveCapacity(capacity)
        var previousWord: Bool?
        var previousLower = false
        var pending = true  // the start of the text is a boundary
        for scalar in view {
            if scalar.isASCII {
                // Most of a mostly-Latin value: classify and fold inline.
                let byte = UInt8(scalar.value)
                let upper = byte &- 0x41 < 26
                let lower = byte &- 0x61 < 26
                let word = upper || lower || byte &- 0x30 < 10
                let here = previousWord.map { $0 != word || (previousLower && upper) } ?? true
                out.scalars.append(caseInsensitive && upper ? Unicode.Scalar(byte + 0x20) : scalar)
                out.boundary.append(pending || here)
                out.isWord.append(word)
                out.attached.append(false)
                pending = false
                previousWord = word
                previousLower = lower
                continue
            }
            let word: Bool
            let here: Bool
            let properties = scalar.properties
            let mark = isMark(scalar)
            if mark {
                // A combining mark belongs to the letter before it: no boundary, same class.
                word = previousWord ?? false
                here = previousWord == nil
            } else {
                word = isWordScalar(scalar)
                here = previousWord.map { $0 != word || (previousLower && properties.isUppercase) } ?? true
                previousLower = properties.isLowercase
            }
            previousWord = word
            pending = pending || here
            if mark, diacriticInsensitive, properties.generalCategory == .nonspacingMark { continue }
            if caseInsensitive, properties.changesWhenCaseFolded {
                for upper in properties.uppercaseMapping.unicodeScalars {
                    for lower in upper.properties.lowercaseMapping.unicodeScalars {
                        if diacriticInsensitive, lower.properties.generalCategory == .nonspacingMark { continue }
                        out.scalars.append(lower)
                        out.boundary.append(pending)
                        out.isWord.append(word)
                        out.attached.append(isMark(lower))
                        pending = false
                    }
                }
            } else {
                out.scalars.append(scalar)
                out.boundary.append(pending)
                out.isWord.append(word)
                out.attached.append(mark)
                pending = false
            }
        }
        out.boundary.append(true)
        return out
    }

    /// The common case, ASCII only: nothing to decompose and no marks, so one tight pass over the
    /// bytes with the same boundary rules.
    private static func foldASCII(_ text: String, caseInsensitive: Bool) -> FoldedText {
        var out = FoldedText()
        let count = text.utf8.count
        out.scalars.reserveCapacity(count)
        out.boundary.reserveCapacity(count + 1)
        out.isWord.reserveCapacity(count)
        var previousWord = false
        var previousLower = false
        var first = true
        for byte in text.utf8 {
            let upper = byte &- 0x41 < 26
            let lower = byte &- 0x61 < 26
            let word = upper || lower || byte &- 0x30 < 10
            out.boundary.append(first || previousWord != word || (previousLower && upper))
            out.isWord.append(word)
            out.scalars.append(Unicode.Scalar(caseInsensitive && upper ? byte + 0x20 : byte))
            first = false
            previousWord = word
            previousLower = lower
        }
        out.boundary.append(true)
        return out
    }
}
