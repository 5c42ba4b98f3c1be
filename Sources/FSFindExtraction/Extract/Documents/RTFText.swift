import Foundation
import Glibc

/// The visible text of an RTF document and its `\info` fields (title, author, subject, keywords).
///
/// No well-kept C library reads RTF (Recoll and Tracker carry their own readers too), so this is
/// a small reader of the syntax alone, which is short: groups in braces, control words
/// (`\word-12`), control symbols (`\'e9`, `\~`, `\\`). It keeps the characters of the body and
/// drops every destination that is not text: font, colour and style tables, pictures, objects,
/// field instructions (their results stay), and every `{\* …}` a reader may ignore. Characters come
/// as `\uN` (UTF-16, with `\ucN` fallback characters skipped), as `\'hh` bytes in the document's
/// code page (`\ansicpgN`, converted by glibc's iconv), or as plain bytes. `\bin` data is skipped
/// by its length. Work is linear in the input, and the output is cut at `limit` bytes.
struct RTFText {
    var text = ""
    var title: String?
    var author: String?
    var subject: String?
    var keywords: String?

    /// Destinations whose contents are not the document's words.
    static let skipped: Set<String> = [
        "fonttbl", "colortbl", "stylesheet", "listtable", "listoverridetable", "revtbl", "rsidtbl", "pict",
        "object", "objdata", "fldinst", "themedata", "colorschememapping", "datastore", "latentstyles",
        "generator", "xmlnstbl", "pgdsctbl", "filetbl", "mmathPr", "operator", "company", "doccomm", "comment",
        "nonshppict", "shpinst", "header", "headerl", "headerr", "headerf", "footer", "footerl", "footerr", "footerf",
        "template", "userprops", "bkmkstart", "bkmkend",
    ]

