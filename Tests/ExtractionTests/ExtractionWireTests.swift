import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindCrawl
@testable import FSFindExtraction
@testable import FSFindIndexFormat
@testable import FSFindModel
@testable import FSFindText

/// The worker protocol's codec: every value type survives the round trip, and damaged messages are
/// errors, never traps.
@Suite struct ExtractionWireTests {
    static let attributes: [Attribute: AttributeValue] = [
        .title: .text("Intro à Paris"),
        .authorNames: .textList(["Ana Müller", "", "名前"]),
        .keywords: .textList([]),
        .duration: .number(3.056327),
        .pixelWidth: .number(-0.0),
        .audioSampleRate: .number(.infinity),
        .contentCreationDate: .date(Date(timeIntervalSinceReferenceDate: -12_345.000_001)),
    ]

    private func payload(_ frame: [UInt8]) throws -> [UInt8] {
        let length = try #require(ExtractionWire.frameLength(Array(frame.prefix(4))))
        #expect(length == frame.count - 4)
        return Array(frame.dropFirst(4))
    }

    @Test func requestRoundTrip() throws {
        let request = ExtractionWire.Request(
            extractor: "media", path: Array("/tmp/bad".utf8) + [0xFF, 0x0A] + Array("é.mp3".utf8),
            identity: FileIdentity(device: 2049, inode: 1 << 40, size: -1, mtimeNanos: .min, ctimeNanos: .max),
            tree: ["public.mp3", "public.audio", "public.item"])
        #expect(try ExtractionWire.decodeRequest(payload(ExtractionWire.encode(request))) == request)
    }

    @Test func replyRoundTrip() throws {
        let decoded = try ExtractionWire.decodeReply(
            payload(ExtractionWire.encode(.success(ExtractionWire.Extracted(Self.attributes)))))
        #expect(try decoded.get() == ExtractionWire.Extracted(Self.attributes))
        // Words that could not be read travel beside the metadata that could.
        let partial = ExtractionWire.Extracted(Self.attributes, problem: "word/document.xml is damaged ✗")
        #expect(try ExtractionWire.decodeReply(payload(ExtractionWire.encode(.success(partial)))).get() == partial)
        let failure = try ExtractionWire.decodeReply(payload(ExtractionWire.encode(.failure(ExtractionError("bad ✗")))))
        #expect(throws: ExtractionError("bad ✗")) { try failure.get() }
        let empty = try ExtractionWire.decodeReply(payload(ExtractionWire.encode(.success([:]))))
        #expect(try empty.get() == [:])
        let changed = ExtractionWire.Extracted(Self.attributes, changedWhileRead: true)
        #expect(try ExtractionWire.decodeReply(payload(ExtractionWire.encode(.success(changed)))).get() == changed)
    }

    /// A reply with cut words is sent as parts (the words not copied into one buffer); the parts
    /// in order are the one frame, and the words decoded from it are the words sent.
    @Test func cutWordsTravelAsPartsOfOneFrame() throws {
        let cut = CutText(packed: [1, 2, 3], words: Array("quokka\u{0}wombat".utf8), spelling: Array("quokka\n".utf8))
        let extracted = ExtractionWire.Extracted(Self.attributes, cutText: cut)
        let parts = ExtractionWire.encodeParts(.success(extracted))
        #expect(parts.count > 1)
        let frame = Array(parts.joined())
        #expect(frame == ExtractionWire.encode(.success(extracted)))
        let decoded = try ExtractionWire.decodeReply(payload(frame)).get()
        #expect(decoded == extracted)
        #expect(decoded.cutText.map { Array($0.words) } == Array("quokka\u{0}wombat".utf8))
    }

    /// A file written to between the crawl and the end of its reading says so (its twins then
    /// read their own words); one left alone does not.
    @Test func aFileWrittenToSinceTheCrawlIsReportedChanged() throws {
        let folder = TemporaryFolder()
        let path = folder.file("notes.txt")
        try Data(String(repeating: "quokka words\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        var status = stat()
        #expect(stat(path, &status) == 0)
        let crawled = FileIdentity(status)
        func read(_ identity: FileIdentity) throws -> ExtractionWire.Extracted {
            try ExtractionWire.perform(
                ExtractionWire.Request(
                    extractor: "text", path: Array(path.utf8), identity: identity,
                    tree: ["public.plain-text", "public.text", "public.data", "public.item"], textLimit: 1 << 20,
                    wordCutter: "porter unicode61 remove_diacritics 2"),
                registry: .standard
            ).get()
        }
        let asCrawled = try read(crawled)
        #expect(!asCrawled.changedWhileRead && asCrawled.cutText != nil)
        var earlier = crawled
        earlier.mtimeNanos -= 1_000_000_000
        #expect(try read(earlier).changedWhileRead)
    }

    @Test func nanSurvives() throws {
        let decoded = try ExtractionWire.decodeReply(
            payload(ExtractionWire.encode(.success([.duration: .number(.nan)]))))
        guard case .number(let value)? = try decoded.get().attributes[.duration] else {
            Issue.record("no duration")
            return
        }
        #expect(value.isNaN)
    }

    @Test func everyTruncationIsAnError() throws {
        let full = try payload(
            ExtractionWire.encode(.success(ExtractionWire.Extracted(Self.attributes, problem: "x"))))
        for length in 0..<full.count {
            #expect(throws: ExtractionError.self) { try ExtractionWire.decodeReply(Array(full.prefix(length))) }
        }
        #expect(throws: ExtractionError.self) { try ExtractionWire.decodeReply(full + [0]) }
    }

    @Test func wrongTypeOrNameIsAnError() {
        var bad: [UInt8] = [0, 1, 0, 0, 0]
        bad += [5, 0, 0, 0] + Array("title".utf8) + [3] + [UInt8](repeating: 0, count: 8)
        #expect(throws: ExtractionError.self) { try ExtractionWire.decodeReply(bad) }
        var unknown: [UInt8] = [0, 1, 0, 0, 0]
        unknown += [4, 0, 0, 0] + Array("nope".utf8) + [3] + [UInt8](repeating: 0, count: 8)
        #expect(throws: ExtractionError.self) { try ExtractionWire.decodeReply(unknown) }
    }

    @Test func hugeFramesAreRefused() {
        #expect(ExtractionWire.frameLength([0xFF, 0xFF, 0xFF, 0xFF]) == nil)
        #expect(ExtractionWire.frameLength([1, 0, 0]) == nil)
        #expect(ExtractionWire.frameLength([1, 2, 0, 0]) == 513)
    }
}
