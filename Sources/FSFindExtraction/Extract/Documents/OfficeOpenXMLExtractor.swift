import FSFindCrawl
import FSFindModel
import Foundation

/// Reads Word, Excel and PowerPoint files' (docx, xlsx, pptx) document properties.
///
/// `docProps/core.xml` gives `dc:title`, `dc:creator` (several authors are joined by `;`),
/// `cp:keywords`, `dc:subject`, `dc:description` and `dcterms:created`; `docProps/app.xml` gives
/// `<Application>` (the creator) and `<Pages>` (Word) or `<Slides>` (PowerPoint) when the writing
/// application recorded them. A count of 0 is dropped: template-made
/// files carry a stale 0 that says nothing about the document.
struct OfficeOpenXMLExtractor: Extractor {
    /// The zone for a `dcterms:created` without an offset (rare: W3CDTF dates normally end in `Z`).
    var timeZone: TimeZone?

    init(timeZone: TimeZone? = nil) {
        self.timeZone = timeZone
    }

    var name: String { "office" }

    static let types: Set<String> = [
        "org.openxmlformats.wordprocessingml.document",
        "org.openxmlformats.spreadsheetml.sheet",
        "org.openxmlformats.presentationml.presentation",
    ]

    func handles(tree: [String]) -> Bool { tree.contains(where: Self.types.contains) }

    func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        try attributes(in: ZipMetadataArchive(file: file))
    }

    /// The archive is opened and its directory parsed once for the properties and the body.
    func read(_ file: CrawledFile, tree: [String], textLimit: Int) throws(ExtractionError) -> ExtractorReading {
        let archive = try ZipMetadataArchive(file: file)
        return try ExtractorReading(
            textLimit: textLimit, attributes: { () throws(ExtractionError) in try attributes(in: archive) },
            text: { (limit) throws(ExtractionError) in try text(in: archive, tree: tree, limit: limit) })
    }

    private func attributes(in archive: ZipMetadataArchive) throws(ExtractionError) -> [Attribute: AttributeValue] {
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
            MetadataText.add(
                subject: core.first(dc, "subject"), description: core.first(dc, "description"), creator: nil,
                to: &attributes)
        }
        if let app = try archive.xml("docProps/app.xml") {
            let ns = XMLNamespace.extendedProperties
            let count = (app.first(ns, "Pages") ?? app.first(ns, "Slides")).flatMap { Int($0) }
            if let count, count > 0 { attributes[.pageCount] = .number(Double(count)) }
            MetadataText.add(subject: nil, description: nil, creator: app.first(ns, "Application"), to: &attributes)
        }
        return attributes
    }

    var readsText: Bool { true }

    /// The body's text: a Word document's paragraphs, a workbook's cells (shared strings, then
    /// each sheet's numbers and inline strings), the slides' text in slide order.
    func text(_ file: CrawledFile, tree: [String], limit: Int) throws(ExtractionError) -> String? {
        try text(in: ZipMetadataArchive(file: file), tree: tree, limit: limit)
    }

    private func text(in archive: ZipMetadataArchive, tree: [String], limit: Int) throws(ExtractionError) -> String? {
        let text: String
        if tree.contains("org.openxmlformats.wordprocessingml.document") {
            text = try archive.text(of: ["word/document.xml"], markup: .wordprocessing, limit: limit)
        } else if tree.contains("org.openxmlformats.spreadsheetml.sheet") {
            // The shared strings once, then each sheet's own values (numbers, inline strings).
            let strings = try archive.text(of: ["xl/sharedStrings.xml"], markup: .sharedStrings, limit: limit)
            let sheets = try archive.text(
                of: Self.numbered("xl/worksheets/sheet", in: archive.entryPaths), markup: .worksheet,
                limit: limit - strings.utf8.count)
            text = strings.isEmpty || sheets.isEmpty ? strings + sheets : strings + "\n" + sheets
        } else {
            text = try archive.text(
                of: Self.numbered("ppt/slides/slide", in: archive.entryPaths), markup: .drawing, limit: limit)
        }
        return text.isEmpty ? nil : text
    }

    /// `PREFIXN.xml` in order of N (not by name: slide10 follows slide9).
    static func numbered(_ prefix: String, in paths: [String]) -> [String] {
        let numbered = paths.compactMap { path -> (Int, String)? in
            guard path.hasPrefix(prefix), path.hasSuffix(".xml"),
                let number = Int(path.dropFirst(prefix.count).dropLast(4))
            else { return nil }
            return (number, path)
        }
        return numbered.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
