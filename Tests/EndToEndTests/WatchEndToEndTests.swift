import Foundation
import Glibc
import Testing

/// `fsfind watch` (issue 13): changes made while it runs are found by `fsfind query` without an
/// `fsfind index`; its lifecycle, its lock, its priority, and the faults the issue lists.
@Suite(.ownThreads, .serialized) struct WatchEndToEndTests {
    /// The tests run beside others on two cores: at idle priority a watcher could wait for them.
    /// `watcherRunsAtIdlePriority` checks the default.
    static let normal = ["FSFIND_WATCH_PRIORITY": "normal"]

    /// A folder with a tree of two small text files, and an index beside it.
    final class Setup {
        let folder = try! TemporaryFolder()  // test-only: a failure here is a broken machine
        var root: String { folder.path + "/tree" }
        var index: String { folder.path + "/index.fsfind" }

        init() throws {
            try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
            try write("first.txt", "an aardvark was here\n")
            try write("sub/second.txt", "a second file\n")
        }

        func write(_ name: String, _ text: String) throws {
            try text.write(toFile: root + "/" + name, atomically: false, encoding: .utf8)
        }

        /// The paths a query finds, relative to the root.
        func find(_ query: String) throws -> Set<String> {
            let result = try FSFind.run(["query", "--index", index, query])
            return Set(result.lines.map { $0.hasPrefix(root + "/") ? String($0.dropFirst(root.count + 1)) : $0 })
        }

        /// Waits until `query` finds exactly `expected`; true when it did within the time.
        func becomes(_ query: String, _ expected: Set<String>, seconds: Double = 30) throws -> Bool {
            try eventually(seconds: seconds) { try find(query) == expected }
        }

