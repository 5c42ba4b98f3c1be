/// The XML namespaces the document metadata parts use.
enum XMLNamespace {
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let dublinCoreTerms = "http://purl.org/dc/terms/"
    static let coreProperties = "http://schemas.openxmlformats.org/package/2006/metadata/core-properties"
    static let extendedProperties = "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"
    static let openDocumentMeta = "urn:oasis:names:tc:opendocument:xmlns:meta:1.0"
    static let container = "urn:oasis:names:tc:opendocument:xmlns:container"
    static let opf = "http://www.idpf.org/2007/opf"
}
