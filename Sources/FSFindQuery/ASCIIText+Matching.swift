import FSFindModel

/// What ``ASCIITextMatcher`` reads of a value besides its words: its length and a folded literal
/// compared at an offset, as ``TextMatcher`` compares one in a ``FoldedText``. The matcher's
/// comparison, so it changes with the matcher.
extension ASCIIText {
    var count: Int { bytes.count }

    /// The byte at `i`, lower-cased when `fold`.
    @inline(__always) func scalar(_ i: Int, fold: Bool) -> UInt32 {
        let byte = bytes[i]
        return UInt32(fold ? Self.lowered(byte) : byte)
    }

    /// True when `literal` (folded scalars) equals the value's folded scalars at `start`.
    @inline(__always) func hasPrefix(at start: Int, _ literal: [UInt32], fold: Bool) -> Bool {
        guard start + literal.count <= bytes.count else { return false }
        var i = 0
        while i < literal.count {
            if scalar(start + i, fold: fold) != literal[i] { return false }
            i += 1
        }
        return true
    }
}
