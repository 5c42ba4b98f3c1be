import FSFindTestSupport
import Foundation
import Glibc
import Testing

/// `fsfind query --live` (mdfind's `-live`) and `fsfind search` follow the index as a watcher
/// changes it (issue 13 item 5).
@Suite(.ownThreads, .serialized) struct LiveQueryEndToEndTests {
    typealias Setup = WatchEndToEndTests.Setup

    /// A running `fsfind query --live …`, its stdout collected in a file.
    final class LiveQuery {
        let process = Process()
        let output: String

        init(index: String, _ arguments: [String]) throws {
            output = index + ".live-\(UUID().uuidString)"
            FileManager.default.createFile(atPath: output, contents: nil)
            process.executableURL = FSFind.binary
            process.arguments = ["query", "--live", "--index", index] + arguments
            process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
            process.standardError = FileHandle.nullDevice
            try Spawning.run(process)
        }

        var lines: [String] {
            ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        func stop(_ signal: Int32) -> Int32 { process.stop(signal) }

        deinit {
            if process.isRunning { _ = stop(SIGKILL) }
            unlink(output)
        }
    }

    @Test func liveQueriesPrintTheMatchesThenAdditionsAndRemovals() throws {
        let setup = try Setup()
        try setup.write("paris.txt", "a trip to paris\n")
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: WatchEndToEndTests.normal)
        let plain = try LiveQuery(index: setup.index, ["paris"])
        let json = try LiveQuery(index: setup.index, ["--json", "paris"])
        let count = try LiveQuery(index: setup.index, ["--count", "paris"])
        let first = setup.root + "/paris.txt"
        #expect(eventually { plain.lines == [first] && json.lines.count == 1 && count.lines == ["1"] })

        try setup.write("second.txt", "paris again\n")
        let second = setup.root + "/second.txt"
        #expect(eventually { plain.lines == [first, second] }, "\(plain.lines) \(watch.stderr)")
        try FileManager.default.removeItem(atPath: first)
        #expect(eventually { plain.lines == [first, second, "- " + first] }, "\(plain.lines)")
        #expect(eventually { count.lines == ["1", "2", "1"] }, "\(count.lines)")
        #expect(eventually { json.lines.count == 3 })
        let objects = try json.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(
            objects[1]?["path"] as? String == second && objects[1]?["contentType"] as? String == "public.plain-text")
        #expect(objects[2]?["path"] as? String == first && objects[2]?["removed"] as? Bool == true)

        // A change that keeps a file matching prints nothing new.
        try setup.write("second.txt", "paris, changed\n")
        try setup.write("other.txt", "no city\n")
        #expect(try setup.becomes("fsName == \"other.txt\"", ["other.txt"]))
        #expect(plain.lines.count == 3)

        #expect(plain.stop(SIGINT) == 0)
        #expect(json.stop(SIGTERM) == 0)
        #expect(count.stop(SIGINT) == 0)
        #expect(watch.stop() == 0)
    }

    @Test func mdfindsLiveFlagIsTheSame() throws {
        let setup = try Setup()
        let index = try FSFind.run(["index", "--index", setup.index, setup.root])
        #expect(index.status == 0)
        let live = try LiveQuery(index: setup.index, ["-live", "aardvark"])
        #expect(eventually { live.lines == [setup.root + "/first.txt"] }, "\(live.lines)")
        // `fsfind index` writing a new version is a change too.
        try setup.write("more.txt", "another aardvark\n")
        #expect(try FSFind.run(["index", "--index", setup.index]).status == 0)
        #expect(eventually { live.lines == [setup.root + "/first.txt", setup.root + "/more.txt"] }, "\(live.lines)")
        #expect(live.stop(SIGINT) == 0)
        let refused = try FSFind.run(["query", "--index", setup.index, "--live", "--limit", "3", "aardvark"])
        #expect(refused.status == 2)
    }

    @Test(.enabled(if: Requirement.tool("tmux"), "drives fsfind search in tmux"))
    func searchShowsWhatTheWatcherAdds() throws {
        let setup = try Setup()
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: WatchEndToEndTests.normal)
        let session = try TmuxSession(
            width: 100, height: 24, arguments: ["search", "--index", setup.index, "okapi"], directory: setup.root)
        try session.waitFor("no results") { $0.joined().contains("0 results") || $0.joined().contains("No results") }
        try setup.write("okapi.txt", "an okapi\n")
        let screen = try session.waitFor("the new file") { $0.joined().contains("okapi.txt") }
        #expect(screen.joined().contains("okapi.txt"))
        try session.press("Escape")
        #expect(session.exitStatus() == 130)
        session.close()
        #expect(watch.stop() == 0)
    }
}
