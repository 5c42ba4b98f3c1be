import FSFindModel

/// How a run of screen text is drawn; ``ScreenPainter`` maps each to terminal attributes.
enum TextStyle: Sendable, Equatable {
    case plain
    case dim
    case bold
    case chip
    case selectedChip
    /// The selected result row.
    case selected
    /// The part of a result's name the typed words matched, on an ordinary row and on the
    /// selected one.
    case match
    case selectedMatch
    case error
    /// The chosen segment of the scope control.
    case scopeSelected
    /// Suggestion highlighted for → to accept.
    case suggestion
    /// A cell of a preview picture: its symbol's colour over its background's, each `0xRRGGBB` or
    /// ``PreviewPicture/Cell/noColor``.
    case picture(foreground: UInt32, background: UInt32)
    /// A line of a file's own text in the preview.
    case quoted
    /// Cells of an image the terminal draws (``KittyGraphics``): the foreground colour carries
    /// the image's id.
    case image(id: Int)
}

/// A run of text in one style.
struct StyledSpan: Sendable, Equatable {
    var text: String
    var style: TextStyle

    init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One screen line as styled runs. Layout builds lines of any length and then fits them to the
/// window with ``fitted(to:fill:)``, so every painted line is exactly the window's width.
struct StyledLine: Sendable, Equatable {
    var spans: [StyledSpan]

    init(_ spans: [StyledSpan] = []) {
        self.spans = spans
    }

    init(_ text: String, _ style: TextStyle = .plain) {
        self.spans = [StyledSpan(text, style)]
    }

    /// The line's text without styles (what a test compares, what capture-pane shows).
    var text: String { spans.map(\.text).joined() }

    /// Columns the line takes.
    var width: Int { spans.reduce(0) { $0 + (Self.printableASCIICount($1.text) ?? TerminalWidth.of($1.text)) } }

    /// The length of `text` when every byte of it is printable ASCII (a column each), else nil.
    private static func printableASCIICount(_ text: String) -> Int? {
        var count = 0
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }

    mutating func append(_ text: String, _ style: TextStyle = .plain) {
        spans.append(StyledSpan(text, style))
    }

    /// Exactly `width` columns: control characters shown as spaces, text past the edge cut with
    /// `…`, the rest padded with blanks in `fill` style.
    func fitted(to width: Int, fill: TextStyle = .plain) -> StyledLine {
        guard width > 0 else { return StyledLine() }
        var result: [StyledSpan] = []
        var used = 0
        var cut = false
        outer: for span in spans {
            // Printable ASCII, most of a screen: a column a byte, no character to break out.
            if let count = Self.printableASCIICount(span.text) {
                let fits = min(count, width - used)
                if fits > 0 {
                    result.append(StyledSpan(fits == count ? span.text : String(span.text.prefix(fits)), span.style))
                }
                used += fits
                if fits < count {
                    cut = true
                    break outer
                }
                continue
            }
            var text = ""
            for character in span.text {
                let shown: Character =
                    character.unicodeScalars.contains(where: \.isTerminalControl)
                    ? " " : character
                let columns = TerminalWidth.of(shown)
                if used + columns > width {
                    cut = true
                    if !text.isEmpty { result.append(StyledSpan(text, span.style)) }
                    break outer
                }
                text.append(shown)
                used += columns
            }
            if !text.isEmpty { result.append(StyledSpan(text, span.style)) }
        }
        if cut {
            // Make room for the ellipsis in the last column.
            while used > width - 1, var last = result.popLast() {
                let removed = last.text.removeLast()
                used -= TerminalWidth.of(removed)
                if !last.text.isEmpty { result.append(last) }
            }
            let style = result.last?.style ?? fill
            result.append(StyledSpan("…", style))
            used += 1
        }
        if used < width { result.append(StyledSpan(String(repeating: " ", count: width - used), fill)) }
        return StyledLine(result)
    }
}

/// Display columns of text in a terminal, as wcwidth(3) counts them for the common cases: East
/// Asian wide characters and emoji take two columns, combining marks and zero-width characters none.
///
/// Computed from Unicode properties rather than the C library so it does not depend on the locale
/// (Swift's Glibc module does not export wcwidth).
enum TerminalWidth {
    static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    static func of(_ character: Character) -> Int {
        var columns = 0
        for scalar in character.unicodeScalars { columns += of(scalar) }
        return min(columns, 2)
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B || (0xFE00...0xFE0F).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
