/// The words free text sees in a value: folded (case and diacritics) and written as UTF-8, each
/// with whether it is the value's first word. The index's word lexicon lists these, and free
/// text's ``FreeTextMatcher`` measures a query word against the same ones, so a word found in the
/// lexicon is exactly a word the matcher would have matched.
///
/// The value takes the way the matcher's scan takes it: ASCII bytes as they are (a word is a run
/// of letters and digits, a lower-case letter before an upper-case one starts a new word); Latin
/// letters with their marks dropped, then the same; anything else through the general fold.
///
/// One cutter is reused for many values: its buffers are kept between them.
package struct ValueWords {
    /// The most bytes a value's Latin letters are stripped of their marks in (a longer value takes
    /// the general fold): the size of the scan's buffer for it.
    static let strippedCapacity = 1024

    private var word: [UInt8] = []
    /// Allocated on the first value that is not ASCII, so making a cutter costs nothing.
    private var stripped: [UInt8] = []

    package init() {}

    /// Calls `body` with each word of `bytes` (a UTF-8 value) in order, and whether it is the first.
    /// The word's bytes are valid for the call only.
    package mutating func forEach(in bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, Bool) -> Void) {
        if ASCIIText.isASCII(bytes) {
            forEachASCII(in: bytes, body)
            return
        }
        if stripped.isEmpty { stripped = [UInt8](repeating: 0, count: Self.strippedCapacity) }
        let count = stripped.withUnsafeMutableBytes { TextFolding.strippingLatinMarks(bytes, into: $0) }
        if let count {
            var latin = stripped
            swap(&latin, &stripped)
            latin.withUnsafeBytes { forEachASCII(in: UnsafeRawBufferPointer(rebasing: $0[..<count]), body) }
            swap(&latin, &stripped)
            return
        }
        let folded =
            TextFolding.foldLatin(bytes, caseInsensitive: true, diacriticInsensitive: true)
            ?? TextFolding.fold(
                String(decoding: bytes, as: UTF8.self), caseInsensitive: true, diacriticInsensitive: true)
        for (position, range) in folded.words.enumerated() {
            word.removeAll(keepingCapacity: true)
            for scalar in folded.scalars[range] { word.append(contentsOf: UTF8.encode(scalar)!) }
            word.withUnsafeBytes { body($0, position == 0) }
        }
    }

    /// The words of ASCII bytes, lower-cased, as ``FreeTextMatcher``'s ASCII scan cuts them.
    private mutating func forEachASCII(in bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, Bool) -> Void)
    {
        let count = bytes.count
        var i = 0
        var position = 0
        while i < count {
            while i < count, !ASCIIText.isWord(bytes[i]) { i += 1 }
            guard i < count else { break }
            let start = i
            i += 1
            while i < count, ASCIIText.isWord(bytes[i]), !(bytes[i - 1] &- 0x61 < 26 && bytes[i] &- 0x41 < 26) {
                i += 1
            }
            word.removeAll(keepingCapacity: true)
            for k in start..<i { word.append(ASCIIText.lowered(bytes[k])) }
            word.withUnsafeBytes { body($0, position == 0) }
            position += 1
        }
    }
}
