/// Reads a PDF's Info dictionary and page count through poppler-glib.
///
/// Title, Author (split on `;` only, see ``MetadataText/authors(_:)``), Keywords (split on `,` and
/// `;`), CreationDate and the number of pages. Poppler parses only the cross-reference table, the
/// catalogue and the page tree here, never page content.
public struct PDFExtractor: Extractor {
    public init() {}

    public var name: String { "pdf" }

    public func handles(tree: [String]) -> Bool { tree.contains("com.adobe.pdf") }

    public func extract(path: [UInt8], tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        let document = try PDFDocumentHandle(path: path)
        var attributes: [Attribute: AttributeValue] = [:]
        MetadataText.add(
            title: document.title, authors: MetadataText.authors(document.author),
            keywords: MetadataText.keywords(document.keywords), created: document.creationDate,
            pages: document.pageCount, to: &attributes)
        return attributes
    }
}
