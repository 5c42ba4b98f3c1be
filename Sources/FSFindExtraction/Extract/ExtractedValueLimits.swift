import FSFindModel

/// How much of one extracted value the index keeps.
///
/// Metadata fields are short (a title, a few authors, some keywords), but a file can claim
/// anything: a DOCX title of 3,000,000 characters packs into 3.7 KB. Stored whole, it bloats the
/// index and makes every substring query read megabytes per item. So each text value keeps at
/// most ``textBytes`` bytes of UTF-8 (cut between characters) and a list at most ``listElements``
/// entries, each capped the same way. A file's words belong to full-text search, not to these
/// fields. Documented in `docs/extraction.md` and `docs/spec/attributes.md`.
///
/// The identifier caps the first such values (extended attributes, ``ExtendedAttributeReader``);
/// the extraction workers cap theirs with the same limits.
enum ExtractedValueLimits {
    /// The most UTF-8 bytes one text value keeps: a long title or description still fits whole.
    static let textBytes = 4096
    /// The most entries one text list (authors, keywords, codecs) keeps.
    static let listElements = 256

    static func capped(_ attributes: [Attribute: AttributeValue]) -> [Attribute: AttributeValue] {
        attributes.mapValues(capped)
    }

    static func capped(_ value: AttributeValue) -> AttributeValue {
        switch value {
        case .text(let text): .text(capped(text))
        case .textList(let list): .textList(list.prefix(listElements).map(capped))
        case .number, .date: value
        }
    }

    /// `text` up to the last whole character within ``textBytes`` bytes.
    static func capped(_ text: String) -> String {
        guard text.utf8.count > textBytes else { return text }
        var end = text.startIndex
        var bytes = 0
        for index in text.indices {
            let next = text.index(after: index)
            bytes += text.utf8.distance(from: index, to: next)
            if bytes > textBytes { break }
            end = next
        }
        return String(text[..<end])
    }
}
