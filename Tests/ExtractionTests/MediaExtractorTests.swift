import ExtractionFixtures
import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindExtraction
@testable import FSFindIndexFormat
@testable import FSFindManual
@testable import FSFindModel

/// Every committed audio and video fixture, read in process: duration within 0.15 s of ffprobe,
/// tags with non-ASCII text, codecs, sample rate, channels and picture size.
@Suite struct MediaExtractorTests {
    private func extract(_ relative: String) throws(ExtractionError) -> [Attribute: AttributeValue] {
        try MediaExtractor().extract(path: Array(MediaFixtures.path(relative).utf8), tree: ["public.audio"])
    }

    @Test(arguments: MediaFixtures.expected)
    func fixture(_ expected: MediaFixtures.Expected) throws {
        let attributes = try extract(expected.file)
        guard case .number(let duration)? = attributes[.duration] else {
            Issue.record("\(expected.file): no duration")
            return
        }
        #expect(
            abs(duration - expected.duration) <= 0.15,
            "\(expected.file): \(duration) s, ffprobe says \(expected.duration) s")
        #expect(attributes[.codecs] == .textList(expected.codecs), "\(expected.file)")
        #expect(attributes[.audioSampleRate] == .number(expected.sampleRate), "\(expected.file)")
        #expect(attributes[.audioChannelCount] == .number(expected.channels), "\(expected.file)")
        #expect(attributes[.title] == expected.title.map(AttributeValue.text), "\(expected.file)")
        #expect(attributes[.artist] == expected.artist.map(AttributeValue.text), "\(expected.file)")
        #expect(attributes[.authorNames] == expected.artist.map { .textList([$0]) }, "\(expected.file)")
        #expect(attributes[.album] == expected.album.map(AttributeValue.text), "\(expected.file)")
        #expect(attributes[.keywords] == expected.genre.map { .textList([$0]) }, "\(expected.file)")
        #expect(attributes[.musicalGenre] == expected.genre.map(AttributeValue.text), "\(expected.file)")
        // Every fixture's container states or implies a bit rate.
        guard case .number(let total)? = attributes[.totalBitRate] else {
            Issue.record("\(expected.file): no total bit rate")
            return
        }
        #expect(total > 1000 && total < 10_000_000, "\(expected.file): \(total)")
        if expected.video {
            #expect(attributes[.pixelWidth] == .number(160), "\(expected.file)")
            #expect(attributes[.pixelHeight] == .number(120), "\(expected.file)")
        } else {
            #expect(attributes[.pixelWidth] == nil, "\(expected.file)")
        }
        // The fixtures carry no creation_time tag: the file-system date must stay.
        #expect(attributes[.contentCreationDate] == nil, "\(expected.file)")
    }

    @Test func composerAndTheAudioStreamsBitRate() throws {
        let attributes = try extract("Music/intro-paris.mp3")
        #expect(attributes[.composer] == .text("Philip Glass"))
        // Encoded at 32 kbit/s (make-fixtures.sh).
        #expect(attributes[.audioBitRate] == .number(32000))
        #expect(try extract("Music/tone.flac")[.composer] == nil)
    }

    @Test func tagValuesAreValidUnicodeComposedAsWritten() throws {
        let attributes = try extract("Music/tone.flac")
        guard case .text(let artist)? = attributes[.artist] else {
            Issue.record("no artist")
            return
        }
        #expect(artist == "Ana Müller")
        #expect(artist.unicodeScalars.contains("\u{FC}"))
    }

    @Test func textFileIsNotMedia() throws {
        #expect(throws: ExtractionError.self) { try extract("Documents/plain.txt") }
    }

    @Test func missingFileFails() {
        #expect(throws: ExtractionError.self) { try extract("Music/no-such-file.mp3") }
    }

    @Test func creationTimeTag() {
        let date = MediaExtractor.creationDate("2024-05-01T10:20:30.500000Z")
        #expect(date == Date(timeIntervalSince1970: 1_714_558_830.5))
        #expect(MediaExtractor.creationDate("2024-05-01T12:20:30+02:00") == Date(timeIntervalSince1970: 1_714_558_830))
        #expect(MediaExtractor.creationDate("2024-05-01 10:20:30") == Date(timeIntervalSince1970: 1_714_558_830))
        #expect(MediaExtractor.creationDate("1970-01-01T00:00:00.000000Z") == nil)
        #expect(MediaExtractor.creationDate("yesterday") == nil)
    }

    /// A movie header's creation time (seconds since 1904) becomes `contentCreationDate`, and the
    /// pipeline lets it replace the file-system date.
    @Test func creationTimeFromTheMovieHeaderWins() throws {
        var bytes = try MediaFixtures.bytes("Movies/clip.mp4")
        let mvhd = try #require(
            (0..<(bytes.count - 4)).first { bytes[$0..<$0 + 4].elementsEqual("mvhd".utf8) })
        let since1904 = UInt32(1_714_558_830 + 2_082_844_800)  // 2024-05-01T10:20:30Z
        for index in 0..<4 {
            bytes[mvhd + 8 + index] = UInt8(truncatingIfNeeded: since1904 >> (24 - 8 * UInt32(index)))
        }
        let folder = TemporaryFolder()
        let path = folder.file("dated.mp4")
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let expected = Date(timeIntervalSince1970: 1_714_558_830)
        let attributes = try MediaExtractor().extract(path: Array(path.utf8), tree: ["public.movie"])
        #expect(attributes[.contentCreationDate] == .date(expected))

        let item = MediaFixtures.item(path, video: true)
        #expect(item.attributes[.contentCreationDate] != .date(expected))
        let merged = ExtractionPipeline().run([item])
        #expect(merged.first?.attributes[.contentCreationDate] == .date(expected))
        #expect(merged.first?.attributes[.fsCreationDate] == item.attributes[.fsCreationDate])
    }

    @Test func handlesAudioAndVideoTrees() {
        let media = MediaExtractor()
        #expect(media.handles(tree: ["public.mp3", "public.audio", "public.audiovisual-content"]))
        #expect(media.handles(tree: ["public.mpeg-4", "public.movie", "public.video"]))
        #expect(!media.handles(tree: ["public.jpeg", "public.image", "public.content"]))
        #expect(!media.handles(tree: ["public.folder", "public.directory", "public.item"]))
    }

    @Test func registryFindsMediaExtractor() {
        let registry = ExtractorRegistry.standard
        #expect(registry.extractor(for: ["public.aiff-audio", "public.audio"])?.name == "media")
        #expect(registry.extractor(for: ["public.plain-text", "public.text"])?.name == "text")
        #expect(registry.extractor(for: ["public.folder", "public.item"]) == nil)
        // Plain text is read for its words only: a pipeline without content passes it by.
        #expect(ExtractionPipeline(textLimit: 0).extractor(for: ["public.plain-text", "public.text"]) == nil)
        #expect(ExtractionPipeline(textLimit: 1).extractor(for: ["public.plain-text", "public.text"])?.name == "text")
        #expect(registry.extractor(named: "media") is MediaExtractor)
        #expect(registry.extractor(named: "nothing") == nil)
        #expect(Set(registry.extractors.map(\.name)).count == registry.extractors.count, "names must be unique")
    }
}

extension MediaFixtures.Expected: CustomTestStringConvertible {
    package var testDescription: String { file }
}
