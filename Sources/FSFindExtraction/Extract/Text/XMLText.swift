import Foundation

/// The readable text of an XML part (a Word body, a slide, an OpenDocument body, an EPUB chapter):
/// its character data in document order, a line break after each block element, a space for a
/// tab, and nothing from elements that hold no reading text (a chapter's `head`, `script`,
/// `style`).
///
/// Read with libxml2's streaming reader (``LibXML2``), as ``XMLMetadata`` is, with the same guard on
/// the input's encoding; a damaged part is read again into a tree, recovering the text before the
/// damage. Runs of one paragraph are
/// joined as they are (Word splits words across runs), and the walk stops once `limit` bytes are
/// collected.
enum XMLText {
    /// How one kind of document marks its text up.
    struct Markup {
        /// Elements (local names) after which a line ends: paragraphs, headings, cells.
        var blocks: Set<String>
        /// Elements that stand for a space: tabs, line breaks, OpenDocument's `text:s`.
        var spaces: Set<String>
        /// Elements whose whole content is skipped.
        var skipped: Set<String> = []
        /// Elements skipped when an attribute has a value (local names): a worksheet cell that
        /// only points into the shared strings (`<c t="s">`) holds an index, not text.
        var skippedWhen: [String: (attribute: String, value: String)] = [:]

        static let wordprocessing = Markup(blocks: ["p", "tr"], spaces: ["tab", "br", "cr"])
        static let sharedStrings = Markup(blocks: ["si"], spaces: [])
        static let worksheet = Markup(blocks: ["row"], spaces: ["c"], skippedWhen: ["c": ("t", "s")])
        static let drawing = Markup(blocks: ["p"], spaces: ["br"])
        static let openDocument = Markup(
            blocks: ["p", "h", "table-row"], spaces: ["tab", "s", "line-break"],
            skipped: ["tracked-changes", "annotation"])
        static let xhtml = Markup(
            blocks: ["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "tr", "dt", "dd", "blockquote", "pre"],
            spaces: ["br", "td", "th"], skipped: ["head", "script", "style"])
    }

    /// The text of `data`, at most about `limit` bytes; damage after some text keeps that text.
    static func text(_ data: Data, markup: Markup, limit: Int) -> String {
        guard let library = try? LibXML2.shared.get() else { return "" }
        var text = ""
        func append(_ string: String) -> LibXML2.Step {
            text += string
            return text.utf8.count < limit ? .enter : .stop
        }
        func visit(_ event: LibXML2.Event) -> LibXML2.Step {
            switch event {
            case .start(let element):
                if markup.skipped.contains(element.local) { return .skip }
                if let condition = markup.skippedWhen[element.local],
                    element.attributes()[condition.attribute] == condition.value
                {
                    return .skip
                }
                return markup.spaces.contains(element.local) ? append(" ") : .enter
            case .characters(let characters):
                return append(characters)
            case .end(let local):
                return markup.blocks.contains(local) ? append("\n") : .enter
            }
        }
        let document = XMLMetadata.utf8Document(data)
        let whole = document.withUnsafeBytes { library.stream($0, options: LibXML2.quiet, visit) }
        if !whole {
            // Damaged: read again into a tree, which keeps what came before the damage.
            text = ""
            _ = document.withUnsafeBytes { bytes in
                library.withDocument(bytes, html: false, options: LibXML2.recover | LibXML2.quiet) { root in
                    LibXML2.walk(root, visit)
                }
            }
        }
        return text
    }
}
