import Foundation

/// Folding for values of ASCII and Latin-1/Latin Extended-A letters (`résumé`, `Straße`,
/// `Łódź`), the common non-ASCII names, without Foundation's normalizer.
///
/// Every scalar in U+0080–U+017F has canonical combining class 0, so a text made only of them
/// and ASCII decomposes (NFD) character by character, with nothing to reorder between characters;
/// each character's decomposition is looked up in a table made once by Foundation itself. The
/// decomposed scalars then go through the same loop as ``fold(_:caseInsensitive:diacriticInsensitive:)``.
extension TextFolding {
    /// NFD of U+0080 + i, for i in 0..<256, from Foundation.
    private static let latinDecompositions: [[Unicode.Scalar]] = (0x80..<0x180).map { value in
        // Every value in the range is a valid scalar.
        let scalar = Unicode.Scalar(UInt32(value)).map { Character($0) } ?? " "
        return Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars)
    }

    /// The folded text of UTF-8 `bytes`, or nil when they hold anything other than ASCII and
    /// well-formed U+0080–U+017F (then fold the `String`).
    package static func foldLatin(_ bytes: UnsafeRawBufferPointer, caseInsensitive: Bool, diacriticInsensitive: Bool)
        -> FoldedText?
    {
        var decomposed: [Unicode.Scalar] = []
        decomposed.reserveCapacity(bytes.count + 4)
        var i = 0
        let count = bytes.count
        while i < count {
            let lead = bytes[i]
            if lead < 0x80 {
                decomposed.append(Unicode.Scalar(lead))
                i += 1
                continue
            }
            // Two-byte sequences C2 80 … C5 BF are U+0080 … U+017F.
            guard lead >= 0xC2, lead <= 0xC5, i + 1 < count else { return nil }
            let next = bytes[i + 1]
            guard next & 0xC0 == 0x80 else { return nil }
            let value = (Int(lead & 0x1F) << 6) | Int(next & 0x3F)
            decomposed.append(contentsOf: latinDecompositions[value - 0x80])
            i += 2
        }
        return fold(
            decomposed: decomposed, capacity: count, caseInsensitive: caseInsensitive,
            diacriticInsensitive: diacriticInsensitive)
    }

    /// For U+0080 + i: the ASCII letter it is once its marks are dropped (`é` → `e`, `Ü` → `U`,
    /// case kept), or 0 when its decomposition is not an ASCII letter and marks (`æ`, `ß`, `ø`,
    /// `ſ`, symbols, spaces).
    private static let latinBaseLetters: [UInt8] = (0x80..<0x180).map { value in
        let decomposition = latinDecompositions[value - 0x80]
        guard decomposition.count > 1, let base = decomposition.first, base.isASCII,
            base.properties.isAlphabetic,
            decomposition.dropFirst().allSatisfy({ $0.properties.generalCategory == .nonspacingMark })
        else { return 0 }
        return UInt8(base.value)
    }

    /// `bytes` (UTF-8) with every Latin letter's marks dropped, written to `buffer`: the number
    /// of bytes, or nil when some character is neither ASCII nor such a letter, or the buffer is
    /// too small.
    ///
    /// Why: free text folds case and diacritics, and a name like `Café Müller` then folds to the
    /// same words as `Cafe Muller`, which the ASCII matcher measures over bytes; through
    /// ``foldLatin(_:caseInsensitive:diacriticInsensitive:)`` each such name cost a scalar
    /// array, a word array and Unicode property lookups, a tenth of a search field's scan of
    /// names (`benchmarks/RESULTS.md`, "The search field's scan without a reference or an
    /// exclusivity check per row"). Case is kept, so the ASCII matcher's
    /// word boundaries (a lower-case letter before an upper-case one) fall where the general
    /// fold puts them; `QueryPlanTests` holds the two to the same answers.
    package static func strippingLatinMarks(_ bytes: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer)
        -> Int?
    {
        var i = 0
        var written = 0
        let count = bytes.count
        while i < count {
            guard written < buffer.count else { return nil }
            let lead = bytes[i]
            if lead < 0x80 {
                buffer[written] = lead
                written += 1
                i += 1
                continue
            }
            guard lead >= 0xC2, lead <= 0xC5, i + 1 < count else { return nil }
            let next = bytes[i + 1]
            guard next & 0xC0 == 0x80 else { return nil }
            let letter = latinBaseLetters[((Int(lead & 0x1F) << 6) | Int(next & 0x3F)) - 0x80]
            guard letter != 0 else { return nil }
            buffer[written] = letter
            written += 1
            i += 2
        }
        return written
    }
}
