import FSFindInteractive

/// Turns the bytes a terminal sends into ``Key``s: UTF-8 text, control keys, and the CSI/SS3
/// escape sequences of arrows and editing keys (xterm, VT220, tmux, the Linux console).
///
/// Bytes may arrive split anywhere; an unfinished sequence waits for the next read. A lone ESC is
/// ambiguous (Esc, or the start of an arrow), so the caller reads again after a short pause and
/// then calls ``flush()`` to take it as Esc.
struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    init() {}

    /// True when bytes of an unfinished sequence are waiting (a lone ESC, half a UTF-8 character).
    var hasPending: Bool { !pending.isEmpty }

    /// The keys `bytes` completes.
    mutating func decode(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty {
                keys.append(.text(String(decoding: text, as: UTF8.self)))
                text.removeAll()
            }
        }
        var i = 0
        parsing: while i < pending.count {
            let byte = pending[i]
            switch byte {
            case 0x1B:
                guard i + 1 < pending.count else { break parsing }  // wait: Esc or a sequence?
                let next = pending[i + 1]
                if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") {
                    var end = i + 2
                    while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
                    guard end < pending.count else { break parsing }  // unfinished sequence
                    flushText()
                    if let key = Self.sequence(final: pending[end], parameters: Array(pending[(i + 2)..<end])) {
                        keys.append(key)
                    }
                    i = end + 1
                } else if next == 0x1B {
                    flushText()
                    keys.append(.escape)
                    i += 1
                } else {
                    // Alt and a key: not bound; drop both so it is not read as Esc (quit).
                    flushText()
                    i += 2
                }
            case 0x0D, 0x0A:
                flushText()
                keys.append(.enter)
                i += 1
            case 0x09:
                flushText()
                keys.append(.tab)
                i += 1
            case 0x7F, 0x08:
                flushText()
                keys.append(.backspace)
                i += 1
            case 0x01...0x1A:
                flushText()
                keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
                i += 1
            case 0x00, 0x1C...0x1F:
                i += 1
            default:
                let length = Self.utf8Length(byte)
                guard i + length <= pending.count else { break parsing }  // half a character
                text += pending[i..<(i + length)]
                i += length
            }
        }
        flushText()
        pending.removeFirst(i)
        return keys
    }

    /// Takes what is pending as complete: a lone ESC is the Esc key; half a character is dropped.
    mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        return pending.first == 0x1B ? [.escape] : []
    }

    static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        default: 1
        }
    }

    /// The key of `ESC [ parameters final` (or `ESC O final`); nil for sequences fsfind ignores.
    static func sequence(final: UInt8, parameters: [UInt8]) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            let first = parameters.prefix { $0 != UInt8(ascii: ";") }
            switch String(decoding: first, as: UTF8.self) {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }
}
