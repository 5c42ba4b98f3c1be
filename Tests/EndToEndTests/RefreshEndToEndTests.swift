import FSFindTestSupport
import Foundation
import Glibc
import Testing

@testable import FSFindManual

/// `fsfind index` as a cron job runs it: refresh with no PATH, the lock, kills at any moment, and
/// queries running while the index is replaced (`docs/spec/cli.md`, issue 5).
@Suite(.ownThreads, .serialized) struct RefreshEndToEndTests {
    /// One attribute of one path, from `query --json --attr`.
    private func attribute(_ name: String, of path: String, index: String) throws -> String? {
        let fileName = (path as NSString).lastPathComponent
        let result = try FSFind.run(["query", "--index", index, "--json", "--attr", name, "fsName == \"\(fileName)\""])
        for line in result.lines {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["path"] as? String == path
            else { continue }
            return object[name].map { "\($0)" }
        }
        return nil
    }

    /// How many documents the index's text store holds (`status --json`).
    private func textDocuments(_ index: String) throws -> Int {
        let status = try FSFind.run(["status", "--index", index, "--json"])
        let object = try JSONSerialization.jsonObject(with: status.stdout) as? [String: Any]
        return (object?["textStore"] as? [String: Any])?["documents"] as? Int ?? -1
    }

    private func allPaths(_ index: String) throws -> RunResult {
        try FSFind.run(["query", "--index", index, "-0", "fsName == \"*\""])
    }

