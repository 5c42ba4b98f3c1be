import ExtractionFixtures
import FSFindTestSupport
import Foundation
import Glibc
import IndexFixtures
import Testing

@testable import FSFindCrawl
@testable import FSFindExtraction
@testable import FSFindInteractive
@testable import FSFindManual
@testable import FSFindModel

/// The pipeline: what it merges, what it skips, and that worker processes contain crashes and
/// hangs (the built `fsfind` binary is the worker).
@Suite struct ExtractionPipelineTests {
    private static func items() -> [IndexedItem] {
        MediaFixtures.expected.enumerated().map { index, expected in
            MediaFixtures.item(MediaFixtures.path(expected.file), video: expected.video, n: UInt64(index))
        }
    }

    @Test func mergeKeepsFileSystemAttributesButTakesTheContentDate() {
        let before = MediaFixtures.item("/music/a.mp3")
        var read = ExtractionPipeline.Read(item: before)
        let contentDate = Date(timeIntervalSinceReferenceDate: 1_000)
        ExtractionPipeline.merge(
            .success([
                .path: .text("/elsewhere"), .fileSize: .number(1), .title: .text("T"),
                .contentCreationDate: .date(contentDate), .textContent: .text("some words"),
            ]),
            into: &read)
        let item = read.item
        #expect(item.attributes[.path] == before.attributes[.path])
        #expect(item.attributes[.fileSize] == before.attributes[.fileSize])
        #expect(item.attributes[.title] == .text("T"))
        #expect(item.attributes[.contentCreationDate] == .date(contentDate))
        #expect(item.problem == nil)
        // The words go beside the item, not into its attributes.
        #expect(item.attributes[.textContent] == nil)
        #expect(read.words == .text("some words"))

        var failed = ExtractionPipeline.Read(item: before)
        ExtractionPipeline.merge(.failure(ExtractionError("broken header")), into: &failed)
        #expect(failed.item.problem == ItemProblem(.unparsable, "broken header"))
        #expect(failed.item.attributes == before.attributes)
    }

    @Test func itemsWithoutAnExtractorOrWithAProblemPassThrough() {
        let folder = Fixtures.item("/music", folder: true)
        var text = Fixtures.item(
            "/notes.txt", [.contentTypeTree: .textList(["public.plain-text", "public.text", "public.item"])])
        text.attributes[.title] = nil
        let unreadable = MediaFixtures.item(MediaFixtures.path("Music/tone.flac"))
        var withProblem = unreadable
        withProblem.problem = ItemProblem(.unreadable, "Permission denied")
        let input = [folder, text, withProblem]
        // A worker that cannot start would mark any item it was given; none is.
        let pipeline = ExtractionPipeline(
            isolation: .workers(.init(executable: "/nonexistent/fsfind", arguments: ["extract-worker"])))
        #expect(pipeline.run(input) == input)
        #expect(ExtractionPipeline().run([]) == [])
    }

    @Test func inProcessReadsEveryFixtureInOrder() {
        let input = Self.items()
        let output = ExtractionPipeline().run(input)
        #expect(output.map(\.path) == input.map(\.path))
        for (item, expected) in zip(output, MediaFixtures.expected) {
            #expect(item.problem == nil, "\(expected.file)")
            #expect(item.attributes[.title] == expected.title.map(AttributeValue.text), "\(expected.file)")
            #expect(item.attributes[.path] == input.first { $0.path == item.path }?.attributes[.path])
        }
    }

    @Test func workersGiveTheSameAnswerAsInProcessWhateverTheirNumber() {
        let input = Self.items()
        let expected = ExtractionPipeline().run(input)
        for count in [1, 3] {
            let pipeline = ExtractionPipeline(
                isolation: .workers(
                    .init(executable: MediaFixtures.binary, arguments: ["extract-worker"], count: count)))
            #expect(pipeline.run(input) == expected, "\(count) workers")
        }
    }

