/// Raw ASCII bytes of one value, classified the way ``TextFolding`` classifies them, without
/// building a `String` or a ``FoldedText``.
///
/// For ASCII, folding is lowercasing A–Z (`c`) and nothing else (`d` has no marks to drop, NFD
/// changes nothing), every offset is a character boundary, and a word boundary lies between a
/// letter-or-digit and anything else, or before an upper-case letter that follows a lower-case
/// one, judged on the bytes as written. Non-ASCII values go the `String` way.
package struct ASCIIText {
    package let bytes: UnsafeRawBufferPointer

    package init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// True when every byte is below 0x80.
    package static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        let count = bytes.count
        while i + 8 <= count {
            if bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            i += 8
        }
        while i < count {
            if bytes[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    @inline(__always) package static func isWord(_ byte: UInt8) -> Bool {
        byte &- 0x41 < 26 || byte &- 0x61 < 26 || byte &- 0x30 < 10
    }

    @inline(__always) package static func lowered(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte + 0x20 : byte
    }

    /// ``FoldedText/boundary`` at offset `i` (0...count).
    @inline(__always) package func boundary(_ i: Int) -> Bool {
        if i == 0 || i >= bytes.count { return true }
        let a = bytes[i - 1]
        let b = bytes[i]
        return Self.isWord(a) != Self.isWord(b) || (a &- 0x61 < 26 && b &- 0x41 < 26)
    }

    /// Calls `body` with each word (``FoldedText/words``) in order until it returns false.
    @inline(__always) package func forEachWord(_ body: (Range<Int>) -> Bool) {
        var start = -1
        let count = bytes.count
        var i = 0
        while i < count {
            let word = Self.isWord(bytes[i])
            if start >= 0, !word || boundary(i) {
                if !body(start..<i) { return }
                start = -1
            }
            if start < 0, word { start = i }
            i += 1
        }
        if start >= 0 { _ = body(start..<count) }
    }
}
