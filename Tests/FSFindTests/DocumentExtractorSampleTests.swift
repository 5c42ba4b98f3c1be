import Foundation
import Testing

@testable import FSFindIndexing
@testable import FSFindManual

/// Each document and image extractor on the committed sample tree, with the metadata
/// `scripts/make-fixtures.py` wrote.
@Suite struct DocumentExtractorSampleTests {
    private static let utc = TimeZone(identifier: "UTC")!
    private static let paris = TimeZone(identifier: "Europe/Paris")!

    @Test func pdfInfoAndPages() throws {
        let attributes = try DocumentSample.extract("Documents/paper.pdf")
        #expect(attributes[.title]?.docText == "Spotlight Search on Linux")
        #expect(attributes[.authorNames]?.docList == ["Frédéric Chopin"])
        #expect(attributes[.keywords]?.docList == ["search", "metadata", "index"])
        #expect(attributes[.pageCount]?.docNumber == 3)
        // reportlab's invariant mode writes D:20000101000000+00'00'.
        #expect(attributes[.contentCreationDate]?.docDate == Date(timeIntervalSince1970: 946_684_800))
    }

    @Test func wordDocument() throws {
        let attributes = try DocumentSample.extract("Documents/report.docx")
        #expect(attributes[.title]?.docText == "Quarterly Report")
        #expect(attributes[.authorNames]?.docList == ["Steve Jobs"])
        #expect(attributes[.keywords]?.docList == ["report", "quarterly"])
        #expect(attributes[.contentCreationDate]?.docDate == DocumentSample.date(2022, 5, 4, 10, 0, 0, zone: Self.utc))
        #expect(attributes[.pageCount]?.docNumber == 1)
    }

    @Test func spreadsheet() throws {
        let attributes = try DocumentSample.extract("Documents/budget.xlsx")
        #expect(attributes[.title]?.docText == "Budget 2025")
        #expect(attributes[.authorNames]?.docList == ["Zoë Martin"])
        // openpyxl stamps the time of writing; any real date will do.
        #expect(attributes[.contentCreationDate]?.docDate != nil)
        #expect(attributes[.pageCount] == nil)
    }

