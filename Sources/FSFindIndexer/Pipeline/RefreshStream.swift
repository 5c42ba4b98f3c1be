import CPlatform
import FSFindCrawl
import FSFindExtraction
import FSFindIndexFormat
import FSFindModel
import FSFindPlatform
import Foundation
import Synchronization
import SystemPackage

/// The indexing pipeline: crawl → identify → (the indexer's thread) extract and stage.
///
/// One thread crawls the roots and decides, entry by entry and in crawl order, whether an old row
/// is kept or the file must be read; it sends those decisions in numbered chunks. Identify
/// threads, one libmagic cookie each, read the chunks' files. The indexer's own thread takes the
/// chunks back in their order, has the extractors read what they handle, and stages every item.
/// Bounded queues sit between the stages, so memory is bounded by the queues, not by the tree,
/// and every stage works while the others do: the crawl is not finished before the first file is
/// read, and there is no barrier per batch. Every thread is joined before ``run`` returns, whether
/// the run ends or fails.
struct RefreshStream {
    /// One decision of the crawl, in crawl order.
    enum Step: Sendable {
        /// Old row `row` is unchanged: copy it with this access time.
        case keep(row: Int, accessTime: Date)
        /// Read this entry; it replaces `oldRow` (-1: a new path), and `sameFile` is the old row of
        /// the same file under another path (a rename), whose `addedDate` it keeps.
        case read(CrawlEntry, oldRow: Int, sameFile: Int?)
        /// A problem the crawl met (an unreadable folder, a loop).
        case problem(path: [UInt8], message: String)
        /// The crawl has seen `items` entries so far and is in `folder`.
        case progress(items: Int, folder: String, toRead: Int)
        /// Root `root` is fully crawled, after `items` entries, `toRead` of them to read.
        case rootDone([UInt8], items: Int, toRead: Int)
        /// Root `root` was gone when its crawl began (a watcher's batch names paths that may be
        /// deleted a moment later): nothing was crawled under it.
        case vanished([UInt8])
    }

    /// Steps in crawl order, with the items read for their `.read` steps, in the same order.
    struct Chunk: Sendable {
        let sequence: Int
        var steps: [Step] = []
        var items: [IndexedItem] = []
    }

    /// What a run gives back besides its chunks.
    struct Outcome {
        var filesOpened = 0
    }

    /// Steps per chunk: a few hundred, so the identify threads claim work cheaply and a chunk's
    /// extraction round trips overlap the next chunks' identification.
    static let chunkSize = 256

    /// Identified chunks that may wait for the indexer's thread: one extraction batch (4,096
    /// files), which libmagic makes ready while the workers read the batch before it. Two
    /// batches held about 4,096 items more in memory for no time gained (`benchmarks/RESULTS.md`,
    /// "The pipeline's items in flight").
    static let identifiedCapacity = 16

    let roots: [IndexRoot]
    let full: Bool
    let identifyThreads: Int
    let crawlThreads: Int
    /// How much nicer than the run the libmagic threads are: 0, or ``Indexer/identifyNiceWithWords``
    /// in a run that reads words.
    var identifyNice: Int32 = 0

