import FSFindModel
import FSFindPlatform

extension TextStore {
    /// Begins a refresh's transaction, with the collection marked pending in it
    /// (``Writer/markCollectionPending()``), and a feeder that writes it from a thread of its own.
    package func feeder() throws(FSFindError) -> TextStoreFeeder {
        let pending = try collectionPending()
        let transaction = try begin()
        try transaction.markCollectionPending()
        return TextStoreFeeder(transaction, collectsEverything: pending)
    }
}

/// Writes a refresh's documents into the text store on a thread of its own, so SQLite's tokenizing
/// and indexing (the longest serial step of a first index with text) overlaps the reading of the
/// next batch instead of following it.
///
/// The transaction stays one: the feeder only calls its ``TextStore/Writer`` from its thread,
/// and ``finish()`` joins that thread before ``commit()``. At most ``capacity`` documents
/// wait, so memory stays bounded. The first error stops it; ``add(source:digest:words:)``
/// and ``finish()`` then throw it. A feeder dropped without ``commit()`` (the run threw) stops
/// its thread and writes nothing more; its uncommitted transaction then rolls back.
package final class TextStoreFeeder {
    /// What the feeder's thread uses. The thread holds this, not the feeder, so a feeder that is
    /// dropped can stop it.
    ///
    /// Unchecked, and safe to send all the same: `writer` (SQLite's, not `Sendable`) is used and
    /// let go only by the feeder's thread; `failure` is written by that thread before it cancels
    /// the queue and read after the join; `spelling` is written by `finish()` before it closes the
    /// queue and read by the thread after its last pop, which the queue's lock orders after the
    /// close.
    private final class Shared: @unchecked Sendable {
        let queue: BoundedQueue<Document>
        /// Let go when the thread ends: the thread's own last references can outlive the join,
        /// and a writer dropped by its owner must roll back then, not whenever they go.
        var writer: TextStore.Writer?
        var failure: FSFindError?
        /// The documents' spelling words, added up on the caller's thread and set by `finish()`
        /// before the queue closes: the writer adds them once, after the last document.
        var spelling: WordTally?

        init(_ writer: TextStore.Writer, capacity: Int, weightLimit: Int) {
            self.writer = writer
            queue = BoundedQueue(capacity: capacity, weightLimit: weightLimit, weight: \.weight)
        }

        func drain() {
            defer { writer = nil }
            while let document = queue.pop(), let writer {
                do throws(FSFindError) {
                    switch document.words {
                    case .text(let text):
                        try writer.add(
                            source: document.source, digest: document.digest, text: text,
                            packed: Array(document.packed), document: document.number)
                    case .cut(let words):
                        try writer.add(
                            source: document.source, digest: document.digest, words: words, packed: document.packed,
                            document: document.number)
                    case .same:
                        try writer.link(source: document.source, document: document.number)
                    }
                } catch {
                    failure = error
                    queue.cancel()
                    return
                }
            }
            // The queue closed (set before it did) or was cancelled (nil, nothing to write).
            guard let writer, let spelling else { return }
            do throws(FSFindError) {
                try writer.count(spelling)
            } catch {
                failure = error
            }
        }
    }

    private struct Document: Sendable {
        let source: DocumentSource
        let digest: KeyedDigest?
        let words: Words
        let packed: ArraySlice<UInt8>
        let number: UInt32

        /// About the memory it holds (with a document's own keep: a million small files' queue
        /// counts them too).
        var weight: Int {
            let overhead = 160
            return switch words {
            case .text(let text): overhead + text.utf8.count + packed.count
            case .cut(let words): overhead + words.count + packed.count
            case .same: overhead
            }
        }
    }

    /// A document's words: its text, for SQLite to cut, the words an extraction worker cut, or
    /// those of a document already queued (a file with the same bytes).
    private enum Words: Sendable {
        case text(String)
        case cut(ArraySlice<UInt8>)
        case same
    }

    /// Documents that may wait for the writer: as many as the weight allows.
    static let capacity = 4096
    /// The bytes of words and packed texts that may wait for the writer: one extraction batch's
    /// worth (16 MiB of text), so SQLite's thread has work while the workers read the next batch,
    /// and memory stays bounded however large the files. Twice that held more at a first index's
    /// peak for no speed (`benchmarks/RESULTS.md`, "The text store's queue halved").
    static let weightLimit = 16 << 20

    private let shared: Shared
    private var thread: JoinedThreads?
    /// The transaction the thread writes; committed by ``commit()`` once the thread is joined.
    private let transaction: TextStore.Writer
    /// True when the last run was killed between its commit and its collection (the `collect`
    /// mark was still set when this one began): every document is to be checked this time.
    package let collectsEverything: Bool
    /// The spelling words of the cut documents queued, added up here rather than on the
    /// writer's thread, the first index's longest serial step (`benchmarks/RESULTS.md`,
    /// "Spelling suggestions").
    private var spelling = WordTally()

    /// A feeder of `writer` (``TextStore/feeder()``); tests make the queue smaller than
    /// ``capacity`` and ``weightLimit``.
    init(
        _ writer: TextStore.Writer, collectsEverything: Bool = false, capacity: Int = TextStoreFeeder.capacity,
        weightLimit: Int = TextStoreFeeder.weightLimit
    ) {
        transaction = writer
        self.collectsEverything = collectsEverything
        nextNumber = writer.nextDocument
        let shared = Shared(writer, capacity: capacity, weightLimit: weightLimit)
        self.shared = shared
        thread = JoinedThreads.start(count: 1) { _ in shared.drain() }
    }

    /// The number the next document gets: chosen here, on the caller's thread, so the file's
    /// row carries it at once while the words wait for the writer.
    private var nextNumber: UInt32

    /// Queues the words read from `source` (whose bytes have `digest`, when known) and returns
    /// their document's number, nil for a text without a character: words an extraction worker
    /// packed and cut (``CutText``), which the writer's thread only indexes, or a text, packed
    /// here, off the writing thread. Waits while the queue is full.
    package func add(source: DocumentSource, digest: KeyedDigest?, words: WordsOrText) throws(FSFindError)
        -> UInt32?
    {
        switch words {
        case .cut(let cut):
            let number = try add(
                Document(source: source, digest: digest, words: .cut(cut.words), packed: cut.packed, number: nextNumber)
            )
            spelling.add(list: cut.spelling)
            return number
        case .text(let text):
            guard !text.isEmpty else { return nil }
            let packed = try StoredText.pack(text)
            return try add(
                Document(source: source, digest: digest, words: .text(text), packed: packed[...], number: nextNumber))
        }
    }

    /// Queues the record that `source` has the words of `document`, a number this feeder gave
    /// earlier or one the store holds (another name or a copy of a file read before): nothing is
    /// cut or indexed. Returns `document`.
    package func link(source: DocumentSource, document: UInt32) throws(FSFindError) -> UInt32 {
        let record = Document(source: source, digest: nil, words: .same, packed: [], number: document)
        guard shared.queue.push(record) else {
            thread?.join()
            thread = nil
            throw shared.failure ?? FSFindError.broken("the text store's writer stopped")
        }
        return document
    }

    private func add(_ document: Document) throws(FSFindError) -> UInt32 {
        let number = nextNumber
        guard number < UInt32.max - 1 else {
            throw FSFindError(.indexCorrupt, "the text store has used up its document numbers", remedy: .rebuildIndex)
        }
        nextNumber += 1
        guard shared.queue.push(document) else {
            thread?.join()
            thread = nil
            throw shared.failure ?? FSFindError.broken("the text store's writer stopped")
        }
        return number
    }

    /// Waits until every queued document is written; throws the writer's first error.
    package func finish() throws(FSFindError) {
        shared.spelling = spelling
        shared.queue.close()
        thread?.join()
        thread = nil
        if let failure = shared.failure { throw failure }
    }

    /// Commits the transaction (after ``finish()``): the words are durable and visible to
    /// readers.
    package func commit() throws(FSFindError) {
        try finish()
        try transaction.commit()
    }

    deinit {
        shared.queue.cancel()
        thread?.join()
    }
}
