import FSFindCrawl
import FSFindModel

/// The words of a text file that no other extractor reads: plain text, source code, logs,
/// configuration, CSV (last in the registry, so HTML and Markdown keep their own extractors).
///
/// It finds no metadata, only text, so `--no-content` skips it and a source tree costs what it
/// did before full text. The text is at most `limit` bytes of the file, decoded by ``PlainText``.
struct PlainTextExtractor: Extractor {
    init() {}

    var name: String { "text" }

    func handles(tree: [String]) -> Bool { tree.contains("public.text") }

    var readsText: Bool { true }
    var readsOnlyText: Bool { true }

    func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        [:]
    }

    func text(_ file: CrawledFile, tree: [String], limit: Int) throws(ExtractionError) -> String? {
        PlainText.decode(try file.prefix(limit))
    }
}