    @Test func presentation() throws {
        let attributes = try DocumentSample.extract("Documents/launch.pptx")
        #expect(attributes[.title]?.docText == "Launch Plan")
        #expect(attributes[.authorNames]?.docList == ["Steve Wozniak"])
        #expect(attributes[.keywords] == nil)  // <cp:keywords/> is empty
        #expect(
            attributes[.contentCreationDate]?.docDate == DocumentSample.date(2013, 1, 27, 9, 14, 16, zone: Self.utc))
        // python-pptx's template records <Slides>0</Slides>: stale, so dropped.
        #expect(attributes[.pageCount] == nil)
    }

    @Test func openDocumentText() throws {
        let attributes = try DocumentSample.extract("Documents/letter.odt")
        #expect(attributes[.title]?.docText == "Lettre à Élise")
        #expect(attributes[.authorNames]?.docList == ["Ludwig van Beethoven"])
        #expect(attributes[.contentCreationDate] == nil)
    }

    @Test func epub() throws {
        let attributes = try DocumentSample.extract("Documents/novel.epub")
        #expect(attributes[.title]?.docText == "Le Petit Prince")
        #expect(attributes[.authorNames]?.docList == ["Antoine de Saint-Exupéry"])
        #expect(attributes[.pageCount] == nil)
    }

    @Test func htmlTitle() throws {
        let attributes = try DocumentSample.extract("Documents/trip.html")
        #expect(attributes == [.title: .text("Trip to Paris & Lyon")])
    }

    @Test func markdownTitle() throws {
        let attributes = try DocumentSample.extract("Documents/notes.md")
        #expect(attributes == [.title: .text("Meeting Notes: Café Design")])
    }

    @Test(arguments: [
        ("Pictures/eiffel.jpg", 320, 240),
        ("Pictures/wide.png", 640, 480),
        ("Pictures/blink.gif", 48, 32),
        ("Pictures/tile.webp", 100, 75),
        ("Pictures/icon.bmp", 40, 30),
        ("Pictures/scan.tiff", 50, 40),
        ("Pictures/disguised.png", 64, 48),
    ])
    func imageSize(file: String, width: Int, height: Int) throws {
        let attributes = try DocumentSample.extract(file)
        #expect(attributes[.pixelWidth]?.docNumber == Double(width))
        #expect(attributes[.pixelHeight]?.docNumber == Double(height))
        if file != "Pictures/eiffel.jpg" {
            #expect(attributes[.acquisitionMake] == nil)
            #expect(attributes[.latitude] == nil)
        }
    }

    @Test func exifCameraPlaceAndTime() throws {
        let path = DocumentSample.path("Pictures/eiffel.jpg")
        let tree = ContentTypeTable.tree(of: "public.jpeg")
        for zone in [Self.utc, Self.paris] {
            let attributes = try ImageExtractor(timeZone: zone).extract(path: path, tree: tree)
            #expect(attributes[.acquisitionMake]?.docText == "Canon")
            #expect(attributes[.acquisitionModel]?.docText == "Canon EOS 5D Mark IV")
            // DateTimeOriginal has no zone: it is civil time where the extractor runs.
            #expect(
                attributes[.contentCreationDate]?.docDate == DocumentSample.date(2023, 7, 14, 18, 30, 0, zone: zone))
            let latitude = try #require(attributes[.latitude]?.docNumber)
            let longitude = try #require(attributes[.longitude]?.docNumber)
            #expect(abs(latitude - 48.8584) < 1e-4)
            #expect(abs(longitude - 2.2945) < 1e-4)
        }
        // Paris in July is UTC+2: the same EXIF text is two hours earlier as an instant.
        let inParis = try ImageExtractor(timeZone: Self.paris).extract(path: path, tree: tree)
        #expect(inParis[.contentCreationDate]?.docDate == DocumentSample.date(2023, 7, 14, 16, 30, 0, zone: Self.utc))
    }

    /// A PNG header claiming 60000 × 60000 pixels (10 GB decoded): the size is read, nothing is
    /// allocated for the pixels.
    @Test func hugeDeclaredPNGIsMeasuredFromItsHeader() throws {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            let crc = DocumentHostileFiles.crc32(typed)
            return [
                UInt8(body.count >> 24), UInt8((body.count >> 16) & 0xFF), UInt8((body.count >> 8) & 0xFF),
                UInt8(body.count & 0xFF),
            ] + typed + [
                UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF),
                UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF),
            ]
        }
        let side: [UInt8] = [0, 0, 0xEA, 0x60]  // 60000
        let png =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", side + side + [8, 2, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x63, 0, 0]) + chunk("IEND", [])
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let file = folder.appendingPathComponent("huge.png")
        try Data(png).write(to: file)
        let attributes = try ImageExtractor().extract(
            path: Array(file.path.utf8), tree: ContentTypeTable.tree(of: "public.png"))
        #expect(attributes[.pixelWidth]?.docNumber == 60000)
        #expect(attributes[.pixelHeight]?.docNumber == 60000)
    }

    @Test func imagesWithoutALoaderGetNoSizeAndNoError() throws {
        let attributes = try ImageExtractor().extract(
            path: DocumentSample.path("Pictures/wide.png"), tree: ContentTypeTable.tree(of: "public.heic"))
        #expect(attributes.isEmpty)
    }

    @Test func bigEndianTIFFWithShortDimensions() throws {
        // "MM", 42, directory at 8; two SHORT entries: width 300, height 7; no next directory.
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 2,
            0x01, 0x00, 0, 3, 0, 0, 0, 1, 0x01, 0x2C, 0, 0,
            0x01, 0x01, 0, 3, 0, 0, 0, 1, 0x00, 0x07, 0, 0,
            0, 0, 0, 0,
        ]
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let file = folder.appendingPathComponent("be.tiff")
        try Data(tiff).write(to: file)
        func dimensions() throws -> (width: Int, height: Int)? {
            let opened = try CrawledFile(opening: Array(file.path.utf8), expected: nil)
            return withExtendedLifetime(opened) { TIFFDimensions.read(opened.descriptor) }
        }
        let size = try dimensions()
        #expect(size?.width == 300 && size?.height == 7)
        try Data(tiff.prefix(20)).write(to: file)
        #expect(try dimensions() == nil)
    }

    @Test func exifDateForms() {
        let utc = Self.utc
        #expect(
            ImageExtractor.exifDate("2023:07:14 18:30:00", offset: "+02:00", timeZone: utc)
                == DocumentSample.date(2023, 7, 14, 16, 30, 0, zone: utc))
        #expect(ImageExtractor.exifDate("0000:00:00 00:00:00", offset: nil, timeZone: utc) == nil)
        #expect(ImageExtractor.exifDate("    :  :     :  :  ", offset: nil, timeZone: utc) == nil)
        #expect(ImageExtractor.exifDate("2023:07", offset: nil, timeZone: utc) == nil)
    }

    @Test func everySampleDocumentHasExactlyOneExtractor() throws {
        let files = [
            "Documents/paper.pdf", "Documents/report.docx", "Documents/budget.xlsx", "Documents/launch.pptx",
            "Documents/letter.odt", "Documents/novel.epub", "Documents/trip.html", "Documents/notes.md",
            "Pictures/eiffel.jpg", "Pictures/tile.webp",
        ]
        for file in files {
            let tree = try DocumentSample.tree(ofFileAt: DocumentSample.path(file))
            #expect(DocumentExtractors.all.filter { $0.handles(tree: tree) }.count == 1, "\(file): \(tree)")
        }
        // Files that are not documents: none claims them.
        for file in ["Documents/plain.txt", "Documents/song-notes.txt", "Archives/bundle.zip", "Code/hello.c"] {
            let tree = try DocumentSample.tree(ofFileAt: DocumentSample.path(file))
            #expect(DocumentExtractors.all.allSatisfy { !$0.handles(tree: tree) }, "\(file): \(tree)")
        }
    }
}
