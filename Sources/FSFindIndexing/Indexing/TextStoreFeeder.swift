import FSFindModel
import FSFindText

/// Writes documents into the text store on a thread of its own, so SQLite's tokenizing and
/// indexing (the longest serial step of a first index with text) overlaps the reading of the
/// next batch instead of following it.
///
/// The transaction stays one: the feeder only calls its ``TextStore/Writer`` from its thread,
/// and ``finish()`` joins that thread before the caller commits. At most ``capacity`` documents
/// wait, so memory stays bounded. The first error stops it; ``add(path:identity:text:packed:)``
/// and ``finish()`` then throw it. A feeder dropped without ``finish()`` (the run threw) stops
/// its thread and writes nothing more; the caller's uncommitted transaction then rolls back.
final class TextStoreFeeder {
    /// What the feeder's thread uses. The thread holds this, not the feeder, so a feeder that is
    /// dropped can stop it.
    private final class Shared: @unchecked Sendable {
        // @unchecked: `writer` is used (and let go) only by the feeder's thread; `failure` is
        // written by that thread before it cancels the queue and read after the join.
        let queue = BoundedQueue<Document>(capacity: TextStoreFeeder.capacity)
        /// Let go when the thread ends: the thread's own last references can outlive the join,
        /// and a writer dropped by its owner must roll back then, not whenever they go.
        var writer: TextStore.Writer?
        var failure: FSFindError?

        init(_ writer: TextStore.Writer) { self.writer = writer }

        func drain() {
            defer { writer = nil }
            while let document = queue.pop(), let writer {
                do throws(FSFindError) {
                    try writer.add(
                        path: document.path, identity: document.identity, text: document.text,
                        packed: document.packed, document: document.number)
                } catch {
                    failure = error
                    queue.cancel()
                    return
                }
            }
        }
    }

    private struct Document: @unchecked Sendable {
        // @unchecked: plain values, handed over once.
        let path: [UInt8]
        let identity: FileIdentity
        let text: String
        let packed: [UInt8]
        let number: UInt32
    }

    /// Documents that may wait for the writer.
    static let capacity = 32

    private let shared: Shared
    private var thread: JoinedThreads?

    init(_ writer: TextStore.Writer) {
        nextNumber = writer.nextDocument
        let shared = Shared(writer)
        self.shared = shared
        thread = JoinedThreads.start(count: 1) { _ in shared.drain() }
    }

    /// The number the next document gets: chosen here, on the caller's thread, so the file's
    /// row carries it at once (``IndexedItem/textDocument``) while the words wait for the writer.
    private var nextNumber: UInt32

    /// Queues a document (its stored form made by the caller, off the writing thread); waits
    /// while the queue is full. Returns the document's number.
    func add(path: [UInt8], identity: FileIdentity, text: String, packed: [UInt8]) throws(FSFindError) -> UInt32 {
        let number = nextNumber
        guard number < UInt32.max - 1 else {
            throw FSFindError(.indexCorrupt, "the text store has used up its document numbers", remedy: .rebuildIndex)
        }
        nextNumber += 1
        let document = Document(path: path, identity: identity, text: text, packed: packed, number: number)
        guard shared.queue.push(document) else {
            thread?.join()
            thread = nil
            throw shared.failure ?? FSFindError.broken("the text store's writer stopped")
        }
        return number
    }

    /// Waits until every queued document is written; throws the writer's first error.
    func finish() throws(FSFindError) {
        shared.queue.close()
        thread?.join()
        thread = nil
        if let failure = shared.failure { throw failure }
    }

    deinit {
        shared.queue.cancel()
        thread?.join()
    }
}
