import FSFindModel
import FSFindOutput
import Foundation

/// Writes query results and `show` output: raw path bytes, NUL-terminated lists, NDJSON, and the
/// `PATH<TAB>name=value` form, in one buffered stream to stdout.
///
/// On a terminal, paths and values are written through ``TerminalText`` (a name or a tag cannot
/// send the terminal escape sequences); into a pipe or file, the bytes are exact. `-0` and JSON
/// are exact everywhere (JSON escapes controls itself).
struct ResultWriter {
    enum Format: Sendable {
        /// One path a line, raw bytes.
        case lines
        /// One path then NUL, for `xargs -0`.
        case null
        /// One JSON object a line.
        case json
        /// `PATH<TAB>name=value<TAB>…`
        case attributes
    }

    /// What `--json` prints when no `--attr` is given (`docs/spec/cli.md`).
    static let defaultJSONAttributes: [Attribute] = [
        .displayName, .contentType, .fileSize, .contentModificationDate,
    ]

    let format: Format
    let attributes: [Attribute]
    let formatter: ValueFormatter
    /// True when output goes to a person (a terminal): controls are escaped.
    let escapesControls: Bool
    private var output = StandardOutput()

    init(
        format: Format, attributes: [Attribute], formatter: ValueFormatter = ValueFormatter(),
        escapesControls: Bool = StandardOutput.isTerminal
    ) {
        self.format = format
        self.attributes = attributes
        self.formatter = formatter
        self.escapesControls = escapesControls
    }

    /// Writes one result; `snippet` (from `--snippets`) follows a path on its own indented line
    /// (`p. 3: …` when it is on a page), or is the `snippet` field (and `page`) of a JSON object.
    mutating func write(path: [UInt8], item: some AttributeSource, snippet: String? = nil, page: Int? = nil) {
        switch format {
        case .lines:
            output.append(escapesControls ? TerminalText.escaped(path) : path)
            output.append(UInt8(ascii: "\n"))
            if let snippet {
                output.append("    ")
                if let page { output.append("p. \(page): ") }
                output.append(escapesControls ? TerminalText.escaped(snippet) : Self.oneLine(snippet))
                output.append(UInt8(ascii: "\n"))
            }
        case .null:
            output.append(path)
            output.append(0)
        case .json:
            output.append(jsonLine(path: path, item: item, attributes: attributes, snippet: snippet, page: page))
            output.append(UInt8(ascii: "\n"))
        case .attributes:
            output.append(escapesControls ? TerminalText.escaped(path) : path)
            for attribute in attributes {
                guard let value = item.value(of: attribute) else { continue }
                let plain = formatter.plain(value)
                // A tab or newline inside a value would break the columns a script splits on.
                let text =
                    escapesControls
                    ? TerminalText.escaped(plain) : String(plain.map { $0 == "\t" || $0 == "\n" ? " " : $0 })
                output.append("\t\(attribute.name)=\(text)")
            }
            output.append(UInt8(ascii: "\n"))
        }
    }

    /// An item that no longer matches (`query --live`): `- PATH` in the list and `--attr` forms,
    /// `-PATH` then NUL with `-0` (printed paths are absolute, so a leading `-` is never a path's),
    /// and `{"path": …, "removed": true}` in JSON.
    mutating func writeRemoved(path: [UInt8]) {
        switch format {
        case .lines, .attributes:
            output.append("- ")
            output.append(escapesControls ? TerminalText.escaped(path) : path)
            output.append(UInt8(ascii: "\n"))
        case .null:
            output.append("-")
            output.append(path)
            output.append(0)
        case .json:
            var json = JSONWriter()
            json.add("path", json: JSONWriter.string(PathBytes.display(path)))
            if !PathBytes.isValidUTF8(path) {
                json.add("pathBase64", json: JSONWriter.string(Data(path).base64EncodedString()))
            }
            json.add("removed", json: "true")
            output.append(json.line)
            output.append(UInt8(ascii: "\n"))
        }
    }

    /// One NDJSON object: `path` (lossy text), `pathBase64` when the bytes are not UTF-8, then the
    /// attributes the item has, in the order asked.
    func jsonLine(
        path: [UInt8], item: some AttributeSource, attributes: [Attribute], snippet: String? = nil, page: Int? = nil
    ) -> String {
        var json = JSONWriter()
        json.add("path", json: JSONWriter.string(PathBytes.display(path)))
        if !PathBytes.isValidUTF8(path) {
            json.add("pathBase64", json: JSONWriter.string(Data(path).base64EncodedString()))
        }
        // `path` leads every object already (with the exact bytes beside it when they are not
        // UTF-8): a second "path" key would make the object ambiguous.
        for attribute in attributes where attribute != .path {
            if let value = item.value(of: attribute) { json.add(attribute.name, json: formatter.json(value)) }
        }
        if let snippet { json.add("snippet", json: JSONWriter.string(snippet)) }
        if let page, snippet != nil { json.add("page", json: String(page)) }
        return json.line
    }

    /// `text` with tabs and line breaks as spaces, for a line a script reads.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }

    /// One line of text (`show`'s lines, a count); escaped on a terminal.
    mutating func write(line: String) {
        output.append(escapesControls ? TerminalText.escaped(line) : line)
        output.append(UInt8(ascii: "\n"))
    }

    /// `text` with no line break after it (`mdls -raw`); escaped on a terminal, NULs included.
    mutating func write(raw text: String) {
        output.append(escapesControls ? TerminalText.escaped(text) : text)
    }

    /// Writes what is buffered now (before a pause, so a reader sees the results so far).
    mutating func flush() { output.flush() }

    /// Writes the rest and reports a write error (see ``StandardOutput/finish()``).
    mutating func finish() throws(FSFindError) { try output.finish() }
}
