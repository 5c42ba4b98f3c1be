/// When a refresh stages the chunks that wait (hands their files to the extractors), when it gives
/// free memory back after a batch, and when the progress line moves while files are read.
///
/// The crawl and libmagic run ahead in a pipeline (``RefreshStream``); the indexer's thread
/// gathers their chunks here until one of the limits is reached. The defaults are the measured
/// ones; tests make them smaller.
struct RefreshBatchPolicy: Sendable, Equatable {
    /// Files handed to the extractors at once: one extraction call per few thousand files keeps
    /// both workers busy (per 256-entry chunk, their idle tails cost a first index a sixth of its
    /// time: `benchmarks/RESULTS.md`, "Numbers that were in code comments"), while the
    /// crawl and libmagic go on ahead.
    var files = 4096
    /// Chunks that may wait, as many as the identified queue holds: a refresh that keeps nearly
    /// every row must not wait for files that never come.
    var chunks = RefreshStream.identifiedCapacity
    /// At most this much text (by the files' sizes, capped at the text limit) waits in one batch,
    /// so a folder of big logs cannot hold gigabytes in memory.
    var textBytes = 16 << 20
    /// After a batch that read this many files, or any text, the free pages go back to the system.
    /// A batch's items were made on the identify threads and its texts on the extraction threads,
    /// and both were freed on the indexer's thread or the feeder's, each thread with its own malloc
    /// arena, whose holes stay resident; trimming after the hundreds of small batches of a refresh
    /// that mostly keeps rows would cost time for nothing. Trimmed, a first index peaks lower, with
    /// words or without (`benchmarks/RESULTS.md`, "A PDF parsed once; malloc's pages given back
    /// after each batch of text" and "Where a first index's memory goes").
    var trimFiles = 1024
    /// While files are read (the long part of a first index) the progress line moves at most this
    /// often, and when a root is done.
    var progressInterval: Duration = .milliseconds(100)

    /// What waits to be staged.
    struct Waiting: Sendable, Equatable {
        var chunks = 0
        var files = 0
        var textBytes = 0

        /// Counts a chunk of `files` files that may bring `textBytes` of text.
        mutating func add(files: Int, textBytes: Int) {
            chunks += 1
            self.files += files
            self.textBytes += textBytes
        }
    }

    /// True when `waiting` is a batch: enough files, as many chunks as the queue holds, or as
    /// much text as one batch may hold in memory.
    func isFull(_ waiting: Waiting) -> Bool {
        waiting.files >= files || waiting.chunks >= chunks || waiting.textBytes >= textBytes
    }

    /// True when the free pages go back after staging `batch`.
    func givesMemoryBack(after batch: Waiting) -> Bool {
        batch.files >= trimFiles || batch.textBytes > 0
    }

    /// True when the progress line moves after a batch: files were read, and a root is done or
    /// `sinceLastReport` is past ``progressInterval``.
    func movesProgress(read: Int, rootDone: Bool, sinceLastReport: Duration) -> Bool {
        read > 0 && (rootDone || sinceLastReport > progressInterval)
    }
}
