import FSFindCrawl
import FSFindModel
import Foundation

/// Reads OpenDocument files' (odt, ods, odp) `meta.xml`.
///
/// Title is `dc:title`; the author is `meta:initial-creator` (who made the document) and, when
/// absent, `dc:creator` (ODF's "last modified by"); keywords are the `meta:keyword` elements;
/// the date is `meta:creation-date`, which ODF writers store without a zone, so it is read as
/// local time; pages come from `meta:document-statistic`'s `meta:page-count` when recorded;
/// `dc:subject`, `dc:description` and `meta:generator` (the creating application) as they are.
struct OpenDocumentExtractor: Extractor {
    /// The zone for `meta:creation-date`; nil means the process's zone at extraction time.
    var timeZone: TimeZone?

    init(timeZone: TimeZone? = nil) {
        self.timeZone = timeZone
    }

    var name: String { "opendocument" }

    static let types: Set<String> = [
        "org.oasis-open.opendocument.text",
        "org.oasis-open.opendocument.spreadsheet",
        "org.oasis-open.opendocument.presentation",
    ]

    func handles(tree: [String]) -> Bool { tree.contains(where: Self.types.contains) }

    func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        try attributes(in: ZipMetadataArchive(file: file))
    }

    /// The archive is opened and its directory parsed once for `meta.xml` and `content.xml`.
    func read(_ file: CrawledFile, tree: [String], textLimit: Int) throws(ExtractionError) -> ExtractorReading {
        let archive = try ZipMetadataArchive(file: file)
        return try ExtractorReading(
            textLimit: textLimit, attributes: { () throws(ExtractionError) in try attributes(in: archive) },
            text: { (limit) throws(ExtractionError) in try text(in: archive, limit: limit) })
    }

    private func attributes(in archive: ZipMetadataArchive) throws(ExtractionError) -> [Attribute: AttributeValue] {
        guard let meta = try archive.xml("meta.xml") else { return [:] }
        let ns = XMLNamespace.openDocumentMeta
        let creator = meta.first(ns, "initial-creator") ?? meta.first(XMLNamespace.dublinCore, "creator")
        var attributes: [Attribute: AttributeValue] = [:]
        MetadataText.add(
            title: meta.first(XMLNamespace.dublinCore, "title"),
            authors: MetadataText.authors(creator),
            keywords: meta.all(ns, "keyword").flatMap(MetadataText.keywords),
            created: MetadataText.date(meta.first(ns, "creation-date"), timeZone: timeZone ?? .current),
            pages: meta.attribute("page-count", of: ns, "document-statistic").flatMap { Int($0) },
            to: &attributes)
        MetadataText.add(
            subject: meta.first(XMLNamespace.dublinCore, "subject"),
            description: meta.first(XMLNamespace.dublinCore, "description"), creator: meta.first(ns, "generator"),
            to: &attributes)
        return attributes
    }

    var readsText: Bool { true }

    /// The body's paragraphs and headings (`content.xml`), for a text, a spreadsheet's cells or a
    /// presentation's slides alike.
    func text(_ file: CrawledFile, tree: [String], limit: Int) throws(ExtractionError) -> String? {
        try text(in: ZipMetadataArchive(file: file), limit: limit)
    }

    private func text(in archive: ZipMetadataArchive, limit: Int) throws(ExtractionError) -> String? {
        let text = try archive.text(of: ["content.xml"], markup: .openDocument, limit: limit)
        return text.isEmpty ? nil : text
    }
}