    /// A worker lives for a whole run (and is parked for the next): it must not keep a descriptor
    /// the parent had open without close-on-exec (Foundation's `Process` pipes are made so), or
    /// whoever reads that pipe waits for its end until the worker exits. Found as a test that
    /// hung for 17 minutes reading `file`'s output while another test's workers held the pipe.
    @Test func workersDoNotKeepTheParentsOtherDescriptors() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)  // no O_CLOEXEC
        defer { close(ends[0]) }
        // An environment of its own, so the pool starts a worker now, while the pipe is open.
        let pipeline = ExtractionPipeline(
            isolation: .workers(
                .init(
                    executable: MediaFixtures.binary, arguments: ["extract-worker"], count: 1,
                    environment: ["FSFIND_TEST_DESCRIPTORS": UUID().uuidString])))
        let output = pipeline.run(Array(Self.items().prefix(1)))
        #expect(output.first?.problem == nil)
        close(ends[1])
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        var byte: UInt8 = 0
        // End of file (0) when no one else holds the write end; -1 (EAGAIN) when a worker does.
        // A process another test starts meanwhile (tests run in parallel, and a child made with
        // `Process` keeps descriptors without close-on-exec) holds it too until it exits: asked
        // again for up to 20 s, while the parked worker, which would hold it for good, lives on.
        var result = read(ends[0], &byte, 1)
        withExtendedLifetime(pipeline) {
            for _ in 0..<400 where result != 0 {
                usleep(50_000)
                result = read(ends[0], &byte, 1)
            }
        }
        #expect(result == 0)
    }

    @Test func crashAndHangAreContainedAndTheWorkerReplaced() {
        // 3.5 s: ample for a fresh worker to start and read a file on a loaded 2-core machine.
        let input = Self.items()
        let pipeline = ExtractionPipeline(
            isolation: .workers(
                .init(
                    executable: MediaFixtures.binary, arguments: ["extract-worker"], count: 1,
                    timeout: .milliseconds(3500),
                    environment: [
                        ExtractionWorker.crashVariable: "tone.flac", ExtractionWorker.hangVariable: "tone.wav",
                    ])))
        let clock = ContinuousClock.now
        let output = pipeline.run(input)
        #expect(clock.duration(to: .now) < .seconds(30))
        let expected = ExtractionPipeline().run(input)
        for (item, reference) in zip(output, expected) {
            let name = String(decoding: item.path[PathBytes.nameStart(of: item.path)...], as: UTF8.self)
            switch name {
            case "tone.flac":
                #expect(item.problem == ItemProblem(.unparsable, "media extractor crashed (signal 6, SIGABRT)"))
                #expect(item.attributes == input.first { $0.path == item.path }?.attributes)
            case "tone.wav":
                #expect(item.problem == ItemProblem(.unparsable, "media extractor timed out after 3.5 s"))
                #expect(item.attributes[.title] == nil)
            default:
                // One worker read everything: each file after the crash and the hang was read by
                // a fresh worker.
                #expect(item == reference, "\(name)")
            }
        }
    }

    @Test func aWorkerThatCannotStartMarksTheFileAndTheRunGoesOn() {
        let input = Array(Self.items().prefix(2))
        let output = ExtractionPipeline(
            isolation: .workers(.init(executable: "/nonexistent/fsfind", arguments: ["extract-worker"]))
        ).run(input)
        for (item, original) in zip(output, input) {
            #expect(item.problem?.kind == .unparsable)
            #expect(item.problem?.reason.contains("cannot start the extraction worker") == true)
            #expect(item.attributes == original.attributes)
        }
    }

    @Test func aParserThatWantsGigabytesHitsTheMemoryLimit() {
        let input = Self.items()
        let pipeline = ExtractionPipeline(
            isolation: .workers(
                .init(
                    executable: MediaFixtures.binary, arguments: ["extract-worker"], count: 1,
                    limits: ExtractionWorker.Limits(memoryBytes: 1 << 30),
                    environment: [ExtractionWorker.allocateVariable: "tone.ogg"])))
        let output = pipeline.run(input)
        let expected = ExtractionPipeline().run(input)
        for (item, reference) in zip(output, expected) {
            if item.path.suffix(8).elementsEqual("tone.ogg".utf8) {
                #expect(item.problem?.kind == .unparsable)
                #expect(
                    item.problem?.reason.hasPrefix("media extractor crashed (signal") == true,
                    "\(String(describing: item.problem))")
            } else {
                #expect(item == reference)
            }
        }
    }

    @Test func workersAreParkedBetweenRunsAndADeadOneIsReplaced() throws {
        let input = Self.items()
        let expected = ExtractionPipeline().run(input)
        // An environment of its own, so no other test's run shares (or takes) these workers.
        let options = ExtractionPipeline.WorkerOptions(
            executable: MediaFixtures.binary, arguments: ["extract-worker"], count: 1,
            environment: ["FSFIND_TEST_POOL": "parked"])
        let key = WorkerPool.Key(options)
        let pipeline = ExtractionPipeline(isolation: .workers(options))
        #expect(pipeline.run(input) == expected)
        let first = WorkerPool.shared.parkedProcessIDs(key)
        #expect(first.count == 1)
        #expect(pipeline.run(input) == expected)
        #expect(WorkerPool.shared.parkedProcessIDs(key) == first, "the second run reused the parked worker")

        // A parked worker that dies is noticed before use: a restart, not a file marked unparsable.
        let pid = try #require(first.first)
        kill(pid, SIGKILL)
        var watch = pollfd(fd: -1, events: 0, revents: 0)
        for _ in 0..<200 where kill(pid, 0) == 0 && !Self.isZombie(pid) { _ = poll(&watch, 0, 10) }
        #expect(pipeline.run(input) == expected)
        let second = WorkerPool.shared.parkedProcessIDs(key)
        #expect(second.count == 1 && second != first)
    }

    /// True when `pid` has exited but is not reaped yet (state `Z` in /proc).
    private static func isZombie(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = status.lastIndex(of: ")")
        else { return true }
        return status[status.index(close, offsetBy: 2)] == "Z"
    }

    @Test func timeoutsAreWrittenAsPeopleWriteThem() {
        #expect(ExtractionPipeline.seconds(.seconds(10)) == "10")
        #expect(ExtractionPipeline.seconds(.milliseconds(1500)) == "1.5")
    }

    /// Large texts are read one at a time (``ExtractionPipeline/largeText``), beside the small
    /// files: every file still gets its own words, in the batch's order.
    @Test func largeTextsAmongSmallFilesKeepTheirOrder() throws {
        let folder = TemporaryFolder()
        let lines = [("big1", 5 << 20), ("small", 100), ("big2", 5 << 20), ("small2", 100)]
        let items = try lines.map { name, bytes -> IndexedItem in
            let path = folder.file("\(name).txt")
            let line = "\(name) words\n"
            try Data(String(repeating: line, count: bytes / line.utf8.count).utf8)
                .write(to: URL(fileURLWithPath: path))
            var status = stat()
            #expect(stat(path, &status) == 0)
            let identity = FileIdentity(status)
            var attributes = AttributeSet()
            attributes[.contentTypeTree] = .textList(["public.plain-text", "public.text", "public.data", "public.item"])
            return IndexedItem(path: Array(path.utf8), identity: identity, attributes: attributes)
        }
        let pipeline = ExtractionPipeline(textLimit: 16 << 20)
        #expect(pipeline.textBytes(for: items[0]) >= ExtractionPipeline.largeText)
        #expect(pipeline.textBytes(for: items[1]) < ExtractionPipeline.largeText)
        let reads = pipeline.read(items)
        for (read, (name, _)) in zip(reads, lines) {
            guard case .text(let text)? = read.words else {
                Issue.record("\(name) brought no text")
                continue
            }
            #expect(text.hasPrefix("\(name) words\n"), "\(name)")
        }
    }
}