        func status() throws -> [String: Any] {
            let result = try FSFind.run(["status", "--index", index, "--json"])
            guard result.status == 0 else { return [:] }
            return try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any] ?? [:]
        }
    }

    @Test func createChangeRenameDeleteAndNewFoldersAreFound() throws {
        let setup = try Setup()
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: Self.normal)
        #expect(try setup.find("aardvark") == ["first.txt"])

        try setup.write("new.txt", "a pangolin appears\n")
        #expect(try setup.becomes("pangolin", ["new.txt"]), "\(watch.stderr)")

        try setup.write("first.txt", "the aardvark left, an okapi came\n")
        #expect(try setup.becomes("okapi", ["first.txt"]), "\(watch.stderr)")
        #expect(try setup.find("aardvark") == ["first.txt"])  // still there, in the new words
        try setup.write("first.txt", "only an okapi\n")
        #expect(try setup.becomes("aardvark", []), "\(watch.stderr)")

        try FileManager.default.moveItem(atPath: setup.root + "/new.txt", toPath: setup.root + "/sub/moved.txt")
        #expect(try setup.becomes("pangolin", ["sub/moved.txt"]), "\(watch.stderr)")

        try FileManager.default.removeItem(atPath: setup.root + "/first.txt")
        #expect(try setup.becomes("okapi", []), "\(watch.stderr)")

        // A new folder with a file made at once: the folder's watch comes after the file, so the
        // folder's crawl must find it.
        try FileManager.default.createDirectory(
            atPath: setup.root + "/fresh/deeper", withIntermediateDirectories: true)
        try setup.write("fresh/deeper/inside.md", "# Quokka\n\nA quokka smiles.\n")
        #expect(try setup.becomes("quokka", ["fresh/deeper/inside.md"]), "\(watch.stderr)")
        // And a file added later inside the new folder: it is watched now.
        try setup.write("fresh/deeper/later.txt", "a wombat digs\n")
        #expect(try setup.becomes("wombat", ["fresh/deeper/later.txt"]), "\(watch.stderr)")

        // A folder moved in from outside the root, and one moved out.
        let outside = setup.folder.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "a narwhal swims\n".write(toFile: outside + "/whale.txt", atomically: false, encoding: .utf8)
        try FileManager.default.moveItem(atPath: outside, toPath: setup.root + "/arrived")
        #expect(try setup.becomes("narwhal", ["arrived/whale.txt"]), "\(watch.stderr)")
        try FileManager.default.moveItem(atPath: setup.root + "/fresh", toPath: setup.folder.path + "/left")
        #expect(try setup.becomes("quokka OR wombat", []), "\(watch.stderr)")
        #expect(try setup.becomes("fsName == \"deeper\"", []), "\(watch.stderr)")

        #expect(watch.stop(SIGTERM) == 0)
        #expect(watch.stderr.contains("stopped by SIGTERM"), "\(watch.stderr)")
    }

    /// A watcher whose index lies inside the folder it watches: its own writes (the delta, the
    /// text store and its log, the lock) are not changes. Taken as changes, each batch started
    /// the next, for ever (four a second on a tree of three files).
    @Test func anIndexInsideTheWatchedFolderDoesNotTakeItsOwnWritesForChanges() throws {
        let setup = try Setup()
        let index = setup.root + "/index.fsfind"
        let watch = try WatchProcess(index: index, [setup.root], environment: Self.normal)
        try setup.write("new.txt", "a pangolin appears\n")
        let found = try eventually(seconds: 30) {
            try FSFind.run(["query", "--index", index, "pangolin"]).lines == [setup.root + "/new.txt"]
        }
        #expect(found, "\(watch.stderr)")
        let batches = { watch.stderr.components(separatedBy: "paths changed").count - 1 }
        Thread.sleep(forTimeInterval: 2)
        let settled = batches()
        Thread.sleep(forTimeInterval: 3)
        #expect(batches() == settled, "batches kept coming after the change's: \(watch.stderr)")
        #expect(settled <= 3, "\(watch.stderr)")
    }

    @Test func statusShowsTheWatcherAndSigintEndsItWithStatusZero() throws {
        let setup = try Setup()
        #expect(try setup.status().isEmpty)  // no index yet: status fails, prints nothing
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: Self.normal)
        let running = try #require(try setup.status()["watcher"] as? [String: Any])
        #expect(running["pid"] as? Int == Int(watch.pid))
        let first = try #require(running["lastUpdate"] as? String)

        Thread.sleep(forTimeInterval: 1.1)  // printed times have whole seconds
        try setup.write("third.txt", "a capybara\n")
        #expect(try setup.becomes("capybara", ["third.txt"]))
        let later = try #require((try setup.status()["watcher"] as? [String: Any])?["lastUpdate"] as? String)
        #expect(later > first)
        let text = try FSFind.run(["status", "--index", setup.index])
        #expect(text.out.contains("Watcher:        running (pid \(watch.pid))"), "\(text.out)")

        #expect(watch.stop(SIGINT) == 0)
        #expect(try setup.status()["watcher"] is NSNull)
        #expect(try FSFind.run(["status", "--index", setup.index]).out.contains("Watcher:        not running"))
    }

    /// SIGTERM while the first index is still being built: status 0 at once, no index half
    /// written (none, or a whole one), and the next run works.
    @Test func sigtermDuringTheFirstIndexExitsZeroAndLeavesNothingHalfWritten() throws {
        let tree = try FixtureTree(withOddEntries: false)
        let watch = try WatchProcess(
            index: tree.index, [tree.root], environment: Self.normal, waitForStart: false)
        // The index lock is taken once the watcher waits for signals its own way.
        #expect(eventually { access(tree.index + ".lock", F_OK) == 0 })
        #expect(watch.stop(SIGTERM) == 0, "\(watch.stderr)")
        if access(tree.index, F_OK) == 0 {
            #expect(try FSFind.run(["status", "--index", tree.index]).status == 0)
        }
        let index = try FSFind.run(["index", "--index", tree.index, tree.root])
        #expect(index.status == 0, "\(index.stderr)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: tree.folder.path).filter {
            $0.contains(".tmp.")
        }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func aSecondWatcherSaysWhoHoldsTheIndexAndExitsOne() throws {
        let setup = try Setup()
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: Self.normal)
        let second = try FSFind.run(["watch", "--index", setup.index], environment: Self.normal)
        #expect(second.status == 1)
        #expect(
            second.stderr.contains("another 'fsfind watch' (pid \(watch.pid)) is already watching"), "\(second.stderr)")
        // The first goes on.
        try setup.write("more.txt", "an axolotl\n")
        #expect(try setup.becomes("axolotl", ["more.txt"]))
        #expect(watch.stop() == 0)
    }

    @Test func withoutPathsItWatchesTheRecordedRootsAndWithNoIndexItSaysWhat() throws {
        let setup = try Setup()
        let none = try FSFind.run(["watch", "--index", setup.index], environment: Self.normal)
        #expect(none.status == 2)
        #expect(none.stderr.contains("name the folders to watch"), "\(none.stderr)")

        #expect(try FSFind.run(["index", "--index", setup.index, setup.root]).status == 0)
        // Changed while nobody watched: the start's refresh finds it.
        try setup.write("before.txt", "a tapir\n")
        let watch = try WatchProcess(index: setup.index, environment: Self.normal)
        #expect(try setup.find("tapir") == ["before.txt"])
        try setup.write("after.txt", "a tarsier\n")
        #expect(try setup.becomes("tarsier", ["after.txt"]))
        #expect(watch.stop() == 0)
    }

    /// A root's recorded options hold for what the watcher adds: excluded and hidden entries are
    /// not indexed (unless the root was indexed with `--hidden`), new folders below them neither.
    @Test func theRootsRecordedOptionsApplyToWhatTheWatcherAdds() throws {
        let setup = try Setup()
        let other = setup.folder.path + "/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        #expect(try FSFind.run(["index", "--index", setup.index, "--exclude", "*.tmp", setup.root]).status == 0)
        #expect(try FSFind.run(["index", "--index", setup.index, "--hidden", other]).status == 0)
        let watch = try WatchProcess(index: setup.index, environment: Self.normal)
        try setup.write("skip.tmp", "a numbat\n")
        try setup.write(".hidden.txt", "a numbat\n")
        try FileManager.default.createDirectory(
            atPath: setup.root + "/.secret/deeper", withIntermediateDirectories: true)
        try setup.write(".secret/deeper/in.txt", "a numbat\n")
        try FileManager.default.createDirectory(atPath: other + "/.dot", withIntermediateDirectories: true)
        try "a numbat\n".write(toFile: other + "/.dot/seen.txt", atomically: false, encoding: .utf8)
        try setup.write("kept.txt", "a numbat\n")
        #expect(try setup.becomes("numbat", ["kept.txt", other + "/.dot/seen.txt"]), "\(watch.stderr)")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try setup.find("numbat") == ["kept.txt", other + "/.dot/seen.txt"])
        #expect(watch.stop() == 0)
    }

    /// Roots added with `fsfind index PATH` or dropped with `fsfind forget` while a watcher runs
    /// are followed without a restart.
    @Test func rootsAddedOrForgottenWhileItRunsAreFollowed() throws {
        let setup = try Setup()
        let other = setup.folder.path + "/other"
        try FileManager.default.createDirectory(atPath: other + "/inner", withIntermediateDirectories: true)
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: Self.normal)
        #expect(try FSFind.run(["index", "--index", setup.index, other]).status == 0)
        Thread.sleep(forTimeInterval: 0.3)  // the watcher reads the new version's roots
        try "a jerboa\n".write(toFile: other + "/inner/new.txt", atomically: false, encoding: .utf8)
        #expect(try setup.becomes("jerboa", [other + "/inner/new.txt"]), "\(watch.stderr)")

        #expect(try FSFind.run(["forget", "--index", setup.index, other]).status == 0)
        Thread.sleep(forTimeInterval: 0.3)
        try "another jerboa\n".write(toFile: other + "/inner/later.txt", atomically: false, encoding: .utf8)
        try setup.write("marker.txt", "a dugong\n")
        #expect(try setup.becomes("dugong", ["marker.txt"]), "\(watch.stderr)")
        #expect(try setup.find("jerboa").isEmpty)
        #expect(watch.stop() == 0)
    }

    /// A batch writes the delta beside the base and leaves the base as it was; `fsfind index`
    /// folds the delta in first (one file again, nothing lost); past its limit the watcher folds
    /// it itself (`FSFIND_DELTA_LIMIT`).
    @Test func batchesWriteADeltaThatIndexAndTheLimitFoldIn() throws {
        let setup = try Setup()
        let delta = setup.index + ".delta"
        _ = try FSFind.run(["index", "--index", setup.index, setup.root])
        var watch: WatchProcess? = try WatchProcess(index: setup.index, environment: Self.normal)
        // (Its start refreshes the index, as `fsfind index` would: the base after that.)
        let base = try FileManager.default.attributesOfItem(atPath: setup.index)[.systemFileNumber] as? Int
        try setup.write("sub/third.txt", "a capybara rests\n")
        #expect(try setup.becomes("capybara", ["sub/third.txt"]), "\(watch?.stderr ?? "")")
        #expect(FileManager.default.fileExists(atPath: delta))
        #expect(try FileManager.default.attributesOfItem(atPath: setup.index)[.systemFileNumber] as? Int == base)
        let status = try setup.status()
        #expect(status["items"] as? Int == 5)
        #expect(((status["delta"] as? [String: Any])?["items"] as? Int ?? 0) >= 1, "\(status)")
        // A cron refresh beside the watcher folds the delta in and keeps what it held.
        let refresh = try FSFind.run(["index", "--index", setup.index])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(!FileManager.default.fileExists(atPath: delta))
        #expect(try setup.find("capybara") == ["sub/third.txt"])
        #expect(watch?.stop() == 0)
        watch = nil

        // Limit 0: every batch is folded in at once, by `fsfind fold-worker` (a notice says when
        // that process fails).
        watch = try WatchProcess(
            index: setup.index, environment: Self.normal.merging(["FSFIND_DELTA_LIMIT": "0"]) { $1 })
        try setup.write("sub/fourth.txt", "a tapir wades\n")
        #expect(try setup.becomes("tapir", ["sub/fourth.txt"]), "\(watch?.stderr ?? "")")
        #expect(try eventually(seconds: 10) { !FileManager.default.fileExists(atPath: delta) })
        #expect(try setup.find("capybara") == ["sub/third.txt"])
        #expect(watch?.stop() == 0)
        #expect(watch?.stderr.contains("fold") == false, "\(watch?.stderr ?? "")")
    }

    /// The process a watcher folds its delta in, run on its own: one file again, nothing lost.
    @Test func theFoldWorkerFoldsTheDeltaInAndKeepsWhatItHeld() throws {
        let setup = try Setup()
        let delta = setup.index + ".delta"
        _ = try FSFind.run(["index", "--index", setup.index, setup.root])
        let watch = try WatchProcess(index: setup.index, environment: Self.normal)
        try setup.write("sub/third.txt", "a capybara rests\n")
        #expect(try setup.becomes("capybara", ["sub/third.txt"]), "\(watch.stderr)")
        #expect(watch.stop() == 0)
        #expect(FileManager.default.fileExists(atPath: delta))
        let fold = try FSFind.run(["fold-worker", "--index", setup.index])
        #expect(fold.status == 0, "\(fold.stderr)")
        #expect(!FileManager.default.fileExists(atPath: delta))
        #expect(try setup.find("capybara") == ["sub/third.txt"])
        #expect(try setup.status()["items"] as? Int == 5)
    }

    @Test func aKilledWatcherReconcilesOnTheNextStart() throws {
        let setup = try Setup()
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: Self.normal)
        #expect(watch.stop(SIGKILL) == 128 + SIGKILL)
        try setup.write("while-down.txt", "an ocelot\n")
        try FileManager.default.removeItem(atPath: setup.root + "/first.txt")
        #expect(try setup.find("ocelot").isEmpty)
        let again = try WatchProcess(index: setup.index, environment: Self.normal)
        #expect(try setup.find("ocelot") == ["while-down.txt"])
        #expect(try setup.find("aardvark").isEmpty)
        #expect(again.stop() == 0)
    }

    @Test func watcherRunsAtIdlePriority() throws {
        let setup = try Setup()
        let watch = try WatchProcess(index: setup.index, [setup.root])
        let stat = try String(contentsOfFile: "/proc/\(watch.pid)/stat", encoding: .utf8)
        // Fields after the command's closing parenthesis: nice is field 19, policy field 41.
        let fields = stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(separator: " ")
        #expect(fields[19 - 3] == "19", "\(stat)")
        #expect(fields[41 - 3] == "5", "SCHED_IDLE is 5: \(stat)")
        let ionice = try Shell.run("/usr/bin/ionice", ["-p", String(watch.pid)])
        #expect(String(decoding: ionice, as: UTF8.self).hasPrefix("idle"))
        #expect(watch.stop() == 0)
    }
}
