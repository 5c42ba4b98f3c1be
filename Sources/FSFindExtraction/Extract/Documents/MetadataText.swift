import FSFindModel
import Foundation

/// How free-text metadata fields become attribute values, shared by every document extractor so a
/// PDF and a Word file with the same Author field index the same way.
enum MetadataText {
    /// Splits an author field into names. Only `;` (and line breaks) separate authors: commas are
    /// left alone because "Chopin, Frédéric" (family name first) is common in PDF and BibTeX-made
    /// metadata, and " and " because it belongs to names like "Procter and Gamble". Office writes
    /// several authors joined by `;`, so that case splits as it should.
    static func authors(_ field: String?) -> [String] {
        guard let field else { return [] }
        var seen = Set<String>()
        var names: [String] = []
        for part in field.split(whereSeparator: { $0 == ";" || $0.isNewline }) {
            guard let name = LegacyText.cleaned(String(part)), seen.insert(name).inserted else { continue }
            names.append(name)
        }
        return names
    }

    /// Splits a keywords field on `,` and `;` (both are used in the wild), trimmed, without
    /// empty or repeated entries.
    static func keywords(_ field: String?) -> [String] {
        guard let field else { return [] }
        var seen = Set<String>()
        var words: [String] = []
        for part in field.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isNewline }) {
            guard let word = LegacyText.cleaned(String(part)), seen.insert(word).inserted else { continue }
            words.append(word)
        }
        return words
    }

    /// A W3CDTF / ISO-8601 date (`2022-05-04T10:00:00Z`, `2022-05-04T10:00:00`, `2022-05-04`) as
    /// an instant; a time without a zone is read in `timeZone`, a bare date is that day's start.
    static func date(_ field: String?, timeZone: TimeZone) -> Date? {
        guard let field = field.flatMap(LegacyText.cleaned), let text = ISO8601Text(field) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        guard let span = text.interval(in: calendar) else { return nil }
        return Date(timeIntervalSinceReferenceDate: span.start)
    }

    /// Adds a document's subject, description and creating application, those present and not
    /// blank, to `attributes`.
    static func add(
        subject: String?, description: String?, creator: String?, to attributes: inout [Attribute: AttributeValue]
    ) {
        if let subject = subject.flatMap(LegacyText.cleaned) { attributes[.subject] = .text(subject) }
        if let description = description.flatMap(LegacyText.cleaned) {
            attributes[.contentDescription] = .text(description)
        }
        if let creator = creator.flatMap(LegacyText.cleaned) { attributes[.creator] = .text(creator) }
    }

    /// Adds the common document attributes that are present to `attributes`.
    static func add(
        title: String?, authors authorField: [String], keywords keywordField: [String], created: Date?,
        pages: Int?, to attributes: inout [Attribute: AttributeValue]
    ) {
        if let title = title.flatMap(LegacyText.cleaned) { attributes[.title] = .text(title) }
        if !authorField.isEmpty { attributes[.authorNames] = .textList(authorField) }
        if !keywordField.isEmpty { attributes[.keywords] = .textList(keywordField) }
        if let created { attributes[.contentCreationDate] = .date(created) }
        if let pages, pages > 0 { attributes[.pageCount] = .number(Double(pages)) }
    }
}
