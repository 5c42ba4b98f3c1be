/// A query that cannot be run: a syntax error, an unknown name or a type mismatch, found before
/// any index is read, with the spot to draw a caret under.
///
/// `range` counts **Characters** (extended grapheme clusters) from the start of the query text, so
/// for the usual one-column characters it is the display column the caret goes under. Errors that
/// are not about one spot (an empty query, a bad `FSFIND_NOW`) have an empty range at 0.
package struct QueryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One sentence, e.g. `unknown attribute 'duraton' (did you mean 'duration'?)`.
    package var message: String
    /// Character offsets into the query text (see the type's documentation).
    package var range: Range<Int>

    init(message: String, range: Range<Int>) {
        self.message = message
        self.range = range
    }

    package var description: String { message }

    /// The widest echo of the query before it is clipped around the error.
    static let echoWidth = 80

    /// The message, then the query indented two spaces, then a caret line under `range`.
    ///
    /// A query wider than about 80 columns is clipped to a window around the error, with `…` where
    /// it was cut, so the caret stays on screen. Tabs, newlines and other control characters are
    /// echoed as spaces so the caret line stays aligned under them.
    package func rendered(query: String) -> String {
        let characters: [Character] = query.map {
            $0.isNewline || $0.unicodeScalars.contains(where: \.isTerminalControl)
                ? " " : $0
        }
        let count = characters.count
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        var windowStart = 0
        var windowEnd = count
        if count > Self.echoWidth {
            // Keep a little context before the error, and as much of the error as fits.
            windowStart = max(0, min(lower - 20, count - Self.echoWidth))
            windowEnd = min(count, windowStart + Self.echoWidth)
        }
        var echo = windowStart > 0 ? "…" : ""
        echo += String(characters[windowStart..<windowEnd])
        if windowEnd < count { echo += "…" }
        let caretStart = (windowStart > 0 ? 1 : 0) + lower - windowStart
        let visibleEnd = min(upper, windowEnd)
        let caretLength = max(1, visibleEnd - lower)
        let caret = String(repeating: " ", count: caretStart) + "^" + String(repeating: "~", count: caretLength - 1)
        return "\(message)\n  \(echo)\n  \(caret)"
    }
}
