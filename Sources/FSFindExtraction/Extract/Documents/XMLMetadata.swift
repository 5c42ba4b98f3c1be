import Foundation

/// The text and attributes of every element in a small XML metadata part, by namespace and local
/// name, so callers ask for `dc:title` without caring which prefix the writer chose.
///
/// Read with libxml2's streaming reader (``LibXML2``): namespaces resolved, no entity expanded, no
/// DTD or network fetched, libxml2's own depth and size limits on; the input is already capped by
/// ``ZipMetadataArchive/entryLimit``. Text in CDATA sections counts as text.
final class XMLMetadata {
    /// A key for an element: its namespace URI and local name.
    struct Name: Hashable {
        var namespace: String
        var local: String
    }

    private(set) var texts: [Name: [String]] = [:]
    private(set) var attributes: [Name: [[String: String]]] = [:]

    init(data: Data, name: String) throws(ExtractionError) {
        let library = try LibXML2.shared.get()
        // Element text is gathered per open element, so nested markup keeps each element's own
        // characters.
        var stack: [(name: Name, text: String)] = []
        var texts: [Name: [String]] = [:]
        var attributes: [Name: [[String: String]]] = [:]
        let read = Self.utf8Document(data).withUnsafeBytes { bytes in
            library.stream(bytes, options: LibXML2.quiet) { event in
                switch event {
                case .start(let element):
                    let name = Name(namespace: element.namespace, local: element.local)
                    stack.append((name, ""))
                    let byLocalName = element.attributes()
                    if !byLocalName.isEmpty { attributes[name, default: []].append(byLocalName) }
                case .characters(let characters):
                    if !stack.isEmpty { stack[stack.count - 1].text += characters }
                case .end:
                    if let (name, text) = stack.popLast() { texts[name, default: []].append(text) }
                }
                return .enter
            }
        }
        guard read else { throw ExtractionError("malformed XML in \(name)") }
        self.texts = texts
        self.attributes = attributes
    }

    /// The document as valid UTF-8, which libxml2 is told it is: UTF-16 (by its byte-order mark)
    /// and any other non-UTF-8 bytes (read as Latin-1, the likeliest legacy encoding) are
    /// transcoded, and the XML declaration, whose `encoding` would then be wrong, is dropped. (It
    /// was first written because Foundation's XMLParser crashed on a name that was not UTF-8; a
    /// part in a legacy encoding still reads better transcoded than refused.)
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
}
