import Foundation
import IndexFixtures
import Testing

@testable import FSFindExtraction
@testable import FSFindManual
@testable import FSFindModel

/// The committed media fixtures, what ffprobe says about them, and the built `fsfind` binary the
/// isolation tests start as their worker.
package enum MediaFixtures {
    /// What one fixture must yield. Durations are ffprobe 5.1's `format=duration`, recorded once so
    /// the tests do not need ffprobe.
    package struct Expected: Sendable {
        package var file: String
        package var duration: Double
        package var codecs: [String]
        package var sampleRate: Double
        package var channels: Double
        package var title: String?
        package var artist: String? = nil
        package var album: String? = nil
        package var genre: String? = nil
        package var video = false
    }

    package static let expected: [Expected] = [
        Expected(
            file: "Music/intro-paris.mp3", duration: 3.056327, codecs: ["mp3"], sampleRate: 22050, channels: 1,
            title: "Intro à Paris", artist: "Steve Reich", album: "Été à Paris", genre: "Minimal"),
        Expected(
            file: "Music/no-xing.mp3", duration: 3.056250, codecs: ["mp3"], sampleRate: 22050, channels: 1,
            title: "Intro à Paris", artist: "Steve Reich", album: "Été à Paris", genre: "Minimal"),
        Expected(
            file: "Music/vbr.mp3", duration: 3.056327, codecs: ["mp3"], sampleRate: 22050, channels: 1,
            title: "Variable", artist: "Steve Lacy"),
        Expected(
            file: "Music/tone.m4a", duration: 3.0, codecs: ["aac"], sampleRate: 22050, channels: 2,
            title: "Intro à Paris", artist: "Steve Reich", album: "Été à Paris", genre: "Minimal"),
        Expected(
            file: "Music/tone.flac", duration: 3.0, codecs: ["flac"], sampleRate: 22050, channels: 1,
            title: "Flac Tone", artist: "Ana Müller"),
        Expected(
            file: "Music/tone.ogg", duration: 3.0, codecs: ["vorbis"], sampleRate: 22050, channels: 1,
            title: "Vorbis Tone"),
        Expected(
            file: "Music/tone.opus", duration: 3.0065, codecs: ["opus"], sampleRate: 48000, channels: 1,
            title: "Opus Tone"),
        Expected(
            file: "Music/tone.wav", duration: 3.0, codecs: ["pcm_u8"], sampleRate: 8000, channels: 1,
            title: "Wave Tone"),
        Expected(
            file: "Music/tone.aiff", duration: 3.0, codecs: ["pcm_s16be"], sampleRate: 8000, channels: 1,
            title: nil),
        Expected(
            file: "Movies/clip.mp4", duration: 1.0, codecs: ["h264", "aac"], sampleRate: 22050, channels: 1,
            title: "Test Pattern", artist: "Steve McQueen", video: true),
        Expected(
            file: "Movies/clip.mov", duration: 1.0, codecs: ["h264", "aac"], sampleRate: 22050, channels: 1,
            title: "QuickTime Clip", video: true),
        Expected(
            file: "Movies/clip.mkv", duration: 1.023, codecs: ["h264", "vorbis"], sampleRate: 22050, channels: 1,
            title: "Matroska Clip", video: true),
        Expected(
            file: "Movies/clip.webm", duration: 1.023, codecs: ["vp8", "vorbis"], sampleRate: 22050, channels: 1,
            title: "WebM Clip", video: true),
        Expected(
            file: "Movies/clip.avi", duration: 1.1, codecs: ["mpeg4", "mp3"], sampleRate: 22050, channels: 1,
            title: "AVI Clip", video: true),
    ]

    /// The repository's `sample/` folder, found from this file's location.
    package static let sample: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("sample").path

    package static func path(_ relative: String) -> String { sample + "/" + relative }

    package static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }

    /// The `fsfind` binary `swift build` put beside the test bundle.
    package static let binary: String = {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            bundleFolder.appendingPathComponent("fsfind").path,
            Bundle.main.bundleURL.appendingPathComponent("fsfind").path,
            URL(fileURLWithPath: sample).deletingLastPathComponent().appendingPathComponent(".build/debug/fsfind").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }()

    /// A pipeline whose workers are the built binary, with a short timeout for the hang tests.
    package static func isolated(timeout: Duration = .seconds(10), environment: [String: String] = [:])
        -> ExtractionPipeline
    {
        ExtractionPipeline(
            isolation: .workers(
                ExtractionPipeline.WorkerOptions(
                    executable: binary, arguments: ["extract-worker"], count: 2, timeout: timeout,
                    environment: environment)))
    }

    /// An item for `path` typed as audio or video, as the identifier would leave it.
    package static func item(_ path: String, video: Bool = false, n: UInt64 = 0) -> IndexedItem {
        let tree =
            video
            ? [
                "public.movie", "public.video", "public.audiovisual-content", "public.content", "public.data",
                "public.item",
            ]
            : ["public.audio", "public.audiovisual-content", "public.content", "public.data", "public.item"]
        var item = Fixtures.item(path, [.contentTypeTree: .textList(tree)], n: n)
        // A real file carries its real device and inode, as crawled: the pipeline reads a file
        // only when it is still the one the crawl saw.
        var status = stat()
        if lstat(path, &status) == 0 {
            item.identity.device = UInt64(status.st_dev)
            item.identity.inode = UInt64(status.st_ino)
        }
        return item
    }
}
