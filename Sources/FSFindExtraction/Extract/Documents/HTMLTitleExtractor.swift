import FSFindCrawl
import FSFindModel

/// Reads an HTML page's `<title>` from the first 64 KiB.
///
/// The title belongs in `<head>`, so a bounded prefix finds it in any sane page without reading a
/// large file. Bytes are UTF-8 when valid, else Latin-1 (no `<meta charset>` sniffing: UTF-8 and
/// Windows-1252 cover nearly every page, and a wrong guess costs accents, not the match).
struct HTMLTitleExtractor: Extractor {
    /// How much of the file is read.
    static let prefixLimit = 64 * 1024

    init() {}

    var name: String { "html" }

    func handles(tree: [String]) -> Bool { tree.contains("public.html") }

    func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        let bytes = try file.prefix(Self.prefixLimit)
        guard let raw = Self.titleBytes(in: bytes) else { return [:] }
        let text = HTMLEntities.decode(LegacyText.decode(raw))
        guard let title = LegacyText.cleaned(text) else { return [:] }
        return [.title: .text(title)]
    }

    /// The bytes between `<title …>` and `</title`, matched without regard to case.
    static func titleBytes(in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard let open = find(Array("<title".utf8), in: bytes, from: 0) else { return nil }
        // The tag name must end here: `<titles>` is not a title.
        let after = open + 6
        guard after < bytes.count,
            [UInt8(ascii: ">"), 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/")].contains(bytes[after])
        else { return nil }
        guard let close = bytes[after...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let start = close + 1
        // A title cut off by the prefix limit is still the best there is.
        let end = find(Array("</title".utf8), in: bytes, from: start) ?? bytes.count
        return bytes[start..<end]
    }

    /// Index of the first ASCII-case-insensitive occurrence of `needle` (lowercase) at or after `from`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var i = from
        while i + needle.count <= bytes.count {
            var matched = true
            for k in 0..<needle.count {
                var c = bytes[i + k]
                if c >= 0x41, c <= 0x5A { c += 0x20 }
                if c != needle[k] {
                    matched = false
                    break
                }
            }
            if matched { return i }
            i += 1
        }
        return nil
    }

    var readsText: Bool { true }

    /// The page's visible text (``HTMLText``).
    func text(_ file: CrawledFile, tree: [String], limit: Int) throws(ExtractionError) -> String? {
        let text = try HTMLText.text(try file.prefix(limit), limit: limit)
        return text.isEmpty ? nil : text
    }
}
