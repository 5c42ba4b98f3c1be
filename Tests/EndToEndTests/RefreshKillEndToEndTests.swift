import Foundation
import Glibc
import Testing

/// A refresh killed between two steps of its commit (the indexer's `CommitOrder`: the words
/// written, the words committed, the index replaced, the stale words removed, the store settled and
/// the index marked newer) leaves an index and
/// a text store that agree (`docs/full-text.md`, "Consistency without a shared transaction"): a
/// query right after the kill sees the old index or the new one, each with its own words and no
/// other file's, and the next run leaves every file's words once, none for a file the index lacks.
/// The debug build's `FSFIND_TEST_KILL_AFTER=STEP` makes the real binary kill itself with
/// SIGKILL once STEP is done.
@Suite(.ownThreads) struct RefreshKillEndToEndTests {
    /// The commit's steps, in order; a kill after each but the last falls between two of them.
    static let steps = ["words-written", "words-committed", "index-replaced", "stale-words-removed", "store-settled"]

    /// Each file's word: kept, changed (its old and new word), deleted, new.
    private static let oldWords = ["alpha": "kept.txt", "bravo": "changed.txt", "charlie": "gone.txt"]
    private static let newWords = ["alpha": "kept.txt", "delta": "changed.txt", "echo": "new.txt"]

    @Test(arguments: steps)
    func aRefreshKilledAfterACommitStepLeavesAnIndexAndWordsThatAgree(step: String) throws {
        let folder = try TemporaryFolder()
        let root = folder.path + "/tree"
        let index = folder.file("index.fsfind")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Self.write(root + "/kept.txt", "kept alpha\n")
        try Self.write(root + "/changed.txt", "changed bravo\n")
        try Self.write(root + "/gone.txt", "gone charlie\n")
        let first = try FSFind.run(["index", "--index", index, root])
        try #require(first.status == 0, "\(first.stderr)")
        try #require(try Self.wordHolders(index) == Self.oldWords)

        // A file changed, one deleted, one new; the refresh is killed after `step`.
        try Self.write(root + "/changed.txt", "changed again, delta\n")
        try FileManager.default.removeItem(atPath: root + "/gone.txt")
        try Self.write(root + "/new.txt", "new echo\n")
        let killed = try FSFind.run(["index", "--index", index], environment: ["FSFIND_TEST_KILL_AFTER": step])
        #expect(killed.status == SIGKILL, "killed after \(step): \(killed.status) \(killed.stderr)")

        // Right after the kill: the old index or the new one, whole, finding its own files' words.
        let names = try Self.names(index)
        let old = ["changed.txt", "gone.txt", "kept.txt", "tree"]
        let new = ["changed.txt", "kept.txt", "new.txt", "tree"]
        #expect(names == old || names == new, "killed after \(step): \(names)")
        let holders = try Self.wordHolders(index)
        #expect(
            holders == (names == old ? Self.oldWords : Self.newWords), "killed after \(step): \(holders)")
        if step == "words-written" { #expect(names == old, "nothing is visible before the words' commit") }
        if step == "index-replaced" { #expect(names == new, "the index is replaced") }
        Self.expectStoreChecked(index, unlessAfter: step)

        // The next run makes the pair whole: every file's words, once, and none of a file gone.
        let next = try FSFind.run(["index", "--index", index])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try Self.names(index) == new)
        #expect(try Self.wordHolders(index) == Self.newWords, "after a kill after \(step)")
        let status = try FSFind.run(["status", "--index", index, "--json"])
        #expect(status.status == 0, "\(status.stderr)")
        let object = try JSONSerialization.jsonObject(with: status.stdout) as? [String: Any]
        let store = object?["textStore"] as? [String: Any]
        #expect(store?["problem"] == nil, "\(String(describing: store))")
        #expect(store?["documents"] as? Int == 3, "after a kill after \(step): \(String(describing: store))")
    }