    @Test func refreshHandlesAddChangeDeleteAndRenameAndKeepsAddedDate() throws {
        let tree = try FixtureTree(withOddEntries: false)
        let documents = tree.root + "/Documents"
        let first = try tree.buildIndex()
        #expect(first.status == 0, "\(first.stderr)")
        let unchanged = tree.root + "/Music/tone.flac"
        let renamedFrom = documents + "/letter.odt"
        let renamedTo = documents + "/letter-moved.odt"
        let changed = documents + "/plain.txt"
        let deleted = documents + "/notes.md"
        let added = documents + "/added.png"
        let unchangedAdded = try #require(try attribute("addedDate", of: unchanged, index: tree.index))
        let renamedAdded = try #require(try attribute("addedDate", of: renamedFrom, index: tree.index))
        #expect(try attribute("contentType", of: changed, index: tree.index) == "public.plain-text")

        // Printed dates have whole seconds: wait so a new addedDate would differ from the old one.
        Thread.sleep(forTimeInterval: 1.1)
        try FileManager.default.moveItem(atPath: renamedFrom, toPath: renamedTo)
        // Deleting first invites the file system to hand the deleted inode to the added file,
        // which must still count as new (it has another size and mtime).
        try FileManager.default.removeItem(atPath: deleted)
        try FileManager.default.copyItem(atPath: tree.root + "/Pictures/wide.png", toPath: added)
        try FileManager.default.removeItem(atPath: changed)
        try FileManager.default.copyItem(atPath: tree.root + "/Pictures/wide.png", toPath: changed)

        let refresh = try FSFind.run(["index", "--index", tree.index, "--verbose"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        // New: the renamed path and the added file. Changed: plain.txt and its folder (whose mtime
        // moved). Removed: the old name and notes.md. Opened: exactly the three new or changed files.
        #expect(refresh.stderr.contains("2 new, 2 changed, 2 removed, 0 unreadable"), "\(refresh.stderr)")
        #expect(refresh.stderr.contains(", 3 files opened"), "\(refresh.stderr)")

        let paths = Set(try allPaths(tree.index).stdout.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
        #expect(paths.contains(renamedTo) && paths.contains(added) && paths.contains(changed))
        #expect(!paths.contains(renamedFrom) && !paths.contains(deleted))
        #expect(paths == Set(try tree.expectedPaths().map { String(decoding: $0, as: UTF8.self) }))

        #expect(try attribute("addedDate", of: unchanged, index: tree.index) == unchangedAdded)
        #expect(
            try attribute("addedDate", of: renamedTo, index: tree.index) == renamedAdded, "a rename keeps addedDate")
        #expect(
            try attribute("contentType", of: changed, index: tree.index) == "public.png", "a changed file is read again"
        )
        let addedAdded = try #require(try attribute("addedDate", of: added, index: tree.index))
        #expect(addedAdded != unchangedAdded, "a new file gets the time of this run")
    }

    @Test func refreshWithNothingChangedOpensNothingAndFullOpensEverything() throws {
        let tree = try FixtureTree()
        try tree.buildIndex()
        let before = try allPaths(tree.index)
        let refresh = try FSFind.run(["index", "--index", tree.index, "--verbose"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(refresh.stderr.contains(" 0 new, 0 changed, 0 removed"), "\(refresh.stderr)")
        #expect(refresh.stderr.hasSuffix(", 0 files opened\n"), "\(refresh.stderr)")
        #expect(try allPaths(tree.index).stdout == before.stdout)

        let regularFiles = try Shell.run(
            "/usr/bin/find", [tree.root, "(", "-name", ".*", "-prune", ")", "-o", "-type", "f", "-print0"]
        )
        .split(separator: 0).count
        let full = try FSFind.run(["index", "--index", tree.index, "--verbose", "--full"])
        #expect(full.status == 0, "\(full.stderr)")
        #expect(full.stderr.contains(", \(regularFiles) files opened"), "\(full.stderr)")
        #expect(try allPaths(tree.index).stdout == before.stdout)
    }

    @Test func refreshWithoutATerminalIsSilentAndQuietIsSilentToo() throws {
        let tree = try FixtureTree(withOddEntries: false)
        #expect(try FSFind.run(["index", "--index", tree.index, tree.root]).stderr.isEmpty)
        let refresh = try FSFind.run(["index", "--index", tree.index, "--quiet"])
        #expect(refresh.status == 0)
        #expect(refresh.stderr.isEmpty && refresh.stdout.isEmpty)
    }

    @Test func onATerminalThereIsAProgressLineAndASummary() throws {
        let tree = try FixtureTree(withOddEntries: false)
        // script(1) gives the run a pseudo-terminal, as an interactive shell would.
        let command = "'\(FSFind.binary.path)' index --index '\(tree.index)' '\(tree.root)'"
        let output = String(decoding: try Shell.run("/usr/bin/script", ["-qec", command, "/dev/null"]), as: UTF8.self)
        #expect(output.contains(", reading "), "progress while files are read: \(output)")
        #expect(output.contains(" new, 0 changed, 0 removed, 0 unreadable, "), "the summary: \(output)")
        let quiet = String(
            decoding: try Shell.run("/usr/bin/script", ["-qec", command + " --quiet", "/dev/null"]),
            as: UTF8.self)
        #expect(quiet.isEmpty, "--quiet prints nothing but errors: \(quiet)")
    }

    @Test func refreshWithNoPathKeepsEachRootsOptions() throws {
        let tree = try FixtureTree()
        try tree.buildIndex(["--hidden", "--exclude", "*.mp3"])
        let before = try allPaths(tree.index)
        #expect(!before.out.contains(".mp3"))
        #expect(before.out.contains("/.hidden-folder/inside.txt"))
        #expect(try FSFind.run(["index", "--index", tree.index]).status == 0)
        #expect(try allPaths(tree.index).stdout == before.stdout)
    }

    @Test func overlappingRootsGiveOneItemPerPath() throws {
        let tree = try FixtureTree(withOddEntries: false)
        let first = try FSFind.run(["index", "--index", tree.index, "--verbose", tree.root, tree.root + "/Music"])
        #expect(first.status == 0, "\(first.stderr)")
        let expected = try tree.expectedPaths()
        #expect(first.stderr.hasPrefix("\(expected.count) items, "), "\(first.stderr)")
        let refresh = try FSFind.run(["index", "--index", tree.index, "--verbose"])
        #expect(refresh.stderr.hasPrefix("\(expected.count) items, "), "\(refresh.stderr)")
        let paths = try allPaths(tree.index).stdout.split(separator: 0).map(Array.init)
        #expect(paths.count == expected.count && Set(paths) == expected)
    }

    @Test func aVanishedRootIsReportedKeptAndTheRestRefreshedUntilForgotten() throws {
        let tree = try FixtureTree(withOddEntries: false)
        let music = tree.root + "/Music"
        let documents = tree.root + "/Documents"
        try Data("la la lyrics\n".utf8).write(to: URL(fileURLWithPath: music + "/lyrics.txt"))
        let first = try FSFind.run(["index", "--index", tree.index, music, documents])
        #expect(first.status == 0, "\(first.stderr)")
        let musicItems = try allPaths(tree.index).stdout.split(separator: 0).filter {
            String(decoding: $0, as: UTF8.self).hasPrefix(music)
        }.count
        try FileManager.default.moveItem(atPath: music, toPath: tree.root + "/Music.away")
        try Data("new\n".utf8).write(to: URL(fileURLWithPath: documents + "/new.txt"))

        // The cron line: exit 0, the missing root named, its items kept, the other refreshed.
        let refresh = try FSFind.run(["index", "--index", tree.index, "--quiet"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(
            refresh.stderr.contains("fsfind: \(music): the indexed folder is missing (No such file or directory)"),
            "\(refresh.stderr)")
        #expect(refresh.stderr.contains("'fsfind forget \(music)'"), "\(refresh.stderr)")
        let after = try allPaths(tree.index).stdout.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(after.contains(documents + "/new.txt"))
        #expect(after.filter { $0.hasPrefix(music) }.count == musicItems)

        // A path that is not a recorded folder is refused, and changes nothing.
        let wrong = try FSFind.run(["forget", "--index", tree.index, tree.root])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("is not a folder of the index"), "\(wrong.stderr)")
        let documentsBefore = try textDocuments(tree.index)
        let forgot = try FSFind.run(["forget", "--index", tree.index, music])
        #expect(forgot.status == 0, "\(forgot.stderr)")
        #expect(forgot.stderr == "1 folder forgotten, \(musicItems) items removed\n")
        let left = try allPaths(tree.index).stdout.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(!left.contains { $0.hasPrefix(music) } && left.contains(documents + "/new.txt"))
        // Its one text file's words leave the store with it.
        #expect(try textDocuments(tree.index) == documentsBefore - 1)
        let quiet = try FSFind.run(["index", "--index", tree.index, "--quiet"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func noWaitNamesTheHolderAndASecondRunWaitsForTheFirst() throws {
        let tree = try FixtureTree(withOddEntries: false)
        try tree.buildIndex()
        // This test process plays the first run: it holds the flock and wrote its pid, as a run does.
        let fd = open(tree.index + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX) == 0)
        let pid = Array("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }

        let refused = try FSFind.run(["index", "--index", tree.index, "--no-wait"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("pid \(getpid())"), "\(refused.stderr)")

        let waiting = try BackgroundRun(["index", "--index", tree.index, "--verbose"])
        Thread.sleep(forTimeInterval: 1.0)
        #expect(waiting.process.isRunning, "the second run waits while the lock is held")
        flock(fd, LOCK_UN)
        let result = waiting.finish()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("waiting for another 'fsfind index' (pid \(getpid()))"), "\(result.stderr)")
        #expect(result.stderr.contains("0 new, 0 changed, 0 removed"), "\(result.stderr)")
    }

    @Test func aLockHeldByAKilledProcessDoesNotBlock() throws {
        let tree = try FixtureTree(withOddEntries: false)
        try tree.buildIndex()
        // A shell takes the flock on its own descriptor, then becomes `sleep` holding it; it is
        // then killed without any chance to clean up, as a run killed by the OOM killer would be.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", "exec 9>\"$0\" && flock 9 && exec sleep 60", tree.index + ".lock"]
        try Spawning.run(holder)
        var refused = try FSFind.run(["index", "--index", tree.index, "--no-wait"])
        for _ in 0..<50 where refused.status == 0 {  // until the shell has taken the lock
            Thread.sleep(forTimeInterval: 0.1)
            refused = try FSFind.run(["index", "--index", tree.index, "--no-wait"])
        }
        #expect(refused.status == 1, "\(refused.stderr)")
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        let result = try FSFind.run(["index", "--index", tree.index, "--no-wait"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aKilledRunLeavesTheOldIndexWholeAndTheNextRunCleansUp() throws {
        let tree = try FixtureTree(withOddEntries: false)
        try Self.addManyFiles(to: tree.root + "/many", count: 1500)
        try tree.buildIndex()
        let folder = (tree.index as NSString).deletingLastPathComponent
        var expected = try allPaths(tree.index).stdout
        // Kill at moments spread over a run: startup, crawl, identification, writing, renaming.
        for (step, delay) in [0.0, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 0.8].enumerated() {
            try Data("new\n".utf8).write(to: URL(fileURLWithPath: tree.root + "/many/new-\(step).txt"))
            let run = try BackgroundRun(["index", "--index", tree.index, "--full"])
            Thread.sleep(forTimeInterval: delay)
            kill(run.process.processIdentifier, SIGKILL)
            let finished = run.finish()
            let now = try allPaths(tree.index)
            #expect(now.status == 0, "killed after \(delay) s: \(now.stderr)")
            let after = try FSFind.run(["index", "--index", tree.index])
            #expect(after.status == 0, "\(after.stderr)")
            #expect(try temporaryFiles(in: folder).isEmpty, "the next run removes the killed run's temporary file")
            let updated = try allPaths(tree.index).stdout
            #expect(
                now.stdout == expected || now.stdout == updated,
                "killed after \(delay) s (status \(finished.status)): the old index or the new one, whole")
            expected = updated
            // The text store agrees with the index the next run wrote: every new file's words,
            // once each.
            let withWord = try FSFind.run(["query", "--index", tree.index, "--count", "textContent == \"new\"cdw"])
            #expect(withWord.out == "\(step + 1)\n", "killed after \(delay) s: \(withWord.out)\(withWord.stderr)")
        }
        // No document the index does not name was left behind by any of the kills: a full
        // re-read stores exactly as many.
        let documents = { () throws -> Int? in
            let status = try FSFind.run(["status", "--index", tree.index, "--json"])
            let object = try JSONSerialization.jsonObject(with: status.stdout) as? [String: Any]
            return (object?["textStore"] as? [String: Any])?["documents"] as? Int
        }
        let afterKills = try documents()
        #expect(try FSFind.run(["index", "--index", tree.index, "--full"]).status == 0)
        #expect(try documents() == afterKills)
        // A leftover of another pid (the usual case: the next run has another pid) goes too.
        try Data("junk".utf8).write(to: URL(fileURLWithPath: folder + "/.index.fsfind.tmp.999999"))
        #expect(try FSFind.run(["index", "--index", tree.index]).status == 0)
        #expect(try temporaryFiles(in: folder).isEmpty)
        #expect(try allPaths(tree.index).stdout == expected)
    }

    @Test func queriesDuringRefreshesSeeTheOldOrTheNewAnswer() throws {
        let tree = try FixtureTree(withOddEntries: false)
        try Self.addManyFiles(to: tree.root + "/many", count: 1000)
        try tree.buildIndex()
        let count = { () throws -> Int in
            let result = try FSFind.run(["query", "--index", tree.index, "--count", "fsName == \"*\""])
            #expect(result.status == 0, "\(result.stderr)")
            return Int(result.out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
        for round in 0..<3 {
            let old = try count()
            try Self.addManyFiles(to: tree.root + "/round-\(round)", count: 50)
            let new = old + 51
            let run = try BackgroundRun(["index", "--index", tree.index, "--full"])
            while run.process.isRunning {
                let answer = try count()
                #expect(answer == old || answer == new, "round \(round): \(answer) is neither \(old) nor \(new)")
            }
            #expect(run.finish().status == 0)
            #expect(try count() == new)
        }
    }

    private func temporaryFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".index.fsfind.tmp.") }
    }

    /// `count` small files in `folder`, hard links to sample files so identification does real work.
    static func addManyFiles(to folder: String, count: Int) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let pool = [
            "Music/tone.flac", "Pictures/wide.png", "Documents/paper.pdf", "Code/hello.c", "Documents/notes.md",
        ]
        .map { FSFind.sample.path + "/" + $0 }
        for index in 0..<count {
            let target = folder + "/file-\(index)-" + (pool[index % pool.count] as NSString).lastPathComponent
            // Copies, not links: hard links would share the sample's inodes with the repository.
            _ = FileManager.default.createFile(
                atPath: target, contents: FileManager.default.contents(atPath: pool[index % pool.count]))
        }
    }
}

/// An `fsfind` run in the background, its output collected, for lock and kill tests.
final class BackgroundRun {
    let process = Process()
    private let out = Spawning.pipe(), err = Spawning.pipe()

    init(_ arguments: [String]) throws {
        process.executableURL = FSFind.binary
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC", "LANG": "C.UTF-8"]
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try Spawning.run(process)
    }

    /// Waits for the process and returns what it printed.
    func finish() -> RunResult {
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RunResult(
            status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }
}
