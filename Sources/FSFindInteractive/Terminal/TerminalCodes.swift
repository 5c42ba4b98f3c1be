/// The control sequences the search screen paints with, in one place. They are the ECMA-48 / xterm
/// ones every terminal emulator in use (xterm, VTE, kitty, tmux, screen, the Linux console)
/// understands, so no terminfo lookup is needed for them.
///
/// Entering and leaving the alternate screen are the command line's, which owns the terminal
/// device (`TerminalDevice.enterCodes`); these are what the screen paints with.
enum TerminalCodes {
    static let escape = "\u{1B}["

    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"
    static let clearScreen = "\u{1B}[2J"

    /// Move to `row`, `column`, counted from 0.
    static func moveTo(row: Int, column: Int) -> String {
        "\(escape)\(row + 1);\(column + 1)H"
    }

    /// Select Graphic Rendition for a style, starting from plain. `monochrome` (the `NO_COLOR`
    /// convention, no-color.org) keeps bold, dim, underline and reverse video but no colour: a
    /// chip is reversed, the selected chip bold and reversed, an error bold.
    static func style(_ style: TextStyle, monochrome: Bool = false, palette: Palette = .truecolor) -> String {
        if case .image(let id) = style { return "\(escape)0;38;5;\(id)m" }
        if case .picture(let foreground, let background) = style {
            guard !monochrome else { return "\(escape)0m" }
            return
                "\(escape)0;\(color(foreground, layer: 3, palette: palette));\(color(background, layer: 4, palette: palette))m"
        }
        if monochrome {
            switch style {
            case .chip: return "\(escape)0;7m"
            case .selectedChip: return "\(escape)0;1;7m"
            case .error: return "\(escape)0;1m"
            case .quoted: return "\(escape)0m"
            default: break
            }
        }
        return switch style {
        case .plain: "\(escape)0m"
        case .dim: "\(escape)0;2m"
        case .bold: "\(escape)0;1m"
        case .chip: "\(escape)0;30;46m"
        case .selectedChip: "\(escape)0;1;30;43m"
        case .selected: "\(escape)0;7m"
        case .match: "\(escape)0;1;4m"
        case .selectedMatch: "\(escape)0;1;4;7m"
        case .error: "\(escape)0;31m"
        case .scopeSelected: "\(escape)0;1;7m"
        case .suggestion: "\(escape)0;4;1m"
        case .quoted: "\(escape)0;36m"
        case .picture, .image: "\(escape)0m"  // handled above
        }
    }

    /// How many colours the terminal shows: 24-bit where `COLORTERM` says `truecolor` or `24bit`
    /// (the convention terminals use to announce it), else xterm's 256.
    enum Palette: Sendable {
        case truecolor
        case indexed256

        static func fromEnvironment(_ environment: [String: String]) -> Palette {
            let value = environment["COLORTERM", default: ""].lowercased()
            return value == "truecolor" || value == "24bit" ? .truecolor : .indexed256
        }
    }

    /// The SGR parameters of a colour as foreground (`layer` 3) or background (4): `38;2;r;g;b`,
    /// `38;5;n` (the nearest entry of xterm's 6×6×6 cube or grey ramp), or `39`/`49` for the
    /// terminal's own colour.
    static func color(_ rgb: UInt32, layer: Int, palette: Palette) -> String {
        guard rgb != PreviewPicture.Cell.noColor else { return "\(layer)9" }
        let red = Int(rgb >> 16 & 0xFF)
        let green = Int(rgb >> 8 & 0xFF)
        let blue = Int(rgb & 0xFF)
        switch palette {
        case .truecolor:
            return "\(layer)8;2;\(red);\(green);\(blue)"
        case .indexed256:
            return "\(layer)8;5;\(index256(red: red, green: green, blue: blue))"
        }
    }

    /// The xterm-256 entry nearest to a colour: the grey ramp (232–255) for greys, else the cube.
    static func index256(red: Int, green: Int, blue: Int) -> Int {
        func level(_ value: Int) -> Int { value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40 }
        if abs(red - green) < 10, abs(green - blue) < 10 {
            let grey = (red + green + blue) / 3
            if grey < 8 { return 16 }
            if grey > 238 { return 231 }
            return 232 + (grey - 8) / 10
        }
        return 16 + 36 * level(red) + 6 * level(green) + level(blue)
    }
}
