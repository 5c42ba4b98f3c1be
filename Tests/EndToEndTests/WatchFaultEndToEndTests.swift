import Foundation
import Glibc
import Testing

/// `fsfind watch` under the bad input and faults issue 13 lists, each seen through `fsfind query`.
@Suite(.ownThreads, .serialized) struct WatchFaultEndToEndTests {
    typealias Setup = WatchEndToEndTests.Setup
    static let normal = WatchEndToEndTests.normal

    @Test func filesCreatedAndDeletedFasterThanTheyAreReadLeaveTheFinalState() throws {
        let setup = try Setup()
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: Self.normal)
        // 300 files each written and at once deleted, every tenth kept; then one marker.
        for number in 0..<300 {
            let path = setup.root + "/churn-\(number).txt"
            try "a gecko numbered \(number)\n".write(toFile: path, atomically: false, encoding: .utf8)
            if number % 10 != 0 { unlink(path) }
        }
        let kept = Set((0..<300).filter { $0 % 10 == 0 }.map { "churn-\($0).txt" })
        #expect(try setup.becomes("gecko", kept), "\(watch.stderr)")
        #expect(try setup.becomes("fsName == \"churn-*\"", kept))
        #expect(watch.stop() == 0)
    }

    /// A new folder tree filled while batches are applied: files made in a new subfolder after
    /// the batch crawled it and before a watch would otherwise be placed are not lost, because
    /// a new folder's tree is watched as soon as its event is read.
    @Test func filesMadeInNewFoldersWhileBatchesRunAreAllFound() throws {
        let setup = try Setup()
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: Self.normal)
        var expected: Set<String> = []
        for part in 0..<6 {
            let folder = "grow/p\(part)/q"
            try FileManager.default.createDirectory(
                atPath: setup.root + "/" + folder, withIntermediateDirectories: true)
            for number in 0..<25 {
                try setup.write("\(folder)/n\(number).txt", "growing \(part) \(number)\n")
                expected.insert("\(folder)/n\(number).txt")
                usleep(10_000)
            }
        }
        #expect(try setup.becomes("fsName == \"n*.txt\"", expected), "\(watch.stderr)")
        #expect(watch.stop() == 0)
    }

    /// A cron refresh beside a running watcher: the two share the index lock, each sees what the
    /// other wrote, and neither loses a change.
    @Test func aCronRefreshBesideAWatcher() throws {
        let setup = try Setup()
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: Self.normal)
        for round in 0..<3 {
            try setup.write("cron-\(round).txt", "a serval \(round)\n")
            let refresh = try FSFind.run(["index", "--index", setup.index, "--verbose"])
            #expect(refresh.status == 0, "\(refresh.stderr)")
            try setup.write("watched-\(round).txt", "a caracal \(round)\n")
        }
        #expect(try setup.becomes("serval", ["cron-0.txt", "cron-1.txt", "cron-2.txt"]), "\(watch.stderr)")
        #expect(try setup.becomes("caracal", ["watched-0.txt", "watched-1.txt", "watched-2.txt"]), "\(watch.stderr)")
        #expect(watch.stop() == 0)
    }

    /// SIGKILL in the middle of a burst: the index left is whole (the previous one or the last
    /// batch's), and the next start finds everything.
    @Test func aWatcherKilledMidBurstLeavesAWholeIndex() throws {
        let setup = try Setup()
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: Self.normal)
        for number in 0..<400 {
            try setup.write("burst-\(number).txt", "a fennec \(number)\n")
            if number == 300 { _ = watch.stop(SIGKILL) }
        }
        let status = try FSFind.run(["status", "--index", setup.index])
        #expect(status.status == 0, "\(status.stderr)")
        let again = try WatchProcess(index: setup.index, environment: Self.normal)
        #expect(
            try FSFind.run(["query", "--index", setup.index, "--count", "fennec"]).out == "400\n", "\(again.stderr)")
        #expect(again.stop() == 0)
    }

    @Test func aFolderReplacedByAFileOfTheSameNameAndASymlinkSwappedInForAFile() throws {
        let setup = try Setup()
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: Self.normal)
        #expect(try setup.find("fsName == \"second.txt\"") == ["sub/second.txt"])

        try FileManager.default.removeItem(atPath: setup.root + "/sub")
        try setup.write("sub", "now a file about a lemur\n")
        #expect(try setup.becomes("lemur", ["sub"]), "\(watch.stderr)")
        #expect(try setup.find("fsName == \"second.txt\"").isEmpty)
        #expect(try setup.find("kind == \"Folder\" && fsName == \"sub\"").isEmpty)

        // A link where a file was: the link is not followed, so the target's words are not read.
        let target = setup.folder.path + "/target.txt"
        try "a secret marmoset\n".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: setup.root + "/first.txt")
        symlink(target, setup.root + "/first.txt")
        #expect(try setup.becomes("aardvark", []), "\(watch.stderr)")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try setup.find("marmoset").isEmpty)
        #expect(watch.stop() == 0)
    }

    @Test func aRenameAcrossTwoWatchedRoots() throws {
        let setup = try Setup()
        let other = setup.folder.path + "/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        let watch = try WatchProcess(index: setup.index, [setup.root, other], environment: Self.normal)
        try FileManager.default.moveItem(atPath: setup.root + "/first.txt", toPath: other + "/first.txt")
        #expect(try setup.becomes("aardvark", [other + "/first.txt"]), "\(watch.stderr)")
        try FileManager.default.moveItem(atPath: setup.root + "/sub", toPath: other + "/sub")
        #expect(try setup.becomes("fsName == \"second.txt\"", [other + "/sub/second.txt"]), "\(watch.stderr)")
        #expect(watch.stop() == 0)
    }

    @Test func aWatchedRootRenamedOrDeletedIsReportedAndTheOthersGoOn() throws {
        let setup = try Setup()
        let other = setup.folder.path + "/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        let watch = try WatchProcess(index: setup.index, [setup.root, other], environment: Self.normal)
        try FileManager.default.moveItem(atPath: setup.root, toPath: setup.folder.path + "/renamed")
        #expect(eventually { watch.stderr.contains("tree was deleted or moved away") }, "\(watch.stderr)")
        // Its items are kept, as `fsfind index` keeps a missing root's, and the other root is live.
        #expect(try setup.find("aardvark") == ["first.txt"])
        try "a kinkajou\n".write(toFile: other + "/new.txt", atomically: false, encoding: .utf8)
        #expect(try setup.becomes("kinkajou", [other + "/new.txt"]), "\(watch.stderr)")
        try FileManager.default.removeItem(atPath: other)
        #expect(eventually { watch.stderr.contains("other was deleted or moved away") }, "\(watch.stderr)")
        #expect(watch.process.isRunning)

        // The moved root comes back, with a file written while it was away: it is crawled and
        // watched again.
        try "an aye-aye\n".write(
            toFile: setup.folder.path + "/renamed/away.txt", atomically: false, encoding: .utf8)
        try FileManager.default.moveItem(atPath: setup.folder.path + "/renamed", toPath: setup.root)
        #expect(try setup.becomes("aye-aye", ["away.txt"]), "\(watch.stderr)")
        try setup.write("back.txt", "a potto\n")
        #expect(try setup.becomes("potto", ["back.txt"]), "\(watch.stderr)")
        #expect(watch.stop() == 0)
    }

    @Test func anIndexFileDeletedUnderTheWatcherIsWrittenAgain() throws {
        let setup = try Setup()
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: Self.normal)
        unlink(setup.index)
        try setup.write("after.txt", "a pangolin\n")
        #expect(try setup.becomes("pangolin", ["after.txt"]), "\(watch.stderr)")
        #expect(try setup.find("aardvark") == ["first.txt"])
        #expect(watch.stderr.contains("was deleted: indexing every folder again"), "\(watch.stderr)")
        #expect(watch.stop() == 0)
    }

    /// The watcher stopped while 20,000 files are made (40,000 events, more than the kernel's
    /// 16,384-event queue): the queue overflows, and the watcher refreshes instead of missing them.
    @Test func aQueueOverflowIsFollowedByARefreshThatFindsEverything() throws {
        let queue =
            Int(
                (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 16_384
        let files = max(20_000, queue + 1)
        let setup = try Setup()
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: Self.normal)
        kill(watch.pid, SIGSTOP)
        // In a watched folder, so each file is two events (created, closed after writing).
        for number in 0..<files {
            let fd = open(setup.root + "/burst-\(number).txt", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            close(fd)
        }
        kill(watch.pid, SIGCONT)
        #expect(
            try eventually(seconds: 60) {
                try FSFind.run(["query", "--index", setup.index, "--count", "fsName == \"burst-*\""]).out
                    == "\(files)\n"
            }, "\(watch.stderr)")
        #expect(watch.stderr.contains("the kernel's event queue overflowed"), "\(watch.stderr)")
        #expect(watch.stop() == 0)
    }

    @Test func theWatchLimitIsNamedAndUnwatchedFoldersAreRefreshedPeriodically() throws {
        let setup = try Setup()
        for name in ["a", "b", "c"] {
            try FileManager.default.createDirectory(atPath: setup.root + "/" + name, withIntermediateDirectories: true)
        }
        // Two watches: the root and one folder; the others are refreshed every 2 s.
        let watch = try WatchProcess(
            index: setup.index, [setup.root],
            environment: Self.normal.merging(
                ["FSFIND_WATCH_LIMIT": "2", "FSFIND_WATCH_UNWATCHED_SECONDS": "2"]) { $1 })
        #expect(watch.stderr.contains("fs.inotify.max_user_watches"), "\(watch.stderr)")
        #expect(watch.stderr.components(separatedBy: "max_user_watches").count == 2, "said once: \(watch.stderr)")
        try setup.write("top.txt", "a watched okapi\n")
        #expect(try setup.becomes("okapi", ["top.txt"]), "\(watch.stderr)")
        for name in ["a", "b", "c", "sub"] { try setup.write(name + "/x.txt", "an unwatched \(name)yak\n") }
        #expect(
            try setup.becomes("fsName == \"x.txt\"", ["a/x.txt", "b/x.txt", "c/x.txt", "sub/x.txt"], seconds: 30),
            "\(watch.stderr)")
        #expect(watch.stop() == 0)
    }

    /// A build tree's churn: folders of files made and deleted within one batch window, over and
    /// over. A path named by an event and gone by its batch, a folder gone between its parent's
    /// listing and its own, a file gone between the crawl and libmagic: each is a deletion. Before,
    /// the first failed the whole batch ("could not update the index: cannot read …"; every change
    /// then waited 30 s) and the others were an error line each.
    @Test func pathsDeletedDuringABatchAreDeletionsNotErrors() throws {
        let setup = try Setup()
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: Self.normal)
        let manager = FileManager.default
        for round in 0..<150 {
            let folder = setup.root + "/tmp\(round)"
            try manager.createDirectory(atPath: folder + "/obj/deep", withIntermediateDirectories: true)
            for number in 0..<12 {
                try setup.write("tmp\(round)/obj/deep/part\(number).o", "object \(number)\n")
                try setup.write("tmp\(round)/scratch\(number).txt", "a scratch note about a quoll\n")
            }
            try setup.write("lone\(round).tmp", "a moment\n")
            if round % 3 == 0 { usleep(20_000) }  // now and then a batch starts in the middle
            try manager.removeItem(atPath: folder)
            unlink(setup.root + "/lone\(round).tmp")
        }
        try setup.write("done.txt", "an ocelot at last\n")
        // Promptly: a failed batch waited 30 s before it was tried again.
        #expect(try setup.becomes("ocelot", ["done.txt"], seconds: 15), "\(watch.stderr)")
        #expect(try setup.becomes("quoll", []), "\(watch.stderr)")
        #expect(try setup.find("fsName == 'tmp*' || fsName == 'lone*'").isEmpty)
        #expect(watch.stop() == 0)
        let lines = watch.stderr.split(separator: "\n").filter {
            $0.contains("could not update") || $0.contains("cannot")
        }
        #expect(lines.isEmpty, "\(lines.count) error lines: \(lines.prefix(5))")
    }

    /// The text store deleted under a watcher: its next batch does not start an empty store
    /// beside an index whose numbers name the old one's words (which then matched nothing until
    /// `index --full`); it reads every file's words again.
    @Test func aTextStoreDeletedUnderAWatcherIsReadAgainByItsNextBatch() throws {
        let setup = try Setup()
        let watch = try WatchProcess(index: setup.index, [setup.root], environment: Self.normal)
        #expect(try setup.find("aardvark") == ["first.txt"])
        try FileManager.default.removeItem(atPath: setup.index + ".text")
        try setup.write("new.txt", "a pangolin appears\n")
        #expect(try setup.becomes("pangolin", ["new.txt"]), "\(watch.stderr)")
        #expect(try setup.becomes("aardvark", ["first.txt"]), "\(watch.stderr)")
        #expect(try FSFind.run(["status", "--index", setup.index]).status == 0)
        #expect(watch.stderr.contains("reading every file's words again"), "\(watch.stderr)")
        #expect(watch.stop() == 0)
    }

    /// The store deleted while no watcher ran: the watcher's start reads the words again.
    @Test func aTextStoreDeletedBeforeAWatcherStartsIsReadAgainAtItsStart() throws {
        let setup = try Setup()
        #expect(try FSFind.run(["index", "--index", setup.index, setup.root]).status == 0)
        try FileManager.default.removeItem(atPath: setup.index + ".text")
        let watch = try WatchProcess(index: setup.index, environment: Self.normal)
        #expect(try setup.find("aardvark") == ["first.txt"], "\(watch.stderr)")
        #expect(watch.stop() == 0)
    }
}
