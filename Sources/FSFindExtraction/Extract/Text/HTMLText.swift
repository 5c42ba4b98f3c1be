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
        let read: Void? = bytes.withUnsafeBytes { buffer in
            library.withDocument(buffer, html: true, options: LibXML2.recover | LibXML2.quiet) { root in
                LibXML2.walk(root) { event in
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
            }
        }
        guard read != nil else { throw ExtractionError("libxml2 cannot read the page") }
        return text
    }

    static let skipped: Set<String> = ["head", "script", "style", "noscript", "template"]
    static let blocks: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "tr", "dt", "dd", "blockquote", "pre", "section",
        "article", "header", "footer", "table", "ul", "ol", "title",
    ]
}