    /// The same for a watcher's delta: a watcher started without paths finds the changes made
    /// while none ran and writes them as a delta (`docs/live-index.md`), through the same steps.
    @Test(arguments: steps)
    func aWatcherKilledAfterACommitStepOfItsDeltaLeavesAnIndexAndWordsThatAgree(step: String) throws {
        let folder = try TemporaryFolder()
        let root = folder.path + "/tree"
        let index = folder.file("index.fsfind")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Self.write(root + "/kept.txt", "kept alpha\n")
        try Self.write(root + "/changed.txt", "changed bravo\n")
        try Self.write(root + "/gone.txt", "gone charlie\n")
        let first = try FSFind.run(["index", "--index", index, root])
        try #require(first.status == 0, "\(first.stderr)")

        try Self.write(root + "/changed.txt", "changed again, delta\n")
        try FileManager.default.removeItem(atPath: root + "/gone.txt")
        try Self.write(root + "/new.txt", "new echo\n")
        let watch = try WatchProcess(
            index: index, environment: ["FSFIND_TEST_KILL_AFTER": "delta:" + step, "FSFIND_WATCH_PRIORITY": "normal"],
            waitForStart: false)
        watch.process.waitUntilExit()
        #expect(
            watch.process.terminationReason == .uncaughtSignal && watch.process.terminationStatus == SIGKILL,
            "killed after delta:\(step): \(watch.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: index + ".delta")
                == (step != "words-written" && step != "words-committed"),
            "the delta is in place once replaced")

        let names = try Self.names(index)
        let old = ["changed.txt", "gone.txt", "kept.txt", "tree"]
        let new = ["changed.txt", "kept.txt", "new.txt", "tree"]
        #expect(names == (step == "words-written" || step == "words-committed" ? old : new), "\(names)")
        let holders = try Self.wordHolders(index)
        #expect(holders == (names == old ? Self.oldWords : Self.newWords), "killed after delta:\(step): \(holders)")
        Self.expectStoreChecked(index, unlessAfter: step)

        let next = try FSFind.run(["index", "--index", index])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try Self.names(index) == new)
        #expect(try Self.wordHolders(index) == Self.newWords, "after a kill after delta:\(step)")
        let status = try FSFind.run(["status", "--index", index, "--json"])
        let object = try JSONSerialization.jsonObject(with: status.stdout) as? [String: Any]
        let store = object?["textStore"] as? [String: Any]
        #expect(status.status == 0 && store?["problem"] == nil, "\(status.stderr) \(String(describing: store))")
        #expect(store?["documents"] as? Int == 3, "after a kill after delta:\(step): \(String(describing: store))")
    }

    /// A run killed before its last step leaves the store written at or after the index or delta
    /// it committed, so the next refresh reads the store whole for damage; after the last step
    /// the store is older (the indexer's `TextStoreCheck`, whose rule this restates).
    private static func expectStoreChecked(_ index: String, unlessAfter step: String) {
        func modified(_ path: String) -> timespec? {
            var status = stat()
            return stat(path, &status) == 0 ? status.st_mtim : nil
        }
        func later(_ a: timespec?, _ b: timespec?) -> timespec? {
            guard let a, let b else { return a ?? b }
            return (a.tv_sec, a.tv_nsec) < (b.tv_sec, b.tv_nsec) ? b : a
        }
        guard let store = later(modified(index + ".text"), modified(index + ".text-wal")),
            let committed = later(modified(index), modified(index + ".delta"))
        else {
            Issue.record("no store or no index after \(step)")
            return
        }
        let older = (store.tv_sec, store.tv_nsec) < (committed.tv_sec, committed.tv_nsec)
        #expect(older == (step == "store-settled"), "the store is older than the index after \(step): \(older)")
    }

    private static func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The names of the index's items, sorted.
    private static func names(_ index: String) throws -> [String] {
        let result = try FSFind.run(["query", "--index", index, "fsName == \"*\""])
        #expect(result.status == 0, "\(result.stderr)")
        return result.lines.map { ($0 as NSString).lastPathComponent }.sorted()
    }

    /// Which file each of the test's words finds (through the text store), by word; words no
    /// file holds are left out.
    private static func wordHolders(_ index: String) throws -> [String: String] {
        var holders: [String: String] = [:]
        for word in ["alpha", "bravo", "charlie", "delta", "echo"] {
            let result = try FSFind.run(["query", "--index", index, "textContent == \"\(word)\"cdw"])
            #expect(result.status == 0, "\(word): \(result.stderr)")
            #expect(result.lines.count <= 1, "\(word): \(result.lines)")
            if let path = result.lines.first { holders[word] = (path as NSString).lastPathComponent }
        }
        return holders
    }
}
