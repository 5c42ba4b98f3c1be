import Foundation

/// A value or pattern prepared for matching: canonically decomposed, optionally case- and
/// diacritic-folded, with the word boundaries of the text *as written*.
///
/// Folding happens once per value per predicate, not per comparison; matching then compares
/// scalars. Decomposing (NFD) both sides is what makes NFC and NFD spellings equal.
struct FoldedText: Sendable {
    /// The folded scalars.
    var scalars: [Unicode.Scalar] = []
    /// `boundary[i]`: a word boundary lies before folded scalar `i` (`count + 1` entries; the first
    /// and last are always true). Computed on the original text, before case folding.
    var boundary: [Bool] = []
    /// `isWord[i]`: folded scalar `i` came from a letter or digit (or a mark on one).
    var isWord: [Bool] = []

    var count: Int { scalars.count }

    /// The words (maximal letter/digit runs between boundaries), as ranges into `scalars`.
    var words: [Range<Int>] {
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
enum TextFolding {
    /// A letter or digit, in the sense of the `w` boundary rule.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
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
    static func fold(_ text: String, caseInsensitive: Bool, diacriticInsensitive: Bool) -> FoldedText {
        var out = FoldedText()
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        let view = isASCII ? text.unicodeScalars : text.decomposedStringWithCanonicalMapping.unicodeScalars
        out.scalars.reserveCapacity(text.utf8.count)
        out.boundary.reserveCapacity(text.utf8.count + 1)
        out.isWord.reserveCapacity(text.utf8.count)
        var previousWord: Bool?
        var previousLower = false
        var pending = true  // the start of the text is a boundary
        for scalar in view {
            let word: Bool
            let here: Bool
            let mark = isMark(scalar)
            if mark {
                // A combining mark belongs to the letter before it: no boundary, same class.
                word = previousWord ?? false
                here = previousWord == nil
            } else {
                word = isWordScalar(scalar)
                let upper = scalar.isASCII ? (scalar.value >= 0x41 && scalar.value <= 0x5A) : scalar.properties.isUppercase
                if let previous = previousWord {
                    here = previous != word || (previousLower && upper)
                } else {
                    here = true
                }
                previousLower = scalar.isASCII ? (scalar.value >= 0x61 && scalar.value <= 0x7A) : scalar.properties.isLowercase
            }
            previousWord = word
            pending = pending || here
            func emit(_ s: Unicode.Scalar) {
                if diacriticInsensitive, isMark(s), s.properties.generalCategory == .nonspacingMark { return }
                out.scalars.append(s)
                out.boundary.append(pending)
                out.isWord.append(word)
                pending = false
            }
            if caseInsensitive {
                if scalar.isASCII {
                    let v = scalar.value
                    emit(v >= 0x41 && v <= 0x5A ? Unicode.Scalar(UInt8(v + 0x20)) : scalar)
                } else if scalar.properties.changesWhenCaseFolded {
                    for upper in scalar.properties.uppercaseMapping.unicodeScalars {
                        for lower in upper.properties.lowercaseMapping.unicodeScalars { emit(lower) }
                    }
                } else {
                    emit(scalar)
                }
            } else {
                emit(scalar)
            }
        }
        out.boundary.append(true)
        return out
    }
}
