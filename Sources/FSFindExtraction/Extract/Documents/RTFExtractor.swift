import FSFindCrawl
import FSFindModel
import Foundation

/// An RTF document's `\info` title, author, subject and keywords, and its words (``RTFText``).
///
/// Before this extractor RTF went to the plain-text one, which indexed its markup (`rtf1`,
/// `fonttbl`, `par` …) as words.
struct RTFExtractor: Extractor {
    /// The metadata sits in the header, before the body: this much is read for it.
    static let headerLimit = 256 << 10

    init() {}

    var name: String { "rtf" }

    func handles(tree: [String]) -> Bool { tree.contains("public.rtf") }

    var readsText: Bool { true }

    func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        let bytes = try file.prefix(Self.headerLimit)
        guard RTFText.isRTF(bytes) else { throw ExtractionError("not an RTF document (no {\\rtf header)") }
        let document = RTFText(bytes, limit: Self.headerLimit)
        var attributes: [Attribute: AttributeValue] = [:]
        if let title = document.title { attributes[.title] = .text(title) }
        if let author = document.author { attributes[.authorNames] = .textList([author]) }
        if let subject = document.subject { attributes[.subject] = .text(subject) }
        if let keywords = document.keywords {
            let list = keywords.split(whereSeparator: { $0 == "," || $0 == ";" }).map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
            if !list.isEmpty { attributes[.keywords] = .textList(list) }
        }
        return attributes
    }

    /// The body's text. Markup (fonts, styles, embedded pictures as hex) can be many times the
    /// text, so up to four times the text limit of the file is read for `limit` bytes of text.
    func text(_ file: CrawledFile, tree: [String], limit: Int) throws(ExtractionError) -> String? {
        let bytes = try file.prefix(limit.multipliedReportingOverflow(by: 4).overflow ? limit : limit * 4)
        guard RTFText.isRTF(bytes) else { return nil }
        return RTFText(bytes, limit: limit).text
    }
}
