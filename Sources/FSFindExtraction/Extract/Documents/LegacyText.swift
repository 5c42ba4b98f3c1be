/// Turns bytes of unknown encoding into text: UTF-8 when they are valid UTF-8, else Latin-1.
///
/// Latin-1 maps every byte to a character, so the fallback never fails; it is the right guess for
/// old HTML pages and EXIF strings written by Windows-1252 era software in the West.
enum LegacyText {
    static func decode(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// `text` with surrounding white space (and NULs, which C strings and EXIF pad with) removed,
    /// and inner runs of white space folded to one space; nil when nothing is left.
    static func cleaned(_ text: String) -> String? {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0 == "\u{0}" })
        guard !words.isEmpty else { return nil }
        return words.joined(separator: " ")
    }
}
