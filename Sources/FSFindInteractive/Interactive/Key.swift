/// A key press (or a run of typed text) read from the terminal.
package enum Key: Sendable, Equatable {
    /// Printable text: one key, or several typed (or pasted) faster than the screen redraws.
    case text(String)
    case enter
    case escape
    case backspace
    case delete
    case tab
    case backTab
    case up
    case down
    case left
    case right
    case home
    case end
    case pageUp
    case pageDown
    /// Ctrl and a letter, the letter lowercased (`.control("n")` for Ctrl-N).
    case control(Character)
}
