import FSFindModel
import FSFindQuery

/// One value's part of a free-text score, so a scan can work it out once per distinct string.
///
/// ``FreeTextMatcher/score(_:)`` keeps, per query word, the best `weight × quality` over every
/// value of every attribute. Within one value, the best is `weight × (best quality)` — multiplying
/// by a positive weight keeps the order, rounding included — so a value's best quality per query
/// word (0 where the word matches none of its words) is all a scan needs to remember about it.
extension FreeTextMatcher {
    /// The best match quality of each query word in `value` (0: no word of `value` starts with it).
    func qualities(in value: String, into result: UnsafeMutableBufferPointer<Double>) {
        qualities(in: TextFolding.fold(value, caseInsensitive: true, diacriticInsensitive: true), into: result)
    }

    /// ``qualities(in:into:)`` for an ASCII value, over its bytes; `words` is ``words`` prepared
    /// for that (``ASCIIWords``).
    func qualities(in value: ASCIIText, words: ASCIIWords, into result: UnsafeMutableBufferPointer<Double>) {
        for index in result.indices { result[index] = 0 }
        let bytes = value.bytes
        let count = bytes.count
        var position = 0
        var i = 0
        words.bytes.withUnsafeBufferPointer { wordBytes in
            while i < count {
                // The words of ``ASCIIText/forEachWord(_:)`` in one pass: skip to a letter or
                // digit, then run to a non-word byte or a lower → upper step.
                while i < count, !ASCIIText.isWord(bytes[i]) { i += 1 }
                guard i < count else { break }
                let start = i
                i += 1
                while i < count, ASCIIText.isWord(bytes[i]), !(bytes[i - 1] &- 0x61 < 26 && bytes[i] &- 0x41 < 26) {
                    i += 1
                }
                let length = i - start
                for index in 0..<words.count {
                    let wordStart = words.starts[index]
                    let wordLength = words.starts[index + 1] - wordStart
                    guard words.isASCII[index], length >= wordLength else { continue }
                    var k = 0
                    while k < wordLength, ASCIIText.lowered(bytes[start + k]) == wordBytes[wordStart + k] { k += 1 }
                    guard k == wordLength else { continue }
                    result[index] = max(
                        result[index], Self.quality(wordCount: wordLength, valueWordCount: length, first: position == 0)
                    )
                }
                position += 1
            }
        }
    }

    /// What a value word that is another form of a query word is worth (`comparison` for
    /// `comparisons`): a little less than the word itself; 0.1 more for the first word.
    @inline(__always) static func formQuality(first: Bool) -> Double {
        first ? 1.0 : 0.9
    }
}

/// Free-text query words flattened for byte comparison: a word with a non-ASCII scalar can never
/// equal part of an ASCII value (whose folded scalars are all ASCII), so it is only marked.
struct ASCIIWords {
    let bytes: [UInt8]
    /// Word `i` is `bytes[starts[i]..<starts[i + 1]]`.
    let starts: [Int]
    let isASCII: [Bool]

    var count: Int { isASCII.count }

    init(_ words: [[Unicode.Scalar]]) {
        var bytes: [UInt8] = []
        var starts = [0]
        var isASCII: [Bool] = []
        for word in words {
            let ascii = word.allSatisfy(\.isASCII)
            if ascii { bytes += word.map { UInt8($0.value) } }
            starts.append(bytes.count)
            isASCII.append(ascii)
        }
        self.bytes = bytes
        self.starts = starts
        self.isASCII = isASCII
    }
}
