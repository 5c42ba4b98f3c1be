/// The text of a file that is text: its encoding found from its bytes, never from its name.
///
/// libmagic has already called the file text; this decides how to read it. A byte-order mark
/// decides (UTF-8, UTF-16 LE or BE); else valid UTF-8 is UTF-8; else two-byte units whose high
/// bytes are mostly zero are UTF-16 without a mark (Windows tools write it); else each byte is
/// its Latin-1 character, the right guess for older Western text and never a failure. A NUL in
/// what is not UTF-16 means the file is binary after all: no text (binary files are never
/// tokenised). Text cut at the read limit may end in half a character; that half is dropped.
enum PlainText {
    static func decode(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return utf8(bytes.dropFirst(3)) ?? latin1(bytes.dropFirst(3)) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), littleEndian: true) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), littleEndian: false) }
        if bytes.contains(0) {
            // NULs: UTF-16 without a mark (ASCII in it is also valid UTF-8), or binary.
            guard let littleEndian = utf16WithoutMark(bytes) else { return nil }
            return utf16(bytes[...], littleEndian: littleEndian)
        }
        return utf8(bytes[...]) ?? latin1(bytes[...])
    }

    /// True when ``decode(_:)`` reads `bytes` as the UTF-8 they are, every byte kept: no
    /// byte-order mark, no NUL, valid to the last byte (a mark of UTF-16 is not valid UTF-8).
    static func isUTF8AsItIs(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.starts(with: [0xEF, 0xBB, 0xBF]) && !bytes.contains(0)
            && (try? UTF8Span(validating: bytes.span)) != nil
    }

    /// Valid UTF-8, allowing up to three bytes of a character cut off at the end.
    private static func utf8(_ bytes: ArraySlice<UInt8>) -> String? {
        for cut in 0...min(3, bytes.count) {
            if let text = String(validating: bytes.dropLast(cut), as: UTF8.self) {
                if cut == 0 || isCutCharacter(bytes.suffix(cut)) { return text }
            }
        }
        return nil
    }

    /// True when `tail` is the start of a multi-byte character and no more: a lead byte, then
    /// fewer continuation bytes than it announces. A Latin-1 `é` before a line break (E9 0A) is
    /// not one, so "café\n" in Latin-1 is read as Latin-1, not cut to "caf".
    private static func isCutCharacter(_ tail: ArraySlice<UInt8>) -> Bool {
        guard let lead = tail.first, lead >= 0xC0 else { return false }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        return tail.count < length && tail.dropFirst().allSatisfy { $0 & 0xC0 == 0x80 }
    }

    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(littleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        // A lone surrogate (cut at the end, or damage) becomes U+FFFD, as decoding always does.
        return String(decoding: units, as: UTF16.self)
    }

    /// True when `bytes` (a file's start that libmagic called data) read as UTF-16 without a
    /// byte-order mark, as Windows tools write it: one half of nearly every two-byte unit zero,
    /// and the other half nearly always a printable character or a line break, so a file of
    /// small 16-bit numbers is not taken for text.
    static func isUTF16WithoutMark(_ bytes: [UInt8]) -> Bool {
        guard let littleEndian = utf16WithoutMark(bytes) else { return false }
        let sample = bytes.prefix(4096)
        let pairs = sample.count / 2
        var printable = 0
        for pair in 0..<pairs {
            let byte = sample[pair * 2 + (littleEndian ? 0 : 1)]
            if (0x20...0x7E).contains(byte) || byte >= 0xA0 || [0x09, 0x0A, 0x0D].contains(byte) { printable += 1 }
        }
        return printable * 10 >= pairs * 9
    }

    /// Little-endian (true) or big-endian (false) UTF-16 when at least 90% of the two-byte units
    /// of the first 4 KiB have a zero in the same half and at most 10% in the other; nil otherwise.
    private static func utf16WithoutMark(_ bytes: [UInt8]) -> Bool? {
        let sample = bytes.prefix(4096)
        let pairs = sample.count / 2
        guard pairs >= 2 else { return nil }
        var zeroHigh = 0
        var zeroLow = 0
        for pair in 0..<pairs {
            if sample[pair * 2 + 1] == 0 { zeroHigh += 1 }
            if sample[pair * 2] == 0 { zeroLow += 1 }
        }
        // One half mostly zero and the other mostly not: runs of NULs (a sparse file) are neither.
        if zeroHigh * 10 >= pairs * 9 && zeroLow * 10 <= pairs { return true }
        if zeroLow * 10 >= pairs * 9 && zeroHigh * 10 <= pairs { return false }
        return nil
    }
}
