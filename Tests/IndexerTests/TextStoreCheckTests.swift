import FSFindModel
import FSFindTestSupport
import Glibc
import Testing

@testable import FSFindExtraction
@testable import FSFindIndexer

/// When a refresh reads the whole text store for damage: a store older than its index (and the
/// index's delta) is not read again; one written at or after them, or missing, is.
@Suite struct TextStoreCheckTests {
    /// Writes `path` and sets its modification time to `seconds` after the epoch.
    private func make(_ path: String, at seconds: Int) {
        #expect(writeOneByte(path))
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    private func writeOneByte(_ path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { if descriptor >= 0 { close(descriptor) } }
        return descriptor >= 0 && write(descriptor, "x", 1) == 1
    }

    @Test func aStoreOlderThanItsIndexIsNotReadAgain() {
        let folder = TemporaryFolder()
        let index = folder.file("index.fsfind")
        make(index + ".text", at: 1_000)
        make(index, at: 1_001)
        #expect(!TextStoreCheck.isNeeded(forIndex: index))
    }

    @Test func aStoreWrittenAtOrAfterItsIndexIsRead() {
        let folder = TemporaryFolder()
        let index = folder.file("index.fsfind")
        make(index, at: 1_000)
        make(index + ".text", at: 1_000)
        #expect(TextStoreCheck.isNeeded(forIndex: index))
        make(index + ".text", at: 1_002)
        #expect(TextStoreCheck.isNeeded(forIndex: index))
    }

    @Test func theDeltaCountsAsTheIndexWhenItIsNewer() {
        let folder = TemporaryFolder()
        let index = folder.file("index.fsfind")
        make(index, at: 1_000)
        make(index + ".text", at: 1_001)
        make(index + ".delta", at: 1_002)
        #expect(!TextStoreCheck.isNeeded(forIndex: index))
    }

    @Test func aStoreWhoseLogWasWrittenAfterTheIndexIsRead() {
        let folder = TemporaryFolder()
        let index = folder.file("index.fsfind")
        make(index + ".text", at: 1_000)
        make(index, at: 1_001)
        make(index + ".text-wal", at: 1_002)
        #expect(TextStoreCheck.isNeeded(forIndex: index))
    }

    /// The commit's last step marks the file it committed newer than the store, even when the
    /// store was written within the same tick of the file system's clock, or later than the
    /// clock reads now by less than a second; a store further ahead than that is left checked.
    @Test func markingTheCommittedFileMakesTheStoreOlder() {
        let folder = TemporaryFolder()
        let index = folder.file("index.fsfind")
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        make(index, at: 1_000)
        make(index + ".text", at: clock.tv_sec)
        #expect(TextStoreCheck.isNeeded(forIndex: index))
        TextStoreCheck.markNewer(index, thanStoreOf: index)
        #expect(!TextStoreCheck.isNeeded(forIndex: index))

        make(index + ".delta", at: 1_000)
        TextStoreCheck.markNewer(index + ".delta", thanStoreOf: index)
        #expect(!TextStoreCheck.isNeeded(forIndex: index))

        make(index, at: 1_000)
        make(index + ".delta", at: 1_000)
        make(index + ".text", at: clock.tv_sec + 3_600)
        TextStoreCheck.markNewer(index, thanStoreOf: index)
        #expect(TextStoreCheck.isNeeded(forIndex: index), "a store an hour ahead of the clock")
    }

    /// A refresh that changed words writes the store after it replaced the index (the stale
    /// words): its last step still leaves the store older, so the next refresh does not read it
    /// whole; `fsfind forget` too.
    @Test func aRefreshThatChangedWordsLeavesTheStoreOlderThanItsIndex() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/tree"
        #expect(mkdir(root, 0o755) == 0)
        #expect(writeText(root + "/kept.txt", "kept alpha\n"))
        #expect(writeText(root + "/changed.txt", "changed bravo\n"))
        let index = folder.file("index.fsfind")
        let indexer = Indexer(indexPath: index, pipeline: ExtractionPipeline(textLimit: 1 << 20))
        _ = try indexer.run(roots: [Array(root.utf8)], options: CrawlOptions())
        #expect(!TextStoreCheck.isNeeded(forIndex: index), "after the first index")

        #expect(writeText(root + "/changed.txt", "changed again, delta\n"))
        #expect(writeText(root + "/new.txt", "new echo\n"))
        let summary = try indexer.run(roots: [], options: CrawlOptions())
        #expect(summary.changed >= 1 && summary.new == 1, "\(summary)")
        #expect(!TextStoreCheck.isNeeded(forIndex: index), "after a refresh that changed words")

        let other = folder.path + "/other"
        #expect(mkdir(other, 0o755) == 0)
        #expect(writeText(other + "/more.txt", "more foxtrot\n"))
        _ = try indexer.run(roots: [Array(root.utf8), Array(other.utf8)], options: CrawlOptions())
        _ = try indexer.forget(roots: [Array(other.utf8)], wait: true, onWait: { _ in })
        #expect(!TextStoreCheck.isNeeded(forIndex: index), "after fsfind forget")
    }

    private func writeText(_ path: String, _ text: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { if descriptor >= 0 { close(descriptor) } }
        return descriptor >= 0 && write(descriptor, text, text.utf8.count) == text.utf8.count
    }

    @Test func aMissingStoreOrIndexIsChecked() {
        let folder = TemporaryFolder()
        let index = folder.file("index.fsfind")
        #expect(TextStoreCheck.isNeeded(forIndex: index))
        make(index, at: 1_000)
        #expect(TextStoreCheck.isNeeded(forIndex: index))
    }
}
