import FSFindQuery

/// Where everything goes in a window of a given size, and the lines that result.
///
/// Rows from the top: the search field, the scope control, suggestions (or the query error), a
/// rule with the result count, the results with the detail pane (beside them from 100 columns,
/// under them below that), and a line of key help at the bottom.
struct ScreenLayout: Sendable, Equatable {
    let width: Int
    let height: Int
    /// What the list says when the index holds nothing; the front end names its own command.
    let emptyIndexHint: String

    /// Below this the window only says it is too small.
    static let minimumWidth = 30
    static let minimumHeight = 8
    /// From this width the detail pane sits beside the list instead of under it.
    static let sideBySideWidth = 100

    /// False when Ctrl-P has hidden the detail pane: the list takes the whole body.
    let showsDetail: Bool

    init(width: Int, height: Int, emptyIndexHint: String = "The index is empty", showsDetail: Bool = true) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.emptyIndexHint = emptyIndexHint
        self.showsDetail = showsDetail
    }

    var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }
    var sideBySide: Bool { showsDetail && width >= Self.sideBySideWidth }

    /// Rows between the rule and the help line.
    var bodyRows: Int { max(0, height - 5) }

    /// Rows of the detail pane when it sits under the list (its title rule included).
    var detailRows: Int {
        guard showsDetail else { return 0 }
        return sideBySide ? bodyRows : min(max(3, bodyRows * 2 / 5), max(0, bodyRows - 1))
    }

    /// How many results are on screen at once.
    var listRows: Int { sideBySide || !showsDetail ? bodyRows : max(1, bodyRows - detailRows) }

    /// Columns of the list when beside the detail pane.
    var listWidth: Int { sideBySide ? width / 2 : width }

    /// The box the selected file's preview is drawn in, in cells: the top half of the pane beside
    /// the list, or the right of the pane under it (a third of the width, at most a square);
    /// nil when the pane is hidden or too small for a picture.
    var previewBox: (columns: Int, rows: Int)? {
        guard showsDetail, !isTooSmall else { return nil }
        if sideBySide {
            let columns = width - listWidth - 3
            let rows = min(max(3, bodyRows / 2), bodyRows - 3)
            return columns >= 8 && rows >= 3 ? (columns, rows) : nil
        }
        let rows = detailRows - 1
        let columns = min(width / 3, rows * 4)
        return columns >= 8 && rows >= 3 ? (columns, rows) : nil
    }

    /// The frame for `model`: exactly `height` lines of exactly `width` columns, and where the
    /// cursor goes (after the typed text).
    func render(_ model: ScreenModel) -> Frame {
        var memo = BodyMemo()
        return render(model, reusing: &memo)
    }

    /// The frame for `model`, its body taken from `memo` when the last one drawn there is the same.
    func render(_ model: ScreenModel, reusing memo: inout BodyMemo) -> Frame {
        guard !isTooSmall else {
            var lines = [StyledLine("Window too small for fsfind search (needs 30×8)").fitted(to: width)]
            while lines.count < height { lines.append(StyledLine().fitted(to: width)) }
            return Frame(lines: lines, cursorRow: 0, cursorColumn: 0)
        }
        var lines: [StyledLine] = []
        let (field, cursor) = fieldLine(model)
        lines.append(field)
        lines.append(scopeLine(model))
        lines.append(hintLine(model))
        lines.append(rule(countText(model)))
        lines += memo.lines(model, in: self)
        let help = TerminalWidth.of(Self.keyHelp) <= width ? Self.keyHelp : Self.shortKeyHelp
        lines.append(StyledLine(help, .dim).fitted(to: width))
        return Frame(lines: lines, cursorRow: 0, cursorColumn: cursor)
    }

    /// The key help line, and the one that fits 80 columns (the rarer keys left to `--help`).
    static let keyHelp =
        " ↑↓ select  Tab scope  ⏎ print path  ^O open  ^F folder  ^P preview  → take suggestion  ^S next  Esc quit"
    static let shortKeyHelp = " ↑↓ select  Tab scope  ⏎ path  ^O open  ^F folder  ^P preview  → take  Esc quit"

    // MARK: - Lines

    func fieldLine(_ model: ScreenModel) -> (StyledLine, Int) {
        var line = StyledLine(" > ", .bold)
        for (position, token) in model.field.tokens.enumerated() {
            line.append("[\(token.text)]", position == model.field.selectedToken ? .selectedChip : .chip)
            line.append(" ")
        }
        let text = model.field.text
        if model.field.isEmpty {
            let cursor = line.width
            line.append(model.placeholder, .dim)
            return (line.fitted(to: width), cursor)
        }
        if let error = model.error, !error.range.isEmpty, error.range.upperBound <= text.count {
            let characters = Array(text)
            line.append(String(characters[..<error.range.lowerBound]))
            line.append(String(characters[error.range]), .error)
            line.append(String(characters[error.range.upperBound...]))
        } else {
            line.append(text)
        }
        var cursor = line.width
        if cursor >= width {
            // Keep the end (where typing happens) in view: drop columns from the left.
            var spans = line.spans
            var excess = cursor - width + 2
            while excess > 0, !spans.isEmpty {
                if spans[0].text.isEmpty {
                    spans.removeFirst()
                    continue
                }
                let removed = spans[0].text.removeFirst()
                excess -= TerminalWidth.of(removed)
            }
            line = StyledLine([StyledSpan("…", .dim)] + spans)
            cursor = line.width
        }
        return (line.fitted(to: width), min(cursor, width - 1))
    }

    func scopeLine(_ model: ScreenModel) -> StyledLine {
        let location = "  Where: \(model.location) (^F)"
        let available = max(10, width - TerminalWidth.of(location))
        let segments = model.scopes.enumerated().map { position, segment -> StyledSpan in
            let label = segment.count.map { "\(segment.title) \($0)" } ?? segment.title
            return position == model.selectedScope ? StyledSpan("[\(label)]", .scopeSelected) : StyledSpan(" \(label) ")
        }
        // Start late enough that the chosen segment fits.
        var start = 0
        func widthFrom(_ first: Int) -> Int {
            segments[first...min(model.selectedScope, segments.count - 1)].reduce(first > 0 ? 2 : 1) {
                $0 + TerminalWidth.of($1.text) + 1
            }
        }
        while start < model.selectedScope, widthFrom(start) > available { start += 1 }
        var line = StyledLine(start > 0 ? "‹" : " ", .dim)
        for segment in segments[start...] {
            if line.width + TerminalWidth.of(segment.text) + 2 > available {
                line.append("›", .dim)
                break
            }
            line.spans.append(segment)
            line.append(" ")
        }
        line = line.fitted(to: available)
        line.append(location, .dim)
        if line.width > width { line = StyledLine(line.spans.dropLast()) }
        return line.fitted(to: width)
    }

    func hintLine(_ model: ScreenModel) -> StyledLine {
        if let error = model.error {
            return StyledLine("   ! \(error.message)", .error).fitted(to: width)
        }
        if let status = model.status {
            return StyledLine("   \(status)", .dim).fitted(to: width)
        }
        guard !model.suggestions.isEmpty else { return StyledLine().fitted(to: width) }
        var line = StyledLine("   Suggestions: ", .dim)
        for (position, suggestion) in model.suggestions.enumerated() {
            line.append(suggestion, position == model.highlightedSuggestion ? .suggestion : .plain)
            line.append("  ")
        }
        return line.fitted(to: width)
    }

    func countText(_ model: ScreenModel) -> String {
        guard let total = model.total else { return "Searching…" }
        let noun = total == 1 ? "result" : "results"
        if model.field.isEmpty { return "\(total) \(noun), most recent first" }
        return "\(total) \(noun)"
    }

    func rule(_ title: String, width columns: Int? = nil) -> StyledLine {
        let columns = columns ?? width
        var line = StyledLine("─ ", .dim)
        line.append(title, .bold)
        line.append(" " + String(repeating: "─", count: max(0, columns - line.width - 1)), .dim)
        return line.fitted(to: columns)
    }

    func listLines(_ model: ScreenModel, columns: Int, rows: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        for (position, entry) in model.entries.prefix(rows).enumerated() {
            let selected = position == model.selectedEntry
            var line = StyledLine(selected ? " > " : "   ", selected ? .selected : .plain)
            // The matched letters bold and underlined (attributes, so NO_COLOR keeps them).
            for (piece, matched) in Self.pieces(of: entry.name, marking: entry.highlights) {
                line.append(piece, matched ? (selected ? .selectedMatch : .match) : (selected ? .selected : .plain))
            }
            // The facts column at the right when the folder still gets some room beside it;
            // the folder loses its start first (its end says most).
            let factsWidth = entry.facts.isEmpty ? 0 : entry.facts.count + 2
            let showsFacts = factsWidth > 0 && columns - line.width - factsWidth - 2 >= Self.minimumFolderColumns
            let folderRoom = columns - line.width - 2 - (showsFacts ? factsWidth : 0)
            let folder = Self.shortenedFromLeft(entry.folder, to: folderRoom)
            line.append("  " + folder, selected ? .selected : .dim)
            if showsFacts {
                let gap = max(2, columns - line.width - entry.facts.count)
                line.append(String(repeating: " ", count: gap) + entry.facts, selected ? .selected : .dim)
            }
            lines.append(line.fitted(to: columns, fill: selected ? .selected : .plain))
        }
        if model.entries.isEmpty, model.total == 0 {
            let message = "   " + (model.field.isEmpty ? emptyIndexHint : "No results")
            lines.append(StyledLine(message, .dim).fitted(to: columns))
        }
        while lines.count < rows { lines.append(StyledLine().fitted(to: columns)) }
        return Array(lines.prefix(rows))
    }

    /// `name` cut where `highlights` (character ranges, sorted) begin and end, each piece with
    /// whether it is marked; a name of ASCII bytes (a character each, unless a carriage return
    /// joins the line feed after it) is cut by bytes, without an array of its characters.
    static func pieces(of name: String, marking highlights: [Range<Int>]) -> [(String, Bool)] {
        guard !highlights.isEmpty else { return [(name, false)] }
        var pieces: [(String, Bool)] = []
        var position = 0
        if name.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            let bytes = Array(name.utf8)
            func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
            for range in highlights where range.lowerBound >= position && range.upperBound <= bytes.count {
                pieces += [(text(position..<range.lowerBound), false), (text(range), true)]
                position = range.upperBound
            }
            pieces.append((text(position..<bytes.count), false))
            return pieces
        }
        let characters = Array(name)
        for range in highlights where range.lowerBound >= position && range.upperBound <= characters.count {
            pieces += [(String(characters[position..<range.lowerBound]), false), (String(characters[range]), true)]
            position = range.upperBound
        }
        pieces.append((String(characters[position...]), false))
        return pieces
    }

    /// The fewest columns a folder keeps beside the facts column.
    static let minimumFolderColumns = 12

    /// `folder` cut from its start to `columns` characters, `…` where cut.
    static func shortenedFromLeft(_ folder: String, to columns: Int) -> String {
        // No more characters than bytes: most folders fit without counting their characters.
        guard folder.utf8.count > columns, folder.count > columns else { return folder }
        guard columns > 1 else { return columns == 1 ? "…" : "" }
        return "…" + folder.suffix(columns - 1)
    }

    func detailLines(_ model: ScreenModel, columns: Int, rows: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        if model.selectedEntry != nil {
            lines.append(StyledLine(" " + model.detailTitle, .bold).fitted(to: columns))
            if sideBySide, model.expectsPreview, let box = previewBox {
                let preview = previewLines(model.preview, box: box, imageID: model.previewImageID)
                lines += preview.map { StyledLine([StyledSpan(" ")] + $0.spans).fitted(to: columns) }
                if !preview.isEmpty { lines.append(StyledLine().fitted(to: columns)) }
            }
            for text in model.detail { lines.append(StyledLine(" " + text).fitted(to: columns)) }
        }
        while lines.count < rows { lines.append(StyledLine().fitted(to: columns)) }
        return Array(lines.prefix(rows))
    }

    /// The preview's lines in `box`: a picture's rows, a text's first lines, "no preview: …"
    /// wrapped; the box's height in blank lines while it is drawn.
    func previewLines(_ preview: FilePreview?, box: (columns: Int, rows: Int), imageID: Int? = nil) -> [StyledLine] {
        switch preview {
        case .image(let image):
            guard let imageID else { fallthrough }
            return (0..<min(image.rows, box.rows)).map { row in
                StyledLine(
                    KittyGraphics.placeholders(row: row, columns: min(image.columns, box.columns)), .image(id: imageID)
                ).fitted(to: box.columns)
            }
        case nil:
            return Array(repeating: StyledLine().fitted(to: box.columns), count: box.rows)
        case .picture(let picture):
            return (0..<min(picture.rows, box.rows)).map { row in
                var line = StyledLine()
                var run = ""
                var colors: (UInt32, UInt32)?
                for column in 0..<min(picture.columns, box.columns) {
                    let cell = picture[column, row]
                    if let current = colors, current != (cell.foreground, cell.background) {
                        line.append(run, .picture(foreground: current.0, background: current.1))
                        run = ""
                    }
                    colors = (cell.foreground, cell.background)
                    run.unicodeScalars.append(cell.symbol)
                }
                if let colors { line.append(run, .picture(foreground: colors.0, background: colors.1)) }
                return line.fitted(to: box.columns)
            }
        case .lines(let text):
            return text.prefix(box.rows).map { StyledLine($0, .quoted).fitted(to: box.columns) }
        case .unavailable(let reason):
            return DetailPane.wrap("no preview: " + reason, width: box.columns).prefix(box.rows).map {
                StyledLine($0, .dim).fitted(to: box.columns)
            }
        }
    }

    func body(_ model: ScreenModel) -> [StyledLine] {
        if !showsDetail { return listLines(model, columns: width, rows: bodyRows) }
        if sideBySide {
            let list = listLines(model, columns: listWidth, rows: bodyRows)
            let detail = detailLines(model, columns: width - listWidth - 1, rows: bodyRows)
            return zip(list, detail).map { StyledLine($0.spans + [StyledSpan("│", .dim)] + $1.spans) }
        }
        let list = listLines(model, columns: width, rows: listRows)
        guard model.expectsPreview, model.selectedEntry != nil, let box = previewBox else {
            return list + [rule("Details")] + detailLines(model, columns: width, rows: detailRows - 1)
        }
        // The preview at the right of the details, a column of space between them.
        let detail = detailLines(model, columns: width - box.columns - 1, rows: detailRows - 1)
        var preview = previewLines(model.preview, box: box, imageID: model.previewImageID)
        while preview.count < detail.count { preview.append(StyledLine().fitted(to: box.columns)) }
        return list + [rule("Details")]
            + zip(detail, preview).map { StyledLine($0.spans + [StyledSpan(" ")] + $1.spans) }
    }
}

/// One screen's worth of lines and the cursor position.
struct Frame: Sendable, Equatable {
    var lines: [StyledLine]
    var cursorRow: Int
    var cursorColumn: Int
}
