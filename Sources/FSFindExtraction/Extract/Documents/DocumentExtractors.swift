/// The extractors for documents and images: PDF, images (size and EXIF), Office Open XML,
/// OpenDocument, EPUB, HTML, Markdown, e-mail and RTF.
///
/// The extractor registry splices this list in beside the media extractor. Each entry is chosen by
/// the item's content type tree, never by the file name, and none of them holds mutable state, so
/// one instance serves every worker thread.
enum DocumentExtractors {
    /// Every document extractor, most specific first (an extractor earlier in the list wins when
    /// two claim the same tree; today no two do).
    static let all: [any Extractor] = [
        PDFExtractor(),
        ImageExtractor(),
        OfficeOpenXMLExtractor(),
        OpenDocumentExtractor(),
        EPUBExtractor(),
        HTMLTitleExtractor(),
        MarkdownTitleExtractor(),
        EmailExtractor(),
        RTFExtractor(),
    ]
}
