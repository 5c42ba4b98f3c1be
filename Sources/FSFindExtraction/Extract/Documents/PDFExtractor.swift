import FSFindCrawl
import FSFindModel

/// Reads a PDF's Info dictionary and page count through poppler-glib.
///
/// Title, Author (split on `;` only, see ``MetadataText/authors(_:)``), Keywords (split on `,` and
/// `;`), Subject, Creator (else Producer), CreationDate and the number of pages; and, for the
/// full-text store, the pages' text.
struct PDFExtractor: Extractor {
    init() {}

    var name: String { "pdf" }

    func handles(tree: [String]) -> Bool { tree.contains("com.adobe.pdf") }

    func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        attributes(of: try PDFDocumentHandle(path: file.pathForLibrary()))
    }

    /// The document is parsed once for its attributes and its pages' text.
    func read(_ file: CrawledFile, tree: [String], textLimit: Int) throws(ExtractionError) -> ExtractorReading {
        let document = try PDFDocumentHandle(path: file.pathForLibrary())
        return try ExtractorReading(
            textLimit: textLimit, attributes: { attributes(of: document) }, text: { text(of: document, limit: $0) })
    }

    private func text(of document: PDFDocumentHandle, limit: Int) -> String? {
        let text = document.pagesText(limit: limit)
        return text.isEmpty ? nil : text
    }

    private func attributes(of document: PDFDocumentHandle) -> [Attribute: AttributeValue] {
        var attributes: [Attribute: AttributeValue] = [:]
        MetadataText.add(
            title: document.title, authors: MetadataText.authors(document.author),
            keywords: MetadataText.keywords(document.keywords), created: document.creationDate,
            pages: document.pageCount, to: &attributes)
        // Creator is the application the document was made in; Producer the one that wrote the
        // PDF, which is all many PDFs name.
        MetadataText.add(
            subject: document.subject, description: nil, creator: document.creator ?? document.producer,
            to: &attributes)
        return attributes
    }

    var readsText: Bool { true }

    /// The pages' text, in order (`docs/full-text.md`).
    func text(_ file: CrawledFile, tree: [String], limit: Int) throws(ExtractionError) -> String? {
        text(of: try PDFDocumentHandle(path: file.pathForLibrary()), limit: limit)
    }
}
