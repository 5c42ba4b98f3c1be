import FSFindTestSupport
import Glibc
import Testing

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

    @Test func aMissingStoreOrIndexIsChecked() {
        let folder = TemporaryFolder()
        let index = folder.file("index.fsfind")
        #expect(TextStoreCheck.isNeeded(forIndex: index))
        make(index, at: 1_000)
        #expect(TextStoreCheck.isNeeded(forIndex: index))
    }
}
