import FSFindModel

/// The distinct words of a text that the spelling corrector may offer: cut and folded as free
/// text cuts a value (``ValueWords``), so a suggestion is spelled as a query word is, and kept
/// only when they look like words a person types.
///
/// The store's own vocabulary holds stems (`quarterli`), which cannot be offered and are not what
/// a typo is near (`quartely` is one letter from "quarterly", three from its stem); these are the
/// words as files write them (`docs/decisions.md`, "Spelling suggestions").
enum SpellingWords {
    /// Shorter words are not corrected (one edit from most other short words) and not offered.
    static let minimumLength = 3
    /// Longer runs are identifiers or encoded data, not words anyone misspells.
    static let maximumLength = 32

    /// Whether `word` (folded UTF-8) is kept: between the lengths, and no digit or underscore
    /// (hashes, versions and identifiers are most of a source tree's distinct runs).
    static func keeps(_ word: UnsafeRawBufferPointer) -> Bool {
        guard word.count >= minimumLength, word.count <= maximumLength else { return false }
        for byte in word where byte &- 0x30 < 10 || byte == 0x5F { return false }
        return true
    }

    /// The distinct kept words of `text`, each followed by a newline byte, in no set order: what
    /// travels with a document's words to the store (``TextStore/Writer``).
    static func distinct(in text: String) -> [UInt8] {
        var seen = WordTally()
        var cutter = ValueWords()
        var text = text
        text.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            // Line by line: a value's cutter folds a long non-ASCII value in one piece.
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
                if ASCIIText.isASCII(line) {
                    addASCII(line, to: &seen)
                } else {
                    cutter.forEach(in: line) { word, _ in if keeps(word) { seen.add(word) } }
                }
                start = end + 1
            }
        }
        return seen.list
    }

    /// ``ValueWords``' cutting of ASCII bytes (a run of letters and digits, a lower-case letter
    /// before an upper-case one starting a new word), with ``keeps(_:)`` and the lowering done in
    /// the same pass into a buffer of ``maximumLength`` bytes: the words of most texts, cut
    /// without a buffer grown and emptied per word (`benchmarks/RESULTS.md`, "Spelling
    /// suggestions").
    static func addASCII(_ bytes: UnsafeRawBufferPointer, to seen: inout WordTally) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            let count = bytes.count
            var i = 0
            while i < count {
                while i < count, !ASCIIText.isWord(bytes[i]) { i += 1 }
                guard i < count else { break }
                var length = 0
                var kept = true
                repeat {
                    let byte = bytes[i]
                    if byte &- 0x30 < 10 { kept = false }
                    if length < maximumLength { buffer[length] = ASCIIText.lowered(byte) }
                    length += 1
                    i += 1
                } while i < count && ASCIIText.isWord(bytes[i]) && !(bytes[i - 1] &- 0x61 < 26 && bytes[i] &- 0x41 < 26)
                if kept, length >= minimumLength, length <= maximumLength {
                    seen.add(UnsafeRawBufferPointer(start: buffer.baseAddress, count: length))
                }
            }
        }
    }

    /// Calls `body` with each word of a list ``distinct(in:)`` made.
    static func forEach(in list: [UInt8], _ body: (ArraySlice<UInt8>) -> Void) {
        var start = 0
        for (i, byte) in list.enumerated() where byte == 0x0A {
            if i > start { body(list[start..<i]) }
            start = i + 1
        }
    }
}
