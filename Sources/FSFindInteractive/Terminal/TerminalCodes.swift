import FSFindIndex

/// The few control sequences fsfind sends a terminal, in one place. They are the ECMA-48 / xterm
/// ones every terminal emulator in use (xterm, VTE, kitty, tmux, screen, the Linux console)
/// understands, so no terminfo lookup is needed for them.
package enum TerminalCodes {
    static let escape = "\u{1B}["

    /// Switch to the alternate screen, clear it, stop line wrap (a full last column must not
    /// scroll the screen).
    package static let enter = "\u{1B}[?1049h\u{1B}[?7l\u{1B}[H\u{1B}[2J"
    /// Undo ``enter``: plain attributes, wrap and cursor back, the normal screen restored.
    package static let leave = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
    package static let hideCursor = "\u{1B}[?25l"
    package static let showCursor = "\u{1B}[?25h"
    package static let clearScreen = "\u{1B}[2J"

    /// Move to `row`, `column`, counted from 0.
    package static func moveTo(row: Int, column: Int) -> String {
        "\(escape)\(row + 1);\(column + 1)H"
    }

    /// Select Graphic Rendition for a style, starting from plain. `monochrome` (the `NO_COLOR`
    /// convention, no-color.org) keeps bold, dim, underline and reverse video but no colour: a
    /// chip is reversed, the selected chip bold and reversed, an error bold.
    package static func style(_ style: TextStyle, monochrome: Bool = false) -> String {
        if monochrome {
            switch style {
            case .chip: return "\(escape)0;7m"
            case .selectedChip: return "\(escape)0;1;7m"
            case .error: return "\(escape)0;1m"
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
        case .error: "\(escape)0;31m"
        case .scopeSelected: "\(escape)0;1;7m"
        case .suggestion: "\(escape)0;4;1m"
        }
    }
}
