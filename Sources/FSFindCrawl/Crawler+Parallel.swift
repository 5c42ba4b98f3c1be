import Dispatch
import FSFindModel
import FSFindPlatform
import Synchronization

extension Crawler {
    /// Crawls `root` like ``crawl(root:entry:diagnostic:)``, reading folders on `threads` threads.
    ///
    /// Listing and stat'ing are system calls that scale across cores; on a tree of a million
    /// entries they are most of a refresh. `entry` and `diagnostic` are still called on the
    /// calling thread, one at a time, and each folder's diagnostics, the folder and then its
    /// files arrive together, after the folder that contains it; only the order between folders
    /// is no longer fixed.
    ///
    /// A diagnostic is handed over as its path and its message, the two things its one user, the
    /// indexer, records of it (as every reporter's `problem(path:message:)` takes them).
    package func crawl(
        root: [UInt8], threads: Int, entry: (CrawlEntry) -> Void,
        diagnostic: (_ path: [UInt8], _ message: String) -> Void
    ) throws(FSFindError) {
        let rootEntry = try rootEntry(root)
        guard threads > 1, rootEntry.fileType == .directory else {
            try crawl(root: root, entry: entry, diagnostic: { diagnostic($0.path, $0.message) })
            return
        }
        let shared = ParallelCrawl(root: rootEntry, threads: threads)
        // The glob's bytes as given on the command line (see `PathBytes.argument`), NUL-terminated.
        let excludes = options.excludes.map { PathBytes.bytes($0).map { CChar(bitPattern: $0) } + [0] }
        let crawler = self
        let listers = JoinedThreads.start(count: threads) { _ in shared.work(crawler, excludes: excludes) }
        defer { listers.join() }
        while let result = shared.next() {
            switch result {
            case .alreadyCrawled(let folder):
                entry(folder)
                let found = Self.alreadyCrawled(folder)
                diagnostic(found.path, found.message)
            case .listing(let listing):
                if listing.vanished { continue }  // deleted since its parent was listed
                for found in listing.diagnostics { diagnostic(found.path, found.message) }
                entry(listing.folder)
                listing.files.forEach(entry)
            }
        }
    }
}

/// The state the threads of one parallel crawl share: folders still to read, folders read (by
/// device and inode, so a bind mount of an ancestor is not crawled again), and results waiting
/// for the caller's thread.
///
/// The folders are a stack (depth first), so a counting semaphore, `work`, carries the waiting
/// for them: signalled once per folder pushed (and once per thread at the end). The results go
/// through a ``BoundedQueue`` of `64 × threads`, so a slow consumer (the indexing pipeline is
/// full) pauses the listing instead of letting the results hold the tree. (At `4 × threads` the
/// listers waited on it every few folders: `benchmarks/RESULTS.md`, "A refresh that finds
/// nothing changed copies the file".)
private final class ParallelCrawl: Sendable {
    enum Result: Sendable {
        case listing(Crawler.FolderListing)
        case alreadyCrawled(CrawlEntry)
    }

    struct State {
        var pending: [CrawlEntry]
        var visited: Set<Crawler.DirectoryKey> = []
        /// Folders taken by a thread and not yet finished.
        var inFlight = 0
        var finished = false
    }

    let state: Mutex<State>
    let work = DispatchSemaphore(value: 0)
    let results: BoundedQueue<Result>
    let threads: Int

    init(root: CrawlEntry, threads: Int) {
        state = Mutex(State(pending: [root]))
        self.threads = threads
        results = BoundedQueue(capacity: 64 * threads)
        work.signal()
    }

    /// A thread's loop: take a folder, read it, hand over the result, queue its subfolders.
    func work(_ crawler: Crawler, excludes: [[CChar]]) {
        while true {
            work.wait()
            let folder: CrawlEntry? = state.withLock { state in
                guard let folder = state.pending.popLast() else { return nil }
                state.inFlight += 1
                return folder
            }
            guard let folder else { return }  // the crawl is over
            let firstVisit = state.withLock { $0.visited.insert(Crawler.DirectoryKey(folder.identity)).inserted }
            let result: Result
            var subfolders: [CrawlEntry] = []
            if firstVisit {
                let listing = crawler.read(folder, excludes: excludes)
                subfolders = listing.subfolders
                result = .listing(listing)
            } else {
                result = .alreadyCrawled(folder)
            }
            // The result first, and the subfolders only then: a folder's listing always precedes
            // its subfolders'.
            results.push(result)
            let finished = state.withLock { state in
                state.pending.append(contentsOf: subfolders.reversed())
                state.inFlight -= 1
                if state.pending.isEmpty && state.inFlight == 0 { state.finished = true }
                return state.finished
            }
            for _ in subfolders { work.signal() }
            if finished {
                results.close()
                for _ in 0..<threads { work.signal() }
            }
        }
    }

    /// The next result, waiting for one; nil once the crawl is over and every result was taken.
    func next() -> Result? { results.pop() }
}
