import Foundation
import Testing

@testable import FSFindExtraction

/// The XML parts of Office, OpenDocument and EPUB files, read with libxml2's streaming reader:
/// what the readers take from namespaces, attributes, empty and skipped elements, CDATA, damage
/// and legacy encodings.
@Suite struct XMLReaderTests {
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let opf = "http://www.idpf.org/2007/opf"

    @Test func metadataByNamespaceWhateverThePrefix() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" xmlns:d="http://purl.org/dc/elements/1.1/" version="3.0">
            <metadata><d:title>Le <b>petit</b> prince</d:title><d:title>  </d:title>
            <d:creator opf:role="aut" xmlns:opf="http://www.idpf.org/2007/opf">Saint-Exup\u{E9}ry</d:creator>
            <d:subject><![CDATA[aviation & deserts]]></d:subject><meta name="cover" content="c1"/></metadata>
            </package>
            """
        let metadata = try XMLMetadata(data: Data(xml.utf8), name: "content.opf")
        // The element's own characters, not its children's, spaces collapsed; blank values dropped.
        #expect(metadata.all(Self.dublinCore, "title") == ["Le prince"])
        #expect(metadata.first(Self.dublinCore, "creator") == "Saint-Exupéry")
        #expect(metadata.first(Self.dublinCore, "subject") == "aviation & deserts")
        #expect(metadata.attribute("role", of: Self.dublinCore, "creator") == "aut")
        #expect(metadata.attribute("content", of: Self.opf, "meta") == "c1")
        // Namespace declarations are not attributes.
        #expect(metadata.attribute("opf", of: Self.dublinCore, "creator") == nil)
        #expect(metadata.attribute("d", of: Self.opf, "package") == nil)
        #expect(metadata.attribute("version", of: Self.opf, "package") == "3.0")
    }

    @Test func malformedMetadataIsAnErrorAndLatin1IsRead() throws {
        #expect(throws: ExtractionError.self) {
            try XMLMetadata(data: Data("<a><b></a>".utf8), name: "broken.xml")
        }
        // Not UTF-8: read as Latin-1 (the declaration, now wrong, dropped).
        let latin1 = Data(
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><t xmlns=\"urn:x\">Fr".utf8) + [0xE9]
                + Array("d".utf8) + [0xE9] + Array("ric</t>".utf8))
        let metadata = try XMLMetadata(data: latin1, name: "latin1.xml")
        #expect(metadata.first("urn:x", "t") == "Frédéric")
    }

    @Test func textKeepsBlocksSpacesAndSkipsWhatHoldsNoReading() {
        let document = """
            <w:document xmlns:w="urn:w"><w:body><w:p><w:r><w:t>Hello</w:t></w:r><w:r><w:tab/><w:t>world</w:t></w:r></w:p>\
            <w:p><w:t>second</w:t><w:br/><w:t>line</w:t></w:p></w:body></w:document>
            """
        #expect(
            XMLText.text(Data(document.utf8), markup: .wordprocessing, limit: 1 << 20) == "Hello world\nsecond line\n")
        // A cell that only points into the shared strings gives nothing, not even its space.
        let sheet = """
            <worksheet xmlns="urn:s"><sheetData><row><c t="s"><v>7</v></c><c><v>42</v></c></row></sheetData></worksheet>
            """
        #expect(XMLText.text(Data(sheet.utf8), markup: .worksheet, limit: 1 << 20) == " 42\n")
        let chapter = """
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Not read</title><style>p{}</style></head>\
            <body><p>Chapter <![CDATA[one]]></p><script>var x;</script><p>End</p></body></html>
            """
        #expect(XMLText.text(Data(chapter.utf8), markup: .xhtml, limit: 1 << 20) == "Chapter one\nEnd\n")
    }

    @Test func textStopsAtTheLimitAndKeepsWhatCameBeforeDamage() {
        let long = "<d xmlns=\"urn:d\">" + String(repeating: "<p>abcdefghij</p>", count: 1_000) + "</d>"
        let cut = XMLText.text(Data(long.utf8), markup: .drawing, limit: 100)
        #expect(cut.utf8.count >= 100 && cut.utf8.count < 120)
        let damaged = "<d xmlns=\"urn:d\"><p>kept words</p><p>more</p><p><<<</d>"
        #expect(XMLText.text(Data(damaged.utf8), markup: .drawing, limit: 1 << 20).hasPrefix("kept words\nmore\n"))
    }

    /// An entity-expansion document gives no expanded text: no entity is substituted.
    @Test func entitiesAreNotExpanded() {
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\
            <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><d xmlns="urn:d"><p>before &c; after</p></d>
            """
        let text = XMLText.text(Data(laughs.utf8), markup: .drawing, limit: 1 << 20)
        #expect(!text.contains("lol"))
        #expect(text.utf8.count < 100)
    }
}
