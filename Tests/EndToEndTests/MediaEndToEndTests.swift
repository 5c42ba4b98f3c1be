import Foundation
import Testing

@testable import FSFindManual

/// Audio and video metadata through the real binary: indexing reads it in worker processes,
/// queries find it, and a parser that crashes, hangs or eats memory costs one file, not the run.
@Suite(.ownThreads, .serialized) struct MediaEndToEndTests {
    private func query(_ tree: FixtureTree, _ text: String) throws -> Set<String> {
        let result = try FSFind.run(["query", "--index", tree.index, text])
        #expect(result.status == 0, "\(result.stderr)")
        return Set(result.lines.map { String($0.dropFirst(tree.root.count + 1)) })
    }

    @Test func queriesOverMediaAttributes() throws {
        let tree = try FixtureTree(withOddEntries: false)
        let indexed = try tree.buildIndex()
        #expect(indexed.status == 0, "\(indexed.stderr)")

        let steves = try query(
            tree, #"authorNames == "Steve"wc && (contentType == "audio"wc || contentType == "video"wc)"#)
        #expect(
            steves == [
                "Music/intro-paris.mp3", "Music/no-xing.mp3", "Music/vbr.mp3", "Music/tone.m4a",
                "Movies/clip.mp4", "Documents/song-notes.txt",
            ])

        let threeSeconds = try query(tree, "InRange(duration, 2.9, 4.2)")
        #expect(
            threeSeconds == [
                "Music/intro-paris.mp3", "Music/no-xing.mp3", "Music/vbr.mp3", "Music/tone.m4a",
                "Music/tone.flac", "Music/tone.ogg", "Music/tone.opus", "Music/tone.wav",
                "Music/tone.aiff", "Documents/song-notes.txt",
            ])

        let intro = try query(tree, "intro à")
        #expect(intro == ["Music/intro-paris.mp3", "Music/no-xing.mp3", "Music/tone.m4a", "Documents/song-notes.txt"])
        #expect(try query(tree, "müller") == ["Music/tone.flac"])
        #expect(try query(tree, #"album == "été à paris"cd"#).count == 4)

        let movies = ["Movies/clip.mp4", "Movies/clip.mov", "Movies/clip.mkv", "Movies/clip.webm", "Movies/clip.avi"]
        #expect(try query(tree, "pixelWidth == 160 && pixelHeight == 120") == Set(movies))
        #expect(try query(tree, #"codecs == "h264""#) == ["Movies/clip.mp4", "Movies/clip.mov", "Movies/clip.mkv"])
        #expect(try query(tree, "audioSampleRate == 48000 && audioChannelCount == 1") == ["Music/tone.opus"])
        #expect(try query(tree, #"keywords == "minimal"c"#).count == 4)

        let show = try FSFind.run(["show", "--index", tree.index, tree.root + "/Music/intro-paris.mp3"])
        #expect(show.status == 0)
        #expect(shown("title", in: show.out) == [#""Intro à Paris""#], "\(show.out)")
        #expect(shown("album", in: show.out) == [#""Été à Paris""#], "\(show.out)")
        #expect(shown("duration", in: show.out) == ["3.056327"], "\(show.out)")
        #expect(!show.out.contains("problem"))

        let status = try statusJSON(tree)
        #expect(status["unparsable"] as? Int == 0)
    }

    /// The values `show` prints for `name` (its lines are `name<padding> = value`).
    private func shown(_ name: String, in out: String) -> [String] {
        out.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
    }

    private func statusJSON(_ tree: FixtureTree) throws -> [String: Any] {
        let result = try FSFind.run(["status", "--json", "--index", tree.index])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    }

    @Test func workerSubcommandIsHiddenButAnswers() throws {
        let help = try FSFind.run(["--help"])
        #expect(help.status == 0)
        #expect(!help.out.contains("extract-worker"))
        // End of input at once: a clean exit with nothing written.
        let worker = try FSFind.run(["extract-worker"])
        #expect(worker.status == 0, "\(worker.stderr)")
        #expect(worker.stdout.isEmpty)
    }

    @Test func crashingHangingAndGreedyParsersCostOneFileEach() throws {
        let tree = try FixtureTree(withOddEntries: false)
        let hostile = [
            "FSFIND_TEST_CRASH_ON": "tone.flac", "FSFIND_TEST_HANG_ON": "tone.wav",
            "FSFIND_TEST_ALLOCATE_ON": "tone.ogg", "FSFIND_EXTRACT_TIMEOUT": "3",
        ]
        let clock = ContinuousClock.now
        let indexed = try FSFind.run(["index", "--index", tree.index, "--verbose", tree.root], environment: hostile)
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(clock.duration(to: .now) < .seconds(60))
        #expect(indexed.stderr.contains(" unreadable, 3 unparsable, "), "the summary counts them: \(indexed.stderr)")

        #expect(try statusJSON(tree)["unparsable"] as? Int == 3)
        let text = try FSFind.run(["status", "--index", tree.index])
        #expect(text.out.contains("Unparsable:     3"), "\(text.out)")

        let show = try FSFind.run([
            "show", "--index", tree.index, tree.root + "/Music/tone.flac",
            tree.root + "/Music/tone.wav", tree.root + "/Music/tone.ogg",
        ])
        #expect(show.status == 0)
        let problems = shown("problem", in: show.out)
        #expect(problems.count == 3, "\(show.out)")
        #expect(problems.first == "unparsable: media extractor crashed (signal 6, SIGABRT)", "\(show.out)")
        #expect(problems.dropFirst().first == "unparsable: media extractor timed out after 3 s", "\(show.out)")
        #expect(problems.last?.hasPrefix("unparsable: media extractor crashed (signal") == true, "\(show.out)")
        // The failed files keep their file-system attributes and type.
        #expect(shown("contentType", in: show.out).first == #""org.xiph.flac""#, "\(show.out)")
        #expect(!show.out.contains("Flac Tone"))

        // Everything else was read.
        #expect(try query(tree, "InRange(duration, 2.9, 4.2)").count == 7)
        #expect(try query(tree, "pixelWidth == 160").count == 5)

        // A refresh does not read an unchanged failed file again (a hang would cost its timeout on
        // every cron run); `--full` retries it, and without the hooks it is read.
        let refresh = try tree.buildIndex()
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(try statusJSON(tree)["unparsable"] as? Int == 3)
        let again = try tree.buildIndex(["--full"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try statusJSON(tree)["unparsable"] as? Int == 0)
        #expect(try query(tree, "InRange(duration, 2.9, 4.2)").count == 10)
    }
}
