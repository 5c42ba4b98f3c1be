import FSFindCrawl
import FSFindModel
import Foundation

/// Reads an EPUB's package document (OPF): `META-INF/container.xml` names it, and its
/// `<metadata>` gives `dc:title`, every `dc:creator`, `dc:subject` as keywords and `dc:date`
/// (the publication date) as the creation date. Page counts are not recorded in EPUB.
struct EPUBExtractor: Extractor {
    /// The zone for a `dc:date` without an offset; nil means the process's zone.
    var timeZone: TimeZone?

    init(timeZone: TimeZone? = nil) {
        self.timeZone = timeZone
    }

    var name: String { "epub" }

    func handles(tree: [String]) -> Bool { tree.contains("org.idpf.epub-container") }

    func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        try attributes(in: ZipMetadataArchive(file: file))
    }

    /// The archive is opened and its directory parsed once for the package document and the
    /// chapters.
    func read(_ file: CrawledFile, tree: [String], textLimit: Int) throws(ExtractionError) -> ExtractorReading {
        let archive = try ZipMetadataArchive(file: file)
        return try ExtractorReading(
            textLimit: textLimit, attributes: { () throws(ExtractionError) in try attributes(in: archive) },
            text: { (limit) throws(ExtractionError) in try text(in: archive, limit: limit) })
    }

    private func attributes(in archive: ZipMetadataArchive) throws(ExtractionError) -> [Attribute: AttributeValue] {
        guard let container = try archive.xml("META-INF/container.xml") else {
            throw ExtractionError("EPUB without META-INF/container.xml")
        }
        guard let packagePath = container.attribute("full-path", of: XMLNamespace.container, "rootfile") else {
            throw ExtractionError("EPUB container.xml names no package document")
        }
        guard let package = try archive.xml(packagePath) else {
            throw ExtractionError("EPUB package document \(packagePath) is missing")
        }
        let dc = XMLNamespace.dublinCore
        var attributes: [Attribute: AttributeValue] = [:]
        MetadataText.add(
            title: package.first(dc, "title"),
            // Each creator is its own element; a `;` inside one still splits, as elsewhere.
            authors: Self.unique(package.all(dc, "creator").flatMap(MetadataText.authors)),
            keywords: Self.unique(package.all(dc, "subject").flatMap(MetadataText.keywords)),
            created: MetadataText.date(package.first(dc, "date"), timeZone: timeZone ?? .current),
            pages: nil, to: &attributes)
        MetadataText.add(subject: nil, description: package.first(dc, "description"), creator: nil, to: &attributes)
        return attributes
    }

    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    var readsText: Bool { true }

    /// The chapters' visible text (every XHTML part, in the archive's order, which is the order
    /// they were written in).
    func text(_ file: CrawledFile, tree: [String], limit: Int) throws(ExtractionError) -> String? {
        try text(in: ZipMetadataArchive(file: file), limit: limit)
    }

    private func text(in archive: ZipMetadataArchive, limit: Int) throws(ExtractionError) -> String? {
        let chapters = archive.entryPaths.filter { path in
            let lower = path.lowercased()
            return lower.hasSuffix(".xhtml") || lower.hasSuffix(".html") || lower.hasSuffix(".htm")
        }
        let text = try archive.text(of: chapters, markup: .xhtml, limit: limit)
        return text.isEmpty ? nil : text
    }
}
