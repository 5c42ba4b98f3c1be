import ExtractionFixtures
import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindCrawl
@testable import FSFindExtraction
@testable import FSFindManual
@testable import FSFindModel
@testable import FSFindPlatform

/// Damaged and malicious inputs: each must give an ``ExtractionError`` or a sane partial result,
/// never a crash, a hang or a large allocation.
@Suite struct DocumentExtractorHostileTests {
    private static let samples = [
        "Documents/paper.pdf", "Documents/report.docx", "Documents/budget.xlsx", "Documents/launch.pptx",
        "Documents/letter.odt", "Documents/novel.epub", "Documents/trip.html", "Documents/notes.md",
        "Pictures/eiffel.jpg", "Pictures/wide.png", "Pictures/blink.gif", "Pictures/tile.webp",
        "Pictures/icon.bmp", "Pictures/scan.tiff", "Pictures/disguised.png",
    ]

    /// Runs `extractor` and checks that whatever came back is plausible.
    private func runSanely(_ extractor: any Extractor, on path: [UInt8], tree: [String], label: String) {
        if ProcessInfo.processInfo.environment["FSFIND_TRACE_HOSTILE"] != nil {
            FileHandle.standardError.write(Data("hostile: \(label)\n".utf8))
            _ = try? FileManager.default.copyItem(
                atPath: String(decoding: path, as: UTF8.self),
                toPath: "/tmp/fsfind-hostile-"
                    + label.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: " ", with: "_"))
        }
        do {
            let attributes = try extractor.extract(path: path, tree: tree)
            for (attribute, value) in attributes {
                switch value {
                case .number(let number):
                    #expect(number.isFinite, "\(label): \(attribute) = \(number)")
                    if attribute == .pixelWidth || attribute == .pixelHeight || attribute == .pageCount {
                        #expect(number > 0, "\(label): \(attribute) = \(number)")
                    }
                case .text(let text): #expect(!text.isEmpty, "\(label): empty \(attribute)")
                case .textList(let list): #expect(!list.isEmpty && !list.contains(""), "\(label): \(attribute)")
                case .date(let date): #expect(date.timeIntervalSinceReferenceDate.isFinite, "\(label)")
                }
            }
        } catch {
            #expect(!error.reason.isEmpty)
        }
    }

    @Test(arguments: samples)
    func truncatedAndBitFlippedCopies(sample: String) throws {
        let original = try [UInt8](Data(contentsOf: DocumentSample.url(sample)))
        let tree = try DocumentSample.tree(ofFileAt: DocumentSample.path(sample))
        let extractor = try #require(DocumentExtractors.all.first { $0.handles(tree: tree) })
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let file = folder.appendingPathComponent("damaged")
        let path = Array(file.path.utf8)
        let count = original.count
        for length in Set([0, 1, 8, 64, count / 4, count / 2, count * 3 / 4, count - 1]) where length < count {
            try Data(original[..<length]).write(to: file)
            runSanely(extractor, on: path, tree: tree, label: "\(sample) cut to \(length)")
        }
        var random = SplitMix64(seed: 0xF5F1)
        let rounds = Int(ProcessInfo.processInfo.environment["FSFIND_HOSTILE_ROUNDS"] ?? "") ?? 24
        for round in 0..<rounds {
            var damaged = original
            let flips = 1 + round % 8
            for _ in 0..<flips {
                let index = Int.random(in: 0..<count, using: &random)
                damaged[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
            }
            try Data(damaged).write(to: file)
            runSanely(extractor, on: path, tree: tree, label: "\(sample) flip round \(round)")
        }
    }

    /// Damaged metadata XML inside an intact ZIP (the CRC matches, as in a crafted file), so the
    /// damage reaches the XML parser: bit flips, stray bytes and cuts in every part the extractors
    /// read, 300 mutations each.
    @Test(arguments: [
        ("Documents/report.docx", ["docProps/core.xml", "docProps/app.xml"]),
        ("Documents/letter.odt", ["meta.xml"]),
        ("Documents/novel.epub", ["META-INF/container.xml", "OEBPS/content.opf"]),
    ])
    func damagedXMLInAnIntactArchive(sample: String, parts: [String]) throws {
        let archive = try ZipMetadataArchive(file: CrawledFile(opening: DocumentSample.path(sample), expected: nil))
        let originals = try parts.map { try #require(try archive.contents(of: $0)).map { $0 } }
        let tree = try DocumentSample.tree(ofFileAt: DocumentSample.path(sample))
        let extractor = try #require(DocumentExtractors.all.first { $0.handles(tree: tree) })
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let file = folder.appendingPathComponent("crafted")
        var random = SplitMix64(seed: 0xC0FF_EE00 &+ UInt64(sample.utf8.count))
        // FSFIND_HOSTILE_ROUNDS raises the count for a longer local fuzzing run.
        let rounds = Int(ProcessInfo.processInfo.environment["FSFIND_HOSTILE_ROUNDS"] ?? "") ?? 300
        for round in 0..<rounds {
            let target = round % parts.count
            var entries: [DocumentHostileFiles.ZipEntry] = []
            for (index, part) in parts.enumerated() {
                var bytes = [UInt8](originals[index])
                if index == target, !bytes.isEmpty {
                    switch round % 3 {
                    case 0:
                        for _ in 0..<(1 + round % 5) {
                            bytes[Int.random(in: 0..<bytes.count, using: &random)] ^=
                                UInt8(1) << UInt8.random(in: 0..<8, using: &random)
                        }
                    case 1:
                        bytes.insert(
                            UInt8.random(in: 0...255, using: &random),
                            at: Int.random(in: 0..<bytes.count, using: &random))
                    default:
                        bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
                    }
                }
                entries.append(.stored(part, bytes: bytes))
            }
            try Data(DocumentHostileFiles.zip(entries)).write(to: file)
            runSanely(extractor, on: Array(file.path.utf8), tree: tree, label: "\(sample) crafted round \(round)")
        }
    }

    private static let docxTree = ContentTypeTable.tree(of: "org.openxmlformats.wordprocessingml.document")

    /// A docx whose core.xml inflates to `size` bytes of spaces (1 GiB packs into 6.5 MB, 256 MiB
    /// into 1.6 MB: under the packed-size limit, so only the inflation cap can stop it).
    private func zipBomb(declaring declared: UInt32, size: Int = 1 << 30) -> [UInt8] {
        let bomb = DocumentHostileFiles.ZipEntry(
            name: "docProps/core.xml", data: DocumentHostileFiles.deflatedSpaces(count: size), deflated: true,
            crc: 0, declaredSize: declared)
        return DocumentHostileFiles.zip([.stored("[Content_Types].xml", "<Types/>"), bomb])
    }

    @Test func zipBombThatDeclaresItsSizeIsNotInflated() throws {
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let file = folder.appendingPathComponent("bomb.docx")
        try Data(zipBomb(declaring: 1 << 30)).write(to: file)
        let clock = ContinuousClock()
        let started = clock.now
        let error = #expect(throws: ExtractionError.self) {
            try OfficeOpenXMLExtractor().extract(path: Array(file.path.utf8), tree: Self.docxTree)
        }
        #expect(error?.reason.contains("declares 1073741824 bytes") == true, "\(String(describing: error))")
        #expect(clock.now - started < .seconds(5))
    }

    @Test func zipBombThatLiesAboutItsSizeStopsAtTheLimit() throws {
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let file = folder.appendingPathComponent("liar.docx")
        try Data(zipBomb(declaring: 900, size: 256 << 20)).write(to: file)
        let error = #expect(throws: ExtractionError.self) {
            try OfficeOpenXMLExtractor().extract(path: Array(file.path.utf8), tree: Self.docxTree)
        }
        #expect(error?.reason.contains("inflates past") == true, "\(String(describing: error))")
    }

    /// A deflate stream that stops mid-block. ZIPFoundation's own `extract` spins forever on this
    /// at end of file (found by the bit-flip runs); the bounded provider turns it into an error.
    @Test func deflateStreamThatNeverEnds() throws {
        // A stored deflate block promising 65 535 bytes (LEN 0xFFFF, NLEN its complement) with 100:
        // more than the padded 16 KiB chunk holds, so zlib asks for more than the entry has.
        let cut: [UInt8] = [0x00, 0xFF, 0xFF, 0x00, 0x00] + [UInt8](repeating: 0x20, count: 100)
        let entry = DocumentHostileFiles.ZipEntry(
            name: "docProps/core.xml", data: cut, deflated: true, crc: 0, declaredSize: 65_535)
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let file = folder.appendingPathComponent("endless.docx")
        try Data(DocumentHostileFiles.zip([entry])).write(to: file)
        let error = #expect(throws: ExtractionError.self) {
            try OfficeOpenXMLExtractor().extract(path: Array(file.path.utf8), tree: Self.docxTree)
        }
        #expect(error?.reason.contains("runs past the entry") == true, "\(error?.reason ?? "no error")")
    }

    @Test func entityExpansionInCorePropertiesIsRefused() throws {
        var entities = "<!ENTITY a0 \"laughlaughlaughlaugh\">"
        for level in 1...12 {
            entities += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
        }
        let core = """
            <?xml version="1.0"?><!DOCTYPE cp:coreProperties [\(entities)]>
            <cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" \
            xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>&a12;</dc:title></cp:coreProperties>
            """
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let file = folder.appendingPathComponent("laughs.docx")
        try Data(DocumentHostileFiles.zip([.stored("docProps/core.xml", core)])).write(to: file)
        let path = Array(file.path.utf8)
        do {
            let attributes = try OfficeOpenXMLExtractor().extract(path: path, tree: Self.docxTree)
            // If libxml2 kept the entity unexpanded, the title is small; it must never be 20 GB.
            #expect((attributes[.title]?.docText?.utf8.count ?? 0) < 1 << 20)
        } catch {
            #expect(!error.reason.isEmpty)
        }
    }

    @Test func aHugeTitleIsCappedBeforeItIsStored() throws {
        // 3,000,000 characters of title (and a keyword list of 5,000) in one core.xml.
        let title = String(repeating: "ab", count: 1_500_000)
        let keywords = (0..<5_000).map { "k\($0)" }.joined(separator: ", ")
        let core = """
            <?xml version="1.0"?>
            <cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" \
            xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>é\(title)</dc:title>\
            <cp:keywords>\(keywords)</cp:keywords></cp:coreProperties>
            """
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let file = folder.appendingPathComponent("long-title.docx")
        try Data(DocumentHostileFiles.zip([.stored("docProps/core.xml", core)])).write(to: file)
        let path = Array(file.path.utf8)
        var status = stat()
        #expect(lstat(file.path, &status) == 0)
        let identity = FileIdentity(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: 0, mtimeNanos: 0, ctimeNanos: 0)
        let reply = ExtractionWire.perform(
            ExtractionWire.Request(extractor: "office", path: path, identity: identity, tree: Self.docxTree),
            registry: .standard)
        let attributes = try reply.get().attributes
        let stored = try #require(attributes[.title]?.docText)
        #expect(stored.utf8.count <= ExtractedValueLimits.textBytes)
        #expect(stored.utf8.count >= ExtractedValueLimits.textBytes - 3)
        #expect(stored.hasPrefix("éabab"))
        guard case .textList(let list)? = attributes[.keywords] else {
            Issue.record("no keywords")
            return
        }
        #expect(list.count == ExtractedValueLimits.listElements)
        #expect(list.first == "k0")
    }

    /// Good metadata, a damaged body: the title is kept, and the item says its words could not be
    /// read (through the pipeline, as a refresh would merge it).
    @Test func aBodyThatCannotBeReadIsTheItemsProblem() throws {
        let core = """
            <?xml version="1.0"?>
            <cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"             xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Minutes</dc:title></cp:coreProperties>
            """
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let file = folder.appendingPathComponent("minutes.docx")
        try Data(
            DocumentHostileFiles.zip([
                .stored("docProps/core.xml", core),
                // A deflate stream that stops mid-block (as in deflateStreamThatNeverEnds).
                DocumentHostileFiles.ZipEntry(
                    name: "word/document.xml",
                    data: [0x00, 0xFF, 0xFF, 0x00, 0x00] + [UInt8](repeating: 0x20, count: 100), deflated: true,
                    crc: 0, declaredSize: 65_535),
            ])
        ).write(to: file)
        var status = stat()
        #expect(lstat(file.path, &status) == 0)
        let identity = FileIdentity(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: 0, mtimeNanos: 0, ctimeNanos: 0)
        let reply = ExtractionWire.perform(
            ExtractionWire.Request(
                extractor: "office", path: Array(file.path.utf8), identity: identity, tree: Self.docxTree,
                textLimit: 1 << 20),
            registry: .standard)
        var read = ExtractionPipeline.Read(
            item: IndexedItem(path: Array(file.path.utf8), identity: identity, attributes: AttributeSet()))
        ExtractionPipeline.merge(reply, into: &read)
        let item = read.item
        #expect(item.attributes[.title] == .text("Minutes"))
        #expect(item.problem?.kind == .unparsable)
        #expect(
            item.problem?.reason.hasPrefix("its words could not be read: ") == true,
            "\(String(describing: item.problem))")
        #expect(read.words == nil)
    }

    @Test func epubWhosePackagePathPointsNowhere() throws {
        let container = """
            <container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>\
            <rootfile full-path="../../etc/passwd"/></rootfiles></container>
            """
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let file = folder.appendingPathComponent("odd.epub")
        try Data(DocumentHostileFiles.zip([.stored("META-INF/container.xml", container)])).write(to: file)
        #expect(throws: ExtractionError.self) {
            try EPUBExtractor().extract(
                path: Array(file.path.utf8), tree: ContentTypeTable.tree(of: "org.idpf.epub-container"))
        }
    }

    /// Foundation's XMLParser crashes on a name that is not UTF-8; such parts must be transcoded
    /// before parsing. One OPF has a stray 0xC3 in an element name (the shape a bit flip once
    /// produced), another is UTF-16 with a byte-order mark.
    @Test func epubPackagesThatAreNotUTF8() throws {
        let container = """
            <container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>\
            <rootfile full-path="content.opf"/></rootfiles></container>
            """
        let opf = """
            <?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf">\
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Caf\u{E9}</dc:title>\
            <E.\u{FFFD}>x</E.\u{FFFD}></metadata></package>
            """
        var stray = Array(opf.utf8)
        // U+FFFD's three bytes become a lone 0xC3 in both tags.
        while let index = stray.firstIndex(of: 0xEF) { stray.replaceSubrange(index..<(index + 3), with: [0xC3]) }
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in opf.replacingOccurrences(of: "\u{FFFD}", with: "x").utf16 {
            utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let tree = ContentTypeTable.tree(of: "org.idpf.epub-container")
        for (name, package) in [("stray", stray), ("utf16", utf16)] {
            let file = folder.appendingPathComponent("\(name).epub")
            let zip = DocumentHostileFiles.zip([
                .stored("META-INF/container.xml", container), .stored("content.opf", bytes: package),
            ])
            try Data(zip).write(to: file)
            runSanely(EPUBExtractor(), on: Array(file.path.utf8), tree: tree, label: name)
        }
        let file = folder.appendingPathComponent("utf16.epub")
        let attributes = try EPUBExtractor().extract(path: Array(file.path.utf8), tree: tree)
        #expect(attributes[.title]?.docText == "Café")
    }

    private static let pdfTree = ContentTypeTable.tree(of: "com.adobe.pdf")

    @Test func pdfWhosePageTreeContainsItself() throws {
        let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let pdf = DocumentHostileFiles.pdf(
            objects: [
                "<< /Type /Catalog /Pages 2 0 R >>",
                "<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 1000000 >>",
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>",
                "<< /Title (Loop) /Keywords \(nested) >>",
            ], info: 4)
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let file = folder.appendingPathComponent("loop.pdf")
        try Data(pdf).write(to: file)
        let clock = ContinuousClock()
        let started = clock.now
        runSanely(PDFExtractor(), on: Array(file.path.utf8), tree: Self.pdfTree, label: "loop.pdf")
        #expect(clock.now - started < .seconds(10))
    }

    @Test func notAPDFAtAll() throws {
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let file = folder.appendingPathComponent("fake.pdf")
        try Data("hello, I am text".utf8).write(to: file)
        #expect(throws: ExtractionError.self) {
            try PDFExtractor().extract(path: Array(file.path.utf8), tree: Self.pdfTree)
        }
        #expect(throws: ExtractionError.self) {
            try PDFExtractor().extract(
                path: Array(folder.appendingPathComponent("missing.pdf").path.utf8), tree: Self.pdfTree)
        }
    }

    /// A file name that is not UTF-8 still opens in every family (poppler via an escaped URI,
    /// ZIPFoundation via /proc/self/fd, the rest by raw bytes).
    @Test(arguments: [
        ("Documents/paper.pdf", "Spotlight Search on Linux"), ("Documents/report.docx", "Quarterly Report"),
        ("Documents/novel.epub", "Le Petit Prince"), ("Documents/trip.html", "Trip to Paris & Lyon"),
    ])
    func nonUTF8FileNames(sample: String, title: String) throws {
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let path = Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9, 0xFF]
        let source = try [UInt8](Data(contentsOf: DocumentSample.url(sample)))
        let written = PathBytes.withCString(path) { name -> Bool in
            guard let handle = fopen(name, "wb") else { return false }
            defer { fclose(handle) }
            return fwrite(source, 1, source.count, handle) == source.count
        }
        #expect(written)
        let tree = try DocumentSample.tree(ofFileAt: DocumentSample.path(sample))
        let extractor = try #require(DocumentExtractors.all.first { $0.handles(tree: tree) })
        let attributes = try extractor.extract(path: path, tree: tree)
        #expect(attributes[.title]?.docText == title)
    }
}
