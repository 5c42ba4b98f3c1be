import FSFindModel

/// Text made safe to show on a terminal: no control character from a file name, a tag or a query
/// reaches it raw.
///
/// A file name or an MP3 tag may hold escape sequences that set the clipboard (OSC 52), retitle
/// the window or clear the screen of whoever prints it. Wherever fsfind writes for a person (a
/// terminal, or a diagnostic on stderr), every C0 control, DEL, C1 control (U+0080–U+009F) and byte
/// that is not valid UTF-8 is written as a visible escape in the notation of bash's `$'…'`: `\n`,
/// `\t`, `\r`, `\e`, else `\xNN` for each byte. A backslash is left as it is, so ordinary names read
/// unchanged. Pipes, `-0` and `--json` keep the exact bytes (`docs/spec/cli.md`).
enum TerminalText {
    /// `bytes` with controls and invalid UTF-8 escaped; with `keepingNewlines`, `\n` stays a line
    /// break (for a diagnostic of several lines).
    static func escaped(_ bytes: some Collection<UInt8>, keepingNewlines: Bool = false) -> [UInt8] {
        guard bytes.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return Array(bytes) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 8)
        let bytes = Array(bytes)
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        func escape(_ byte: UInt8) {
            switch byte {
            case UInt8(ascii: "\n") where keepingNewlines: result.append(byte)
            case UInt8(ascii: "\n"): result += Array(#"\n"#.utf8)
            case UInt8(ascii: "\t"): result += Array(#"\t"#.utf8)
            case UInt8(ascii: "\r"): result += Array(#"\r"#.utf8)
            case 0x1B: result += Array(#"\e"#.utf8)
            default:
                let digits = Array("0123456789abcdef".utf8)
                result += [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if Unicode.UTF8.decode(encoded).isTerminalControl {
                    for byte in encoded { escape(byte) }
                } else {
                    result.append(contentsOf: encoded)
                }
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] { escape(byte) }
                offset += length
            case .emptyInput:
                return result
            }
        }
    }

    /// A path (raw bytes) as one line of text for a person: every control and invalid byte
    /// escaped, a newline in a name included.
    static func shown(_ path: some Collection<UInt8>) -> String {
        String(decoding: escaped(path), as: UTF8.self)
    }

    /// ``escaped(_:keepingNewlines:)`` for text.
    static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return text }
        return String(decoding: escaped(text.utf8, keepingNewlines: keepingNewlines), as: UTF8.self)
    }
}