    /// Runs the pipeline, calling `consume` on the calling thread with each chunk, in order. A
    /// throw from `consume` stops every stage and is rethrown once all threads have returned.
    func run(
        previous: PreviousIndex?, consume: (Chunk) throws(FSFindError) -> Void
    ) throws(FSFindError) -> Outcome {
        let capacity = 2 * max(identifyThreads, 1)
        let crawled = BoundedQueue<Chunk>(capacity: capacity)
        // Room for the chunks that wait while the indexer's thread extracts a batch, so libmagic
        // goes on meanwhile.
        let identified = BoundedQueue<Chunk>(capacity: Self.identifiedCapacity)
        let crawlFailure = Mutex<FSFindError?>(nil)
        let opened = Atomic<Int>(0)
        let identifyLeft = Atomic<Int>(identifyThreads)

        let box = PreviousBox(previous)
        let crawler = JoinedThreads.start(count: 1) { [self] _ in
            do throws(FSFindError) {
                try crawl(previous: box, into: crawled)
            } catch {
                crawlFailure.withLock { $0 = error }
            }
            crawled.close()
        }
        let nice = identifyNice
        // Workers sharing one table of answers: copies of a file land on any thread.
        let makeWorker = Identifier.workers()
        let identifiers = JoinedThreads.start(count: identifyThreads) { _ in
            if nice > 0 { _ = fsfind_lower_thread_priority(nice) }
            var worker = makeWorker()
            while var chunk = crawled.pop() {
                for step in chunk.steps {
                    if case .read(let entry, _, _) = step { chunk.items.append(worker.item(for: entry)) }
                }
                guard identified.push(chunk) else { break }
            }
            opened.add(worker.filesOpened, ordering: .relaxed)
            if identifyLeft.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { identified.close() }
        }
        defer {
            crawled.cancel()
            identified.cancel()
            crawler.join()
            identifiers.join()
        }

        // Chunks come back in any order; they are consumed in crawl order.
        var waiting: [Int: Chunk] = [:]
        var next = 0
        while let chunk = identified.pop() {
            waiting[chunk.sequence] = chunk
            while let ready = waiting.removeValue(forKey: next) {
                try consume(ready)
                next += 1
            }
        }
        crawler.join()
        if let failure = crawlFailure.withLock({ $0 }) { throw failure }
        return Outcome(filesOpened: opened.load(ordering: .relaxed))
    }

    /// The crawl thread: every root, every entry, a step each, sent in chunks.
    private func crawl(previous box: PreviousBox, into queue: BoundedQueue<Chunk>) throws(FSFindError) {
        let previous = box.previous
        // Old rows met so far, in this root or an earlier overlapping one.
        var seen = [Bool](repeating: false, count: previous?.count ?? 0)
        var chunk = Chunk(sequence: 0)
        var stopped = false
        func send() {
            guard !chunk.steps.isEmpty, !stopped else { return }
            let sequence = chunk.sequence
            if !queue.push(chunk) { stopped = true }
            chunk = Chunk(sequence: sequence + 1)
        }
        func add(_ step: Step) {
            guard !stopped else { return }
            chunk.steps.append(step)
            if chunk.steps.count >= Self.chunkSize { send() }
        }
        var count = 0
        var toRead = 0
        var lastReport = ContinuousClock.now
        for root in roots {
            do throws(FSFindError) {
                try Crawler(options: root.options).crawl(
                    root: root.path, threads: crawlThreads,
                    entry: { entry in
                        guard !stopped else { return }
                        count += 1
                        let oldRow = previous?.row(of: entry)
                        if let oldRow {
                            if seen[oldRow] { return }  // crawled already, through an overlapping root
                            seen[oldRow] = true
                        }
                        // An unchanged file whose parser failed would fail (or hang) again: it keeps
                        // its problem until it changes or `--full` asks to retry. An unreadable one is
                        // retried.
                        if !full, let oldRow, let file = previous?.reader, file.identity(at: oldRow) == entry.identity,
                            file.problem(at: oldRow)?.kind != .unreadable
                        {
                            add(.keep(row: oldRow, accessTime: entry.accessTime))
                        } else {
                            let sameFile = oldRow ?? previous?.row(sameFileAs: entry.identity)
                            add(.read(entry, oldRow: oldRow ?? -1, sameFile: sameFile))
                            toRead += 1
                        }
                        if count & 255 == 0, lastReport.duration(to: .now) > .milliseconds(100) {
                            lastReport = .now
                            let folder = PathBytes.display(Array(entry.path.prefix(entry.nameStart)))
                            add(.progress(items: count, folder: folder, toRead: toRead))
                        }
                    },
                    diagnostic: { path, message in add(.problem(path: path, message: message)) })
            } catch  where error.underlying.map({ Crawler.meansDeleted($0.rawValue) }) == true {
                // Deleted since the caller looked (only the root's own stat throws): the rest of
                // the run goes on, and the caller decides what its rows become.
                add(.vanished(root.path))
                continue
            }
            add(.rootDone(root.path, items: count, toRead: toRead))
        }
        send()
    }
}

/// The previous index, handed to the crawl thread. `PreviousIndex` keeps lookup caches and is not
/// `Sendable`: the crawl thread is the only one that uses it until the pipeline's threads are
/// joined, and the indexer's thread touches it again only after that.
private struct PreviousBox: @unchecked Sendable {
    let previous: PreviousIndex?
    init(_ previous: PreviousIndex?) { self.previous = previous }
}
