/// The visible text of an HTML page, through libxml2's HTML parser (the one browsers' quirks
/// were written down for, not the XML parser, which gives up on ordinary tag soup).
///
/// Text nodes are kept in document order with a line break after each block element; `head`,
/// `script`, `style`, `noscript` and `template` give nothing.
enum HTMLText {
    /// The text of the page in `bytes`, at most about `limit` bytes.
    static func text(_ bytes: [UInt8], limit: Int) throws(ExtractionError) -> String {
        let library = try LibXML2.shared.get()
        var text = ""
        // As the page's tree is built, not after: the whole tree of a large page cost many
        // times the page (``LibXML2/streamHTML(_:options:_:)``).
        let read = bytes.withUnsafeBytes { buffer in
            library.streamHTML(buffer, options: LibXML2.recover | LibXML2.quiet) {
                visit($0, into: &text, limit: limit)
            }
        }
        guard read else { throw ExtractionError("libxml2 cannot read the page") }
        return text
    }

    /// What the text takes of one event of the page's walk: the visible characters, a line break
    /// after a block; `.stop` once it holds `limit` bytes.
    static func visit(_ event: LibXML2.Event, into text: inout String, limit: Int) -> LibXML2.Step {
        switch event {
        case .start(let element):
            let name = element.local.lowercased()
            if skipped.contains(name) { return .skip }
            if name == "br" {
                text += "\n"
                return .skip
            }
        case .characters(let characters):
            text += characters
        case .end(let local):
            if blocks.contains(local.lowercased()), !text.isEmpty, text.last != "\n" { text += "\n" }
        }
        return text.utf8.count < limit ? .enter : .stop
    }

    static let skipped: Set<String> = ["head", "script", "style", "noscript", "template"]
    static let blocks: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "tr", "dt", "dd", "blockquote", "pre", "section",
        "article", "header", "footer", "table", "ul", "ol", "title",
    ]
}
