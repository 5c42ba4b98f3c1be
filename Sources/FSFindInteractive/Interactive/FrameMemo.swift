/// The last frame's list entries and pane lines, kept by what they were read from.
///
/// A key that starts a scan paints the field at once, over the rows and file the last answer
/// showed; reading those again from the index (paths, values, the pane's every attribute) was
/// most of that paint, and it came before the scan (`docs/decisions.md`, "The search field's
/// per-key costs").
struct FrameMemo {
    private var list: (rows: [Int], words: [String], entries: [ScreenModel.Entry])?
    private var pane: (row: Int, text: [String], title: String, lines: [String])?

    /// The entries of `rows` with `words` marked: the last ones when both are the same.
    mutating func entries(
        rows: [Int], words: [String], make: () -> [ScreenModel.Entry]
    ) -> [ScreenModel.Entry] {
        if let list, list.rows == rows, list.words == words { return list.entries }
        let entries = make()
        list = (rows, words, entries)
        return entries
    }

    /// The pane's title and lines for `row` with the file's words `text`: the last ones when both
    /// are the same.
    mutating func pane(row: Int, text: [String], make: () -> (title: String, lines: [String])) -> (
        title: String, lines: [String]
    ) {
        if let pane, pane.row == row, pane.text == text { return (pane.title, pane.lines) }
        let made = make()
        pane = (row, text, made.title, made.lines)
        return made
    }

    /// A new index: its rows are other files.
    mutating func forget() {
        list = nil
        pane = nil
    }
}

/// The last frame's body (``ScreenLayout/body(_:)``), kept by the layout and the values it was
/// drawn from: the field's echo before a scan draws the same list and pane again.
struct BodyMemo {
    private var last: (layout: ScreenLayout, body: ScreenModel.Body, lines: [StyledLine])?

    /// The body of `model` in `layout`.
    mutating func lines(_ model: ScreenModel, in layout: ScreenLayout) -> [StyledLine] {
        let body = model.body
        if let last, last.layout == layout, last.body == body { return last.lines }
        let lines = layout.body(model)
        last = (layout, body, lines)
        return lines
    }
}
