import ExtractionFixtures
import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindExtraction
@testable import FSFindIndexFormat
@testable import FSFindManual
@testable import FSFindModel

/// Damaged and lying media files, made at test time from the committed fixtures: truncated copies,
/// bit-flipped copies, and headers that claim absurd sizes. Read through worker processes as
/// `fsfind index` reads them: every file comes back, either with sane values or marked
/// unparsable, with its file-system attributes intact.
@Suite struct HostileMediaTests {
    /// Writes `bytes` as `name` into `folder` and returns an item for it.
    private func item(_ folder: TemporaryFolder, _ name: String, _ bytes: [UInt8], video: Bool, n: Int) -> IndexedItem {
        let path = folder.file(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return MediaFixtures.item(path, video: video, n: UInt64(n))
    }

    /// The invariants no input may break.
    private func checkSane(_ output: [IndexedItem], _ input: [IndexedItem]) {
        #expect(output.count == input.count)
        for (item, original) in zip(output, input) {
            let name = String(decoding: item.path, as: UTF8.self)
            #expect(item.path == original.path)
            for attribute in ExtractionPipeline.fileSystemAttributes {
                #expect(item.attributes[attribute] == original.attributes[attribute], "\(name) \(attribute)")
            }
            if case .number(let duration)? = item.attributes[.duration] {
                #expect(duration.isFinite && duration >= 0 && duration <= MediaExtractor.maximumDuration, "\(name)")
            }
            for attribute in [Attribute.pixelWidth, .pixelHeight, .audioSampleRate, .audioChannelCount] {
                if case .number(let value)? = item.attributes[attribute] {
                    #expect(value.isFinite && value > 0, "\(name) \(attribute)")
                }
            }
            if let problem = item.problem {
                #expect(problem.kind == .unparsable, "\(name)")
                #expect(!problem.reason.isEmpty, "\(name)")
            }
        }
    }

    @Test func truncatedCopiesOfEveryFixture() throws {
        let folder = TemporaryFolder()
        var input: [IndexedItem] = []
        for expected in MediaFixtures.expected {
            let bytes = try MediaFixtures.bytes(expected.file)
            let base = expected.file.replacingOccurrences(of: "/", with: "-")
            for length in Set([0, 1, 4, 16, 64, 200, bytes.count / 3, bytes.count / 2, bytes.count - 1]) {
                input.append(
                    item(
                        folder, "cut\(length)-\(base)", Array(bytes.prefix(length)), video: expected.video,
                        n: input.count))
            }
        }
        let output = MediaFixtures.isolated().run(input)
        checkSane(output, input)
        // Nothing at all is not a media file.
        for item in output where item.path.contains(Array("/cut0-".utf8)) {
            #expect(item.problem?.kind == .unparsable)
        }
    }

    @Test func bitFlippedCopiesOfEveryFixture() throws {
        let folder = TemporaryFolder()
        var generator = SplitMix64(seed: 0x6D65_6469_61)
        var input: [IndexedItem] = []
        for expected in MediaFixtures.expected {
            let bytes = try MediaFixtures.bytes(expected.file)
            let base = expected.file.replacingOccurrences(of: "/", with: "-")
            for copy in 0..<8 {
                var damaged = bytes
                // Headers live near the start: half the flips land in the first 512 bytes.
                for flip in 0..<(4 << (copy % 4)) {
                    let range = flip % 2 == 0 ? min(512, damaged.count) : damaged.count
                    let index = Int.random(in: 0..<range, using: &generator)
                    damaged[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
                }
                input.append(item(folder, "flip\(copy)-\(base)", damaged, video: expected.video, n: input.count))
            }
        }
        let output = MediaFixtures.isolated().run(input)
        checkSane(output, input)
    }

    /// Offset of the first `tag` in `bytes`.
    private func offset(of tag: String, in bytes: [UInt8]) throws -> Int {
        let needle = Array(tag.utf8)
        let found = (0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
        return try #require(found, "no \(tag)")
    }

    private func put32(_ value: UInt32, at offset: Int, in bytes: inout [UInt8], bigEndian: Bool) {
        for index in 0..<4 {
            let shift = bigEndian ? 24 - 8 * index : 8 * index
            bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt32(shift))
        }
    }

    @Test func headersClaimingAbsurdSizes() throws {
        let folder = TemporaryFolder()
        var input: [IndexedItem] = []

        // WAV: 4 GiB of data at one byte per second, 136 years.
        var wav = try MediaFixtures.bytes("Music/tone.wav")
        let fmt = try offset(of: "fmt ", in: wav)
        put32(1, at: fmt + 12, in: &wav, bigEndian: false)  // sample rate
        put32(1, at: fmt + 16, in: &wav, bigEndian: false)  // byte rate
        put32(0xFFFF_FFF0, at: try offset(of: "data", in: wav) + 4, in: &wav, bigEndian: false)
        input.append(item(folder, "huge.wav", wav, video: false, n: 0))

        // MP4: a movie header saying 2³¹ - 1 seconds.
        var mp4 = try MediaFixtures.bytes("Movies/clip.mp4")
        let mvhd = try offset(of: "mvhd", in: mp4)
        #expect(mp4[mvhd + 4] == 0, "version 0 movie header")
        put32(1, at: mvhd + 16, in: &mp4, bigEndian: true)  // time scale
        put32(0x7FFF_FFFF, at: mvhd + 20, in: &mp4, bigEndian: true)  // duration
        input.append(item(folder, "long-movie.mp4", mp4, video: true, n: 1))

        // MP4: a time-to-sample table claiming 2³¹ frames.
        var frames = try MediaFixtures.bytes("Movies/clip.mp4")
        let stts = try offset(of: "stts", in: frames)
        put32(0x8000_0000, at: stts + 12, in: &frames, bigEndian: true)  // first entry's sample count
        input.append(item(folder, "many-frames.mp4", frames, video: true, n: 2))

        // MP3: a Xing header claiming 2³¹ - 1 frames.
        var mp3 = try MediaFixtures.bytes("Music/intro-paris.mp3")
        let xingTag = mp3.indices.dropLast(4).contains { mp3[$0..<$0 + 4].elementsEqual("Xing".utf8) } ? "Xing" : "Info"
        let xing = try offset(of: xingTag, in: mp3)
        #expect(mp3[xing + 7] & 1 == 1, "frame count present")
        put32(0x7FFF_FFFF, at: xing + 8, in: &mp3, bigEndian: true)
        input.append(item(folder, "endless.mp3", mp3, video: false, n: 3))

        let output = MediaFixtures.isolated().run(input)
        checkSane(output, input)
        for item in output {
            let name = String(decoding: item.path, as: UTF8.self)
            // None of these claims is believable; each must be refused or left out.
            #expect(
                item.problem != nil
                    || item.attributes[.duration].map { value in
                        guard case .number(let seconds) = value else { return false }
                        return seconds < 24 * 3600
                    } ?? true, "\(name): \(String(describing: item.attributes[.duration]))")
        }
        // The lying movie header costs the duration, not the rest.
        let movie = try #require(output.first { $0.path.suffix(14).elementsEqual("long-movie.mp4".utf8) })
        #expect(movie.problem == nil)
        #expect(movie.attributes[.pixelWidth] == .number(160))
        #expect(movie.attributes[.title] == .text("Test Pattern"))
    }
}
