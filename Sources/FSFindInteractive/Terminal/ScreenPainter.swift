/// Turns frames into terminal output, rewriting only the lines that changed since the last frame
/// so a keystroke costs a few lines of output, not a screen.
struct ScreenPainter: Sendable {
    private var previous: [StyledLine] = []
    /// No colours, only attributes (`NO_COLOR` set and not empty).
    let monochrome: Bool
    /// How preview pictures' colours are sent.
    let palette: TerminalCodes.Palette

    init(monochrome: Bool = false, palette: TerminalCodes.Palette = .truecolor) {
        self.monochrome = monochrome
        self.palette = palette
    }

    /// Forget what is on screen (after a resize or Ctrl-L), so the next paint redraws everything.
    mutating func invalidate() {
        previous = []
    }

    /// The bytes that take the screen from the last frame to `frame`.
    mutating func paint(_ frame: Frame) -> String {
        var output = TerminalCodes.hideCursor
        if previous.count != frame.lines.count { output += TerminalCodes.clearScreen }
        for (row, line) in frame.lines.enumerated() where row >= previous.count || previous[row] != line {
            output += TerminalCodes.moveTo(row: row, column: 0)
            var current: TextStyle?
            for span in line.spans {
                if span.style != current {
                    output += TerminalCodes.style(span.style, monochrome: monochrome, palette: palette)
                    current = span.style
                }
                output += span.text
            }
            output += TerminalCodes.style(.plain)
        }
        previous = frame.lines
        output += TerminalCodes.moveTo(row: frame.cursorRow, column: frame.cursorColumn) + TerminalCodes.showCursor
        return output
    }
}
