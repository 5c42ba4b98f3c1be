import FSFindModel

/// The distinct words of a text that the spelling corrector may offer: cut and folded as free
/// text cuts a value (``ValueWords``), so a suggestion is spelled as a query word is, and kept
/// only when they look like words a person types.
///
/// The store's own vocabulary holds stems (`quarterli`), which cannot be offered and are not what
/// a typo is near (`quartely` is one letter from "quarterly", three from its stem); these are the
/// words as files write them (`docs/decisions.md`, "Spelling suggestions").
package enum SpellingWords {
    /// Shorter words are not corrected (one edit from most other short words) and not offered.
    package static let minimumLength = 3
    /// Longer runs are identifiers or encoded data, not words anyone misspells.
    package static let maximumLength = 32

    /// Whether `word` (folded UTF-8) is kept: between the lengths, and no digit or underscore
    /// (hashes, versions and identifiers are most of a source tree's distinct runs).
    package static func keeps(_ word: UnsafeRawBufferPointer) -> Bool {
        guard word.count >= minimumLength, word.count <= maximumLength else { return false }
        for byte in word where byte &- 0x30 < 10 || byte == 0x5F { return false }
        return true
    }

    /// The distinct kept words of `text`, each followed by a newline byte, in no set order: what
    /// travels with a document's words to the store (``TextStore/Writer``).
    package static func distinct(in text: String) -> [UInt8] {
        var seen = Set<[UInt8]>()
        var cutter = ValueWords()
        var text = text
        text.withUTF8 { bytes in
            // Line by line: a value's cutter folds a long non-ASCII value in one piece.
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                cutter.forEach(in: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<end]))) {
                    word, _ in
                    if keeps(word) { seen.insert(Array(word)) }
                }
                start = end + 1
            }
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(seen.reduce(0) { $0 + $1.count + 1 })
        for word in seen {
            joined += word
            joined.append(0x0A)
        }
        return joined
    }

    /// Calls `body` with each word of a list ``distinct(in:)`` made.
    package static func forEach(in list: [UInt8], _ body: (ArraySlice<UInt8>) -> Void) {
        var start = 0
        for (i, byte) in list.enumerated() where byte == 0x0A {
            if i > start { body(list[start..<i]) }
            start = i + 1
        }
    }
}
