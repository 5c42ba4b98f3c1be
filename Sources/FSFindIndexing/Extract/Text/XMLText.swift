import FSFindIndex
import FSFindModel
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The readable text of an XML part (a Word body, a slide, an OpenDocument body, an EPUB chapter):
/// its character data in document order, a line break after each block element, a space for a
/// tab, and nothing from elements that hold no reading text (a chapter's `head`, `script`,
/// `style`).
///
/// Built on Foundation's `XMLParser` (libxml2), as ``XMLMetadata`` is, with the same guard on the
/// input's encoding. Runs of one paragraph are joined as they are (Word splits words across runs),
/// and parsing stops once `limit` bytes are collected.
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
        let collector = Collector(markup: markup, limit: limit)
        let parser = XMLParser(data: XMLMetadata.utf8Document(data))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        _ = parser.parse()
        return collector.text
    }

    private final class Collector: NSObject, XMLParserDelegate {
        let markup: Markup
        let limit: Int
        var text = ""
        private var bytes = 0
        private var skipping = 0

        init(markup: Markup, limit: Int) {
            self.markup = markup
            self.limit = limit
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            let local = Self.local(elementName)
            let skippedHere = markup.skippedWhen[local].map { condition in
                attributeDict.contains { Self.local($0.key) == condition.attribute && $0.value == condition.value }
            }
            if skipping > 0 || markup.skipped.contains(local) || skippedHere == true {
                skipping += 1
                return
            }
            if markup.spaces.contains(local) { append(" ", parser) }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if skipping == 0 { append(string, parser) }
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            if skipping > 0 {
                skipping -= 1
                return
            }
            if markup.blocks.contains(Self.local(elementName)) { append("\n", parser) }
        }

        private func append(_ string: String, _ parser: XMLParser) {
            guard bytes < limit else { return }
            text += string
            bytes += string.utf8.count
            if bytes >= limit { parser.abortParsing() }
        }

        private static func local(_ name: String) -> String {
            name.split(separator: ":").last.map(String.init) ?? name
        }
    }
}