    /// Whether `bytes` start as RTF does.
    static func isRTF(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array("{\\rtf".utf8)) }

    init(_ bytes: [UInt8], limit: Int) {
        var parser = Parser(bytes: bytes, limit: limit)
        parser.run()
        text = parser.output.text
        func field(_ name: String) -> String? {
            let value = parser.fields[name]?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return value.isEmpty ? nil : value
        }
        title = field("title")
        author = field("author")
        subject = field("subject")
        keywords = field("keywords")
    }

    /// Text as it is built: bytes of the current code page wait in `pending` until a character of
    /// another kind comes, then go through iconv together (a multi-byte code page needs its pairs).
    struct Builder {
        var text = ""
        var pending: [UInt8] = []
        var highSurrogate: UInt16?

        mutating func append(_ scalar: Unicode.Scalar, converter: Converter) {
            flush(converter)
            text.unicodeScalars.append(scalar)
        }

        mutating func append(byte: UInt8) { pending.append(byte) }

        mutating func flush(_ converter: Converter) {
            guard !pending.isEmpty else { return }
            text += converter.decode(pending)
            pending = []
        }
    }

    /// Bytes of one Windows code page to text: iconv for any page glibc knows, else Windows-1252.
    final class Converter {
        private let descriptor: iconv_t?

        init(codePage: Int) {
            let name = codePage == 65001 ? "UTF-8" : "CP\(codePage)"
            let opened = iconv_open("UTF-8", name)
            descriptor = opened == iconv_t(bitPattern: -1) ? iconv_open("UTF-8", "CP1252") : opened
        }

        deinit {
            if let descriptor, descriptor != iconv_t(bitPattern: -1) { iconv_close(descriptor) }
        }

        /// `bytes` decoded; a byte iconv cannot map becomes U+FFFD.
        func decode(_ bytes: [UInt8]) -> String {
            guard let descriptor, descriptor != iconv_t(bitPattern: -1) else {
                return String(decoding: bytes, as: UTF8.self)
            }
            var input = bytes.map { CChar(bitPattern: $0) }
            var output = [CChar](repeating: 0, count: bytes.count * 4 + 4)
            var result = ""
            input.withUnsafeMutableBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    var inPointer = source.baseAddress
                    var inLeft = source.count
                    while inLeft > 0 {
                        var outPointer = target.baseAddress
                        var outLeft = target.count
                        let status = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                        let produced = target.count - outLeft
                        result += String(
                            decoding: UnsafeRawBufferPointer(start: target.baseAddress, count: produced), as: UTF8.self)
                        if status == -1 {
                            guard inLeft > 0 else { break }
                            result += "\u{FFFD}"  // an unmappable or cut byte: skip it
                            inPointer = inPointer.map { $0 + 1 }
                            inLeft -= 1
                        }
                    }
                }
            }
            _ = iconv(descriptor, nil, nil, nil, nil)
            return result
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        let limit: Int
        var position = 0
        var output = Builder()
        var fields: [String: Builder] = [:]
        var converter = Converter(codePage: 1252)

        /// One group's state; a new group starts as a copy of its parent's.
        struct State {
            var skipping = false
            /// Characters to skip after a `\u` (the group's `\uc`).
            var fallback = 1
            /// The `\info` field this group's characters go to.
            var field: String?
            var inInfo = false
        }
        var stack: [State] = []
        var state = State()
        /// Fallback characters still to skip after the last `\u`.
        var toSkip = 0

        init(bytes: [UInt8], limit: Int) {
            self.bytes = bytes
            self.limit = limit
        }

        mutating func run() {
            while position < bytes.count, output.text.utf8.count + output.pending.count < limit {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "{"):
                    // A deep nesting of groups costs a state each, bounded by the input.
                    stack.append(state)
                    toSkip = 0
                case UInt8(ascii: "}"):
                    if let parent = stack.popLast() { state = parent }
                    toSkip = 0
                case UInt8(ascii: "\\"):
                    controlWord()
                case 0x0D, 0x0A:
                    continue
                default:
                    character(byte: byte)
                }
            }
            output.flush(converter)
            for key in fields.keys { fields[key]?.flush(converter) }
        }

        /// A byte of text in the code page, or a fallback character being skipped.
        mutating func character(byte: UInt8) {
            if toSkip > 0 {
                toSkip -= 1
                return
            }
            guard !state.skipping else { return }
            if let field = state.field {
                fields[field, default: Builder()].append(byte: byte)
            } else if !state.inInfo {
                output.append(byte: byte)
            }
        }

        mutating func emit(_ scalar: Unicode.Scalar) {
            guard !state.skipping else { return }
            if let field = state.field {
                fields[field, default: Builder()].append(scalar, converter: converter)
            } else if !state.inInfo {
                output.append(scalar, converter: converter)
            }
        }

        mutating func controlWord() {
            guard position < bytes.count else { return }
            let first = bytes[position]
            guard Self.isLetter(first) else {
                // A control symbol.
                position += 1
                switch first {
                case UInt8(ascii: "'"):
                    guard position + 1 < bytes.count, let high = Self.hex(bytes[position]),
                        let low = Self.hex(bytes[position + 1])
                    else {
                        position = min(position + 2, bytes.count)  // a cut or broken escape: dropped
                        return
                    }
                    position += 2
                    character(byte: high << 4 | low)
                case UInt8(ascii: "*"):
                    // An ignorable destination: skipped unless it is one of the few read.
                    state.skipping = true
                case UInt8(ascii: "~"): emitCounted("\u{00A0}")
                case UInt8(ascii: "_"): emitCounted("\u{2011}")
                case UInt8(ascii: "-"): break  // an optional hyphen
                case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"): character(byte: first)
                case 0x0D, 0x0A: emitCounted("\n")  // `\` then a newline is \par
                default: break
                }
                return
            }
            var end = position
            while end < bytes.count, end - position < 32, Self.isLetter(bytes[end]) { end += 1 }
            let word = String(decoding: bytes[position..<end], as: UTF8.self)
            position = end
            var parameter: Int?
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") || Self.isDigit(bytes[position]) {
                var digitsEnd = position + 1
                while digitsEnd < bytes.count, digitsEnd - position < 11, Self.isDigit(bytes[digitsEnd]) {
                    digitsEnd += 1
                }
                parameter = Int(String(decoding: bytes[position..<digitsEnd], as: UTF8.self))
                position = digitsEnd
            }
            // One space after a control word belongs to it.
            if position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
            // Fallback characters end at the next control word (`\u` sets them again).
            toSkip = 0
            apply(word, parameter)
        }

        /// A character that counts as one of a `\u`'s fallbacks when one is due.
        mutating func emitCounted(_ scalar: Unicode.Scalar) {
            if toSkip > 0 {
                toSkip -= 1
                return
            }
            emit(scalar)
        }

        mutating func apply(_ word: String, _ parameter: Int?) {
            switch word {
            case "par", "line", "sect", "page", "row": emitCounted("\n")
            case "tab", "cell": emitCounted("\t")
            case "emdash": emitCounted("\u{2014}")
            case "endash": emitCounted("\u{2013}")
            case "lquote": emitCounted("\u{2018}")
            case "rquote": emitCounted("\u{2019}")
            case "ldblquote": emitCounted("\u{201C}")
            case "rdblquote": emitCounted("\u{201D}")
            case "bullet": emitCounted("\u{2022}")
            case "uc": state.fallback = max(0, min(parameter ?? 1, 16))
            case "u":
                guard let parameter else { return }
                unicode(UInt16(truncatingIfNeeded: parameter))
                toSkip = state.fallback
            case "ansicpg":
                if let parameter, parameter > 0 {
                    output.flush(converter)
                    converter = Converter(codePage: parameter)
                }
            case "bin":
                // Binary data of the given length: skipped whole, whatever it holds.
                position = min(bytes.count, position + max(0, parameter ?? 0))
            case "info":
                state.inInfo = true
            default:
                if state.inInfo, Self.fieldsRead.contains(word) {
                    state.field = word
                    state.skipping = false
                } else if RTFText.skipped.contains(word) {
                    state.skipping = true
                }
            }
        }

        mutating func unicode(_ unit: UInt16) {
            if (0xD800..<0xDC00).contains(unit) {
                output.highSurrogate = unit
                return
            }
            var value = UInt32(unit)
            if (0xDC00..<0xE000).contains(unit), let high = output.highSurrogate {
                value = 0x10000 + (UInt32(high - 0xD800) << 10) + (value - 0xDC00)
            }
            output.highSurrogate = nil
            emit(Unicode.Scalar(value) ?? "\u{FFFD}")
        }

        static let fieldsRead: Set<String> = ["title", "author", "subject", "keywords"]

        static func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }

        static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

        static func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }
}
