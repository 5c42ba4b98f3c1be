import FSFindIndex
import FSFindModel
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The text and attributes of every element in a small XML metadata part, by namespace and local
/// name, so callers ask for `dc:title` without caring which prefix the writer chose.
///
/// Built on Foundation's `XMLParser` (libxml2 underneath) with namespace processing on and external
/// entities off; libxml2's own limits stop entity-expansion bombs, and the input is already capped
/// by ``ZipMetadataArchive/entryLimit``.
final class XMLMetadata {
    /// A key for an element: its namespace URI and local name.
    struct Name: Hashable {
        var namespace: String
        var local: String
    }

    private(set) var texts: [Name: [String]] = [:]
    private(set) var attributes: [Name: [[String: String]]] = [:]

    init(data: Data, name: String) throws(ExtractionError) {
        let collector = Collector()
        let parser = XMLParser(data: Self.utf8Document(data))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        guard parser.parse() else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "unknown error"
            throw ExtractionError("malformed XML in \(name): \(reason)")
        }
        texts = collector.texts
        attributes = collector.attributes
    }

    /// The document as valid UTF-8. Foundation's XMLParser on Linux force-unwraps every name and
    /// attribute libxml2 hands it as UTF-8 and crashes the process on a stray byte, so nothing else
    /// may reach it: UTF-16 (by its byte-order mark) and any other non-UTF-8 bytes (read as
    /// Latin-1, the likeliest legacy encoding) are transcoded, and the XML declaration, whose
    /// `encoding` would then be wrong, is dropped.
    static func utf8Document(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]), String(validating: bytes.dropFirst(3), as: UTF8.self) != nil {
            return data
        }
        if String(validating: bytes, as: UTF8.self) != nil { return data }
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]),
            let decoded = String(data: data, encoding: .utf16)
        {
            text = decoded
        } else {
            text = LegacyText.decode(bytes)
        }
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        if body.hasPrefix("<?xml"), let end = body.range(of: "?>") { body = body[end.upperBound...] }
        return Data(body.utf8)
    }

    /// The cleaned text of every `local` element in `namespace`, in document order, blanks dropped.
    func all(_ namespace: String, _ local: String) -> [String] {
        (texts[Name(namespace: namespace, local: local)] ?? []).compactMap(LegacyText.cleaned)
    }

    /// The first non-blank text of a `local` element in `namespace`.
    func first(_ namespace: String, _ local: String) -> String? {
        all(namespace, local).first
    }

    /// The value of attribute `attribute` (local name) on the first such element that has it.
    func attribute(_ attribute: String, of namespace: String, _ local: String) -> String? {
        for element in attributes[Name(namespace: namespace, local: local)] ?? [] {
            if let value = element[attribute] { return value }
        }
        return nil
    }

    /// The parser delegate; element text is gathered per open element, so nested markup keeps
    /// each element's own characters.
    private final class Collector: NSObject, XMLParserDelegate {
        var texts: [Name: [String]] = [:]
        var attributes: [Name: [[String: String]]] = [:]
        private var stack: [(name: Name, text: String)] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            let name = Name(namespace: namespaceURI ?? "", local: Self.local(elementName))
            stack.append((name, ""))
            if !attributeDict.isEmpty {
                var byLocalName: [String: String] = [:]
                for (key, value) in attributeDict { byLocalName[Self.local(key)] = value }
                attributes[name, default: []].append(byLocalName)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            guard let (name, text) = stack.popLast() else { return }
            texts[name, default: []].append(text)
        }

        /// `meta:page-count` → `page-count`.
        private static func local(_ name: String) -> String {
            name.split(separator: ":").last.map(String.init) ?? name
        }
    }
}
