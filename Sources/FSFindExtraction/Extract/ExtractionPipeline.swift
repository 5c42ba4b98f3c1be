import FSFindModel
import FSFindPlatform
import FSFindText
import Foundation
import Synchronization

/// Reads content metadata for identified items and merges it in; the step between identify and
/// the index file.
///
/// Only items an extractor handles (``ExtractorRegistry/extractor(for:)``) and that were read
/// without a problem are touched; the rest pass through at no cost, so crawling a tree of source
/// code stays as fast as before. Every file is treated as hostile: with `.workers`, extractors run
/// in child processes (`fsfind extract-worker`) with a memory and CPU limit, and the pipeline
/// adds a wall-clock timeout. A file whose extractor fails, crashes or hangs keeps its file-system
/// attributes and gets an `.unparsable` problem with the reason; the worker is replaced and the run
/// goes on. Results are per item, so they do not depend on which worker read which file.
package struct ExtractionPipeline: Sendable {
    /// Where extractors run.
    enum Isolation: Sendable {
        /// In this process, on a few threads: for library users and tests that have no worker
        /// executable. A crashing parser takes the process down.
        case inProcess
        /// In worker processes started from an executable that runs ``ExtractionWorker/serve``.
        case workers(WorkerOptions)
    }

    /// How to start and police worker processes.
    struct WorkerOptions: Sendable {
        /// The executable that serves as a worker (`/proc/self/exe` for the running `fsfind`).
        var executable: String
        /// Arguments that make it a worker (the front end's own subcommand); the limits are
        /// appended as options.
        var arguments: [String]
        /// How many workers run at once.
        var count: Int
        /// Wall-clock time one file may take before its worker is killed.
        var timeout: Duration
        /// Limits each worker sets on itself.
        var limits: ExtractionWorker.Limits
        /// Variables added to the workers' environment (the test hooks, for instance).
        var environment: [String: String]

        /// Workers of `executable` started with `arguments`, given `timeout` per file, the limits
        /// and the environment a front end does not change, one per core.
        init(executable: String, arguments: [String], timeout: Duration = .seconds(10)) {
            self.init(
                executable: executable, arguments: arguments, count: ProcessInfo.processInfo.activeProcessorCount,
                timeout: timeout)
        }

        /// The same with a number of workers of its own, and (for tests) other limits and variables.
        init(
            executable: String, arguments: [String], count: Int, timeout: Duration = .seconds(10),
            limits: ExtractionWorker.Limits = ExtractionWorker.Limits(), environment: [String: String] = [:]
        ) {
            self.executable = executable
            self.arguments = arguments
            self.count = count
            self.timeout = timeout
            self.limits = limits
            self.environment = environment
        }

        /// The worker's argv after the executable, limits included.
        var commandLine: [String] { arguments + limits.arguments }
    }

    var registry: ExtractorRegistry
    var isolation: Isolation
    /// The most bytes of text taken from one file for the full-text store; 0 takes none, and
    /// skips the extractors that read only text (`--no-content`). See ``defaultTextLimit``.
    package var textLimit: Int
    /// The text store's tokenizer (``TextStore/wordCutterSpec``), set by the indexer that writes
    /// into it: the extractors then pack the words and cut them (``WordsOrText/cut(_:)``) where
    /// they read them, instead of handing the text over.
    package var wordCutter: String?

    /// 16 MiB: an ordinary log or book (5 MB) is searchable to its last line, while a 2 GB log
    /// costs one bounded read; a worker's reply (at most 64 MiB) holds it even when Latin-1 text
    /// doubles in UTF-8.
    static let defaultTextLimit = 16 << 20

    /// Extractors in worker processes of `executable`, started with `arguments` (the front end's
    /// own subcommand) and given `timeout` a file, one a core, with the limits and environment a
    /// front end does not change; with `readsWords`, the words inside files are read too, up to
    /// ``defaultTextLimit`` a file (without, `--no-content`: metadata only). A front end names
    /// the worker; how workers are started and policed (``WorkerOptions``) stays the pipeline's.
    package init(workers executable: String, arguments: [String], timeout: Duration = .seconds(10), readsWords: Bool) {
        self.init(
            isolation: .workers(WorkerOptions(executable: executable, arguments: arguments, timeout: timeout)),
            readsWords: readsWords)
    }

    /// Extractors in this process, metadata only: for a run that reads no file (`fsfind forget`)
    /// and for tests and tools that have no worker executable.
    package init() {
        self.init(isolation: .inProcess, textLimit: 0)
    }

    /// Extractors run as `isolation` says; with `readsWords`, the words inside files are read too,
    /// up to ``defaultTextLimit`` a file (without, `--no-content`: metadata only).
    init(isolation: Isolation, readsWords: Bool = false) {
        self.init(isolation: isolation, textLimit: readsWords ? Self.defaultTextLimit : 0)
    }

    /// The same with a text limit of its own (tests read a little, or a lot).
    init(isolation: Isolation = .inProcess, textLimit: Int) {
        registry = .standard
        self.isolation = isolation
        self.textLimit = textLimit
    }

    /// How many bytes of text `item` may bring (what its extractor expects of its size, capped at
    /// the text limit), when an extractor that reads text will read it; else 0.
    package func textBytes(for item: IndexedItem) -> Int {
        guard textLimit > 0, item.problem == nil, case .textList(let tree)? = item.attributes[.contentTypeTree],
            let extractor = extractor(for: tree), extractor.readsText
        else { return 0 }
        return min(extractor.expectedTextBytes(fileSize: Int(max(0, item.identity.size))), textLimit)
    }

    /// Files whose text may be this large are read one at a time: a worker holds a text's words
    /// two to three times over while it cuts and sends them, and the indexer again while it
    /// receives them, so two large texts read at once made a first index's peak
    /// (`benchmarks/RESULTS.md`, "One large text at a time").
    static let largeText = 4 << 20

    /// True when `request` asks for the words of `item` and they may come to ``largeText``.
    private func isLargeText(_ item: IndexedItem, request: ExtractionWire.Request) -> Bool {
        request.textLimit > 0 && textBytes(for: item) >= Self.largeText
    }

    /// The extractor for `tree` in this pipeline, or nil.
    func extractor(for tree: [String]) -> (any Extractor)? {
        guard let extractor = registry.extractor(for: tree) else { return nil }
        return textLimit == 0 && extractor.readsOnlyText ? nil : extractor
    }

    /// The file-system attributes, which an extractor may not replace; `contentCreationDate` is
    /// not among them, because a date in the content beats the file's birth time.
    static let fileSystemAttributes: Set<Attribute> = [
        .path, .fsName, .displayName, .contentType, .contentTypeTree, .mimeType, .kind, .fileSize,
        .contentModificationDate, .fsCreationDate, .lastUsedDate, .addedDate, .attributeChangeDate, .fsOwnerUserID,
        .fsOwnerGroupID, .fsInvisible, .userTags, .whereFroms, .comment,
    ]

    /// An item as the extractors left it, and its words beside it, on their way to the text
    /// store: they travel beside the item, never inside it, since the index file has no place for
    /// them.
    package struct Read: Sendable, Hashable {
        package var item: IndexedItem
        /// The words packed and cut by the extraction worker, or the text when the extractor
        /// brought it whole (no ``ExtractionPipeline/wordCutter``, or a text that could not be
        /// cut); nil when it brought none.
        package var words: WordsOrText?
        /// True when the file was not as crawled by the time its content had been read (written
        /// to meanwhile): its words may not be those of its bytes as compared, so files with the
        /// same bytes read their own (``TextTwins`` in the indexer).
        package var changedWhileRead = false

        init(item: IndexedItem, words: WordsOrText? = nil) {
            self.item = item
            self.words = words
        }
    }

    /// `items` with the content attributes of every file an extractor reads, in the same order;
    /// their words are dropped (``read(_:withoutText:)`` keeps them).
    func run(_ items: [IndexedItem], withoutText: Set<Int> = []) -> [IndexedItem] {
        read(items, withoutText: withoutText).map(\.item)
    }

    /// `items` with the content attributes of every file an extractor reads, each with its words,
    /// in the same order.
    ///
    /// The items at `withoutText` (positions in `items`) get their metadata but not their words:
    /// another file with the same bytes brings those (the indexer's `TextTwins`).
    ///
    /// Taken, not borrowed: a caller that hands over the only copy of its items lets the replies
    /// be merged into them in place, where a shared item's attributes were copied first (a
    /// batch's items twice in memory at its peak: `benchmarks/RESULTS.md`, "The pipeline's
    /// items in flight").
    package func read(_ items: consuming [IndexedItem], withoutText: Set<Int> = []) -> [Read] {
        var result = (consume items).map { Read(item: $0) }
        var jobs: [(index: Int, request: ExtractionWire.Request)] = []
        for (index, read) in result.enumerated() where read.item.problem == nil {
            let item = read.item
            guard case .textList(let tree)? = item.attributes[.contentTypeTree],
                let extractor = self.extractor(for: tree)
            else { continue }
            let words = !withoutText.contains(index)
            if !words && extractor.readsOnlyText { continue }
            jobs.append(
                (
                    index,
                    ExtractionWire.Request(
                        extractor: extractor.name, path: item.path, identity: item.identity, tree: tree,
                        textLimit: words ? textLimit : 0, wordCutter: words ? wordCutter ?? "" : "")
                ))
        }
        guard !jobs.isEmpty else { return result }
        let requests = jobs.map(\.request)
        let large = Set(jobs.indices.filter { isLargeText(result[jobs[$0].index].item, request: jobs[$0].request) })
        let replies: [ExtractionWire.Reply]
        switch isolation {
        case .inProcess: replies = Self.inProcess(requests, large: large, registry: registry)
        case .workers(let options): replies = Self.isolated(requests, large: large, options: options)
        }
        for (job, reply) in zip(jobs, replies) { Self.merge(reply, into: &result[job.index]) }
        return result
    }

    /// Puts a reply into its item: content attributes on success, the reason on failure; a part
    /// that could not be read (words, or what a missing library reads) is the item's problem,
    /// beside the metadata that could.
    static func merge(_ reply: ExtractionWire.Reply, into read: inout Read) {
        switch reply {
        case .success(let extracted):
            if let problem = extracted.problem, read.item.problem == nil {
                read.item.problem = ItemProblem(.unparsable, problem)
            }
            for (attribute, value) in extracted.attributes where !fileSystemAttributes.contains(attribute) {
                if attribute == .textContent {
                    // For the text store, not the index file.
                    if case .text(let text) = value { read.words = .text(text) }
                    continue
                }
                read.item.attributes[attribute] = value
            }
            if let cut = extracted.cutText { read.words = .cut(cut) }
            read.changedWhileRead = extracted.changedWhileRead
        case .failure(let error):
            read.item.problem = ItemProblem(.unparsable, error.reason)
        }
    }

    private typealias Request = ExtractionWire.Request
    private typealias Reply = ExtractionWire.Reply

    private static func inProcess(_ requests: [Request], large: Set<Int>, registry: ExtractorRegistry) -> [Reply] {
        let threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, requests.count))
        return parallel(requests, large: large, threads: threads) { () -> (Request) -> Reply in
            { request in ExtractionWire.perform(request, registry: registry) }
        }
    }

    private static func isolated(_ requests: [Request], large: Set<Int>, options: WorkerOptions) -> [Reply] {
        let threads = max(1, min(options.count, requests.count))
        let seconds = Self.seconds(options.timeout)
        let key = WorkerPool.Key(options)
        return parallel(requests, large: large, threads: threads) { () -> (Request) -> Reply in
            // Each thread owns at most one worker at a time: a parked one from an earlier run, or
            // one started on first use; replaced after a crash or timeout, and parked again for
            // the next run when the thread is done (see WorkerPool).
            let slot = WorkerSlot(key: key, limit: options.count)
            return { request in
                var reply = exchange(request, slot: slot, options: options, key: key, seconds: seconds)
                // A parked worker can die between the liveness check and the request (killed while
                // idle, or still exiting when checked): that is no fault of the file, so try it
                // once more on a fresh worker rather than marking it unparsable.
                if case .died = reply.outcome, reply.reused {
                    reply = exchange(
                        request, slot: slot, options: options, key: key, seconds: seconds, allowParked: false)
                }
                return reply.reply
            }
        }
    }

    /// One request on the slot's worker (a parked one, or a new one), and whether the worker
    /// came from the pool.
    private static func exchange(
        _ request: Request, slot: WorkerSlot, options: WorkerOptions, key: WorkerPool.Key, seconds: String,
        allowParked: Bool = true
    ) -> (reply: Reply, outcome: WorkerProcess.Outcome?, reused: Bool) {
        let worker: WorkerProcess
        var reused = false
        if let running = slot.worker {
            worker = running
        } else if allowParked, let parked = WorkerPool.shared.take(key) {
            worker = parked
            slot.worker = parked
            reused = true
        } else {
            do throws(ExtractionError) {
                worker = try WorkerProcess(
                    executable: options.executable, arguments: options.commandLine, environment: options.environment)
            } catch {
                return (.failure(error), nil, false)
            }
            slot.worker = worker
        }
        let outcome = worker.exchange(ExtractionWire.encode(request), timeout: options.timeout)
        switch outcome {
        case .reply(let payload):
            do throws(ExtractionError) {
                return (try ExtractionWire.decodeReply(payload), outcome, reused)
            } catch {
                slot.worker = nil
                return (
                    .failure(ExtractionError("\(request.extractor) extractor sent a broken reply: \(error.reason)")),
                    outcome, reused
                )
            }
        case .timedOut:
            slot.worker = nil
            return (
                .failure(ExtractionError("\(request.extractor) extractor timed out after \(seconds) s")), outcome,
                reused
            )
        case .died(let how):
            slot.worker = nil
            return (.failure(ExtractionError("\(request.extractor) extractor \(how)")), outcome, reused)
        }
    }

    /// Ends the worker processes parked for this pipeline's next run (``WorkerPool``), for a run
    /// that has read its last file: they would hold their memory while the index is written, when
    /// a first index peaks. A later run starts new ones.
    package func endIdleWorkers() {
        guard case .workers(let options) = isolation else { return }
        WorkerPool.shared.end(WorkerPool.Key(options))
    }

    /// "10" or "1.5": a timeout as people write it.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return String(milliseconds / 1000) }
        return String(Double(milliseconds) / 1000)
    }

    /// The worker one thread is using; touched only by that thread. A worker still here when the
    /// thread is done answered its last request cleanly, so it is parked for the next run.
    private final class WorkerSlot {
        var worker: WorkerProcess?
        let key: WorkerPool.Key
        let limit: Int

        init(key: WorkerPool.Key, limit: Int) {
            self.key = key
            self.limit = limit
        }

        deinit {
            if let worker { WorkerPool.shared.park(worker, key: key, limit: limit) }
        }
    }

    /// Runs `makeWork()`'s function over `requests` on `threads` threads, each with its own
    /// function (and so its own worker), and returns the replies in request order. The requests
    /// at `large` (``largeText``) run one at a time, the others beside them.
    private static func parallel(
        _ requests: [Request], large: Set<Int> = [], threads: Int,
        makeWork: @escaping @Sendable () -> (Request) -> Reply
    ) -> [Reply] {
        let replies = Replies(count: requests.count)
        JoinedThreads.start(count: threads) { _ in
            let work = makeWork()
            while true {
                let index = replies.next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < requests.count else { return }
                let reply =
                    large.contains(index)
                    ? replies.largeText.withLock { _ in work(requests[index]) } : work(requests[index])
                replies.slots.withLock { $0[index] = reply }
            }
        }.join()
        return replies.slots.withLock { slots in
            slots.map { $0 ?? .failure(ExtractionError("not extracted")) }
        }
    }

    /// The shared work counter and reply slots of one `parallel` call.
    private final class Replies: Sendable {
        let next = Atomic<Int>(0)
        let slots: Mutex<[Reply?]>
        /// Held while a large text is read.
        let largeText = Mutex(())
        init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }
    }
}
