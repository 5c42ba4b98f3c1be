import FSFindModel
import FSFindText

/// Writes documents into the text store on a thread of its own, so SQLite's tokenizing and
/// indexing (the longest serial step of a first index with text) overlaps the reading of the
/// next batch instead of following it.
///
/// The transaction stays one: the feeder only calls its ``TextStore/Writer`` from its thread,
/// and ``finish()`` joins that thread before the caller commits. At most ``capacity`` documents
/// wait (about 16 MiB each at worst, 32 MiB of text in an ordinary batch), so memory stays
/// bounded. The first error stops it; ``add(path:identity:text:packed:)`` and ``finish()`` then
/// throw it.
final class TextStoreFeeder: @unchecked Sendable {
    // @unchecked: `writer` is used only by the feeder's thread until `finish()` has joined it;
    // `failure` is written by that thread before it closes the queue and read after the join.
    private struct Document: @unchecked Sendable {
        let path: [UInt8]
        let identity: FileIdentity
        let text: String
        let packed: [UInt8]
    }

    static let capacity = 32

    private let queue = BoundedQueue<Document>(capacity: capacity)
    private let writer: TextStore.Writer
    private var failure: FSFindError?
    private var thread: JoinedThreads?

    init(_ writer: TextStore.Writer) {
        self.writer = writer
        thread = JoinedThreads.start(count: 1) { [self] _ in drain() }
    }

    private func drain() {
        while let document = queue.pop() {
            do throws(FSFindError) {
                try writer.add(
                    path: document.path, identity: document.identity, text: document.text, packed: document.packed)
            } catch {
                failure = error
                queue.cancel()
                return
            }
        }
    }

    /// Queues a document (its stored form made by the caller, off the writing thread); waits
    /// while the queue is full.
    func add(path: [UInt8], identity: FileIdentity, text: String, packed: [UInt8]) throws(FSFindError) {
        guard queue.push(Document(path: path, identity: identity, text: text, packed: packed)) else {
            thread?.join()
            thread = nil
            throw failure ?? FSFindError.broken("the text store's writer stopped")
        }
    }

    /// Waits until every queued document is written; throws the writer's first error.
    func finish() throws(FSFindError) {
        queue.close()
        thread?.join()
        thread = nil
        if let failure { throw failure }
    }

    deinit {
        // A run that throws before finishing: stop the thread, so it never outlives the writer.
        queue.cancel()
        thread?.join()
    }
}
