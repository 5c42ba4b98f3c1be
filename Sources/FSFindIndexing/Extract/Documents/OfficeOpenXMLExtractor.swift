import FSFindIndex
import FSFindModel
import Foundation

/// Reads Word, Excel and PowerPoint files' (docx, xlsx, pptx) document properties.
///
/// `docProps/core.xml` gives `dc:title`, `dc:creator` (several authors are joined by `;`),
/// `cp:keywords` and `dcterms:created`; `docProps/app.xml` gives `<Pages>` (Word) or `<Slides>`
/// (PowerPoint) when the writing application recorded them. A count of 0 is dropped: template-made
/// files carry a stale 0 that says nothing about the document.
package struct OfficeOpenXMLExtractor: Extractor {
    /// The zone for a `dcterms:created` without an offset (rare: W3CDTF dates normally end in `Z`).
    package var timeZone: TimeZone?

    package init(timeZone: TimeZone? = nil) {
        self.timeZone = timeZone
    }

    package var name: String { "office" }

    static let types: Set<String> = [
        "org.openxmlformats.wordprocessingml.document",
        "org.openxmlformats.spreadsheetml.sheet",
        "org.openxmlformats.presentationml.presentation",
    ]

    package func handles(tree: [String]) -> Bool { tree.contains(where: Self.types.contains) }

    package func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        let archive = try ZipMetadataArchive(file: file)
        var attributes: [Attribute: AttributeValue] = [:]
        if let core = try archive.xml("docProps/core.xml") {
            let dc = XMLNamespace.dublinCore
            MetadataText.add(
                title: core.first(dc, "title"),
                authors: core.all(dc, "creator").flatMap(MetadataText.authors),
                keywords: core.all(XMLNamespace.coreProperties, "keywords").flatMap(MetadataText.keywords),
                created: MetadataText.date(
                    core.first(XMLNamespace.dublinCoreTerms, "created"), timeZone: timeZone ?? .current),
                pages: nil, to: &attributes)
        }
        if let app = try archive.xml("docProps/app.xml") {
            let ns = XMLNamespace.extendedProperties
            let count = (app.first(ns, "Pages") ?? app.first(ns, "Slides")).flatMap { Int($0) }
            if let count, count > 0 { attributes[.pageCount] = .number(Double(count)) }
        }
        return attributes
    }
}
