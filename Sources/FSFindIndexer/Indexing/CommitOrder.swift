import FSFindIndexFormat
import FSFindModel
import FSFindText
import Foundation
import Glibc

/// The order in which a refresh makes what it wrote visible: the one rule that keeps the index
/// and the text store consistent without a transaction spanning both (`docs/full-text.md`,
/// "Consistency without a shared transaction").
///
/// The new words are committed before the index that names them replaces the old one, and the
/// words no row of the new index names are removed only after: a reader of either index finds
/// the words its rows record, and a kill between any two steps leaves a pair the next run makes
/// whole (the `collect` mark, set in the words' transaction and cleared by the last step, makes it
/// check every document). The end-to-end tests kill `fsfind` after each step
/// (``killVariable``, debug builds) and check the pair the next run leaves.
struct CommitOrder {
    /// The steps, in the order they are taken.
    enum Step: String, CaseIterable, Sendable {
        /// Every queued document written into the words' open transaction (the feeder's thread
        /// joined): nothing a reader sees yet.
        case wordsWritten = "words-written"
        /// The words' transaction committed: the new and changed files' words, under new numbers,
        /// and the `collect` mark. Old documents stay.
        case wordsCommitted = "words-committed"
        /// The new index (or a watcher's delta) renamed over the old one.
        case indexReplaced = "index-replaced"
        /// The documents no row of the new index names removed, and the mark cleared.
        case staleWordsRemoved = "stale-words-removed"
        /// The store's log copied into its file, then the file committed marked newer than the
        /// store, so the next refresh need not read the store whole (``TextStoreCheck``).
        case storeSettled = "store-settled"
    }

    private let indexPath: String
    private let feeder: TextStoreFeeder?
    private let file: WrittenIndex
    private let staleWords: StaleWords?

    /// The commit of `file` (the index written beside the one it replaces, or the delta) and of
    /// the words `feeder` writes in its transaction (nil for a run without words, or that adds
    /// none).
    ///
    /// - Throws: ``FSFindError`` when `lock` does not guard writes to the index `file` replaces
    ///   (or whose delta it is): a caller cannot hold one index's lock and commit another (nor
    ///   another's words: ``StaleWords/remove(readingIndex:)`` checks the store's path).
    init(
        holding lock: IndexLock, feeder: TextStoreFeeder?, file: WrittenIndex, staleWords: StaleWords?
    ) throws(FSFindError) {
        indexPath = lock.indexPath
        try lock.check(writing: indexPath)
        guard file.path == indexPath || file.path == IndexSnapshot.deltaPath(forIndex: indexPath) else {
            throw FSFindError.broken("the lock held is for \(indexPath), not for \(file.path)")
        }
        self.feeder = feeder
        self.file = file
        self.staleWords = staleWords
    }

    /// Takes the steps in order; the first that fails stops the rest (an uncommitted transaction
    /// rolls back, an index not renamed leaves the old one).
    func commit() throws(FSFindError) {
        try feeder?.finish()
        reached(.wordsWritten)
        try feeder?.commit()
        reached(.wordsCommitted)
        try file.commit()
        reached(.indexReplaced)
        let store = try staleWords?.remove(readingIndex: indexPath)
        reached(.staleWordsRemoved)
        if let store, store.settle() { TextStoreCheck.markNewer(file.path, thanStoreOf: indexPath) }
        reached(.storeSettled)
    }

    // MARK: - The kill test's hook

    /// Debug builds: `FSFIND_TEST_KILL_AFTER=STEP` (a ``Step``'s raw value) kills this process
    /// with `SIGKILL` once the first commit that takes STEP has taken it; `delta:STEP`, only a
    /// watcher's batch, which writes the delta. A release build reads no such variable.
    static let killVariable = "FSFIND_TEST_KILL_AFTER"

    private func reached(_ step: Step) {
        #if DEBUG
            guard let wanted = Self.killAfter else { return }
            let isDelta = file.path != indexPath
            if wanted == step.rawValue || (isDelta && wanted == "delta:" + step.rawValue) { kill(getpid(), SIGKILL) }
        #endif
    }

    #if DEBUG
        private static let killAfter = ProcessInfo.processInfo.environment[killVariable]
    #endif
}
