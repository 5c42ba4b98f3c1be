import CPlatform
import FSFindCrawl
import FSFindExtraction
import FSFindIndexFormat
import FSFindModel
import FSFindText

extension RefreshRun {
    // MARK: - Stage a batch

    /// Extracts the files of the waiting chunks (files with the same bytes as an earlier one of
    /// the run only for their metadata), then goes through the chunks' steps in crawl order: a
    /// kept row is kept, a read file staged with its words queued (``stage(_:entry:oldRow:sameFile:role:)``).
    mutating func stageBatch() throws(FSFindError) {
        // The chunks let go of their items: the batch is then their only holder, and the
        // extractors' replies are merged into them in place (``ExtractionPipeline/read(_:withoutText:)``).
        var batch: [IndexedItem] = []
        batch.reserveCapacity(waitingSize.files)
        for index in waiting.indices {
            batch.append(contentsOf: waiting[index].items)
            waiting[index].items = []
        }
        let linkCounts = waiting.flatMap { chunk in
            chunk.steps.compactMap { step -> UInt32? in
                if case .read(let entry, _, _) = step { return entry.linkCount } else { return nil }
            }
        }
        let roles =
            try words.map { words throws(FSFindError) in
                try words.twins.roles(of: batch, linkCounts: linkCounts, pipeline: pipeline)
            } ?? [:]
        var reads = pipeline.read(consume batch, withoutText: Set(roles.filter(\.value.isTwin).keys))
        var position = 0
        var rootDone = false
        for chunk in waiting {
            for step in chunk.steps {
                switch step {
                case .keep(let row, let accessTime):
                    update.keep(row, accessTime: accessTime)
                case .read(let entry, let oldRow, let sameFile):
                    // One item per read step, in the same order (the identify stage's contract).
                    guard position < reads.count else { throw FSFindError.broken("a chunk lost an item") }
                    let read = reads[position]
                    // The words are the feeder's from here: once SQLite has written them they are
                    // freed, not held by the batch until its last file is staged.
                    reads[position].words = nil
                    try stage(read, entry: entry, oldRow: oldRow, sameFile: sameFile, role: roles[position])
                    position += 1
                case .problem(let path, let message):
                    indexer.reporter?.problem(path: path, message: message)
                case .progress(let items, let folder, let toRead):
                    progress.items = items
                    progress.currentFolder = folder
                    progress.toRead = toRead
                    progress.elapsed = Indexer.seconds(since: clock)
                    indexer.reporter?.progress(progress.line)
                case .rootDone(let path, let items, let toRead):
                    if let index = roots.firstIndex(where: { $0.path == path }) {
                        roots[index].lastRefresh = indexer.now
                    }
                    progress.items = items
                    progress.toRead = toRead
                    rootDone = true
                case .vanished(let path):
                    vanished.append(path)
                }
            }
        }
        if policy.givesMemoryBack(after: waitingSize) { fsfind_release_free_memory() }
        waiting = []
        waitingSize = RefreshBatchPolicy.Waiting()
        if let reporter = indexer.reporter,
            policy.movesProgress(
                read: progress.read, rootDone: rootDone, sinceLastReport: lastReport.duration(to: .now))
        {
            lastReport = .now
            progress.toRead = max(progress.toRead, progress.read)
            progress.elapsed = Indexer.seconds(since: clock)
            reporter.progress(progress.line)
        }
    }

    /// One file read in this batch: counted new or changed, its added date carried over from the
    /// file it was (`sameFile`, a row of the previous index), its words queued, its item staged in
    /// place of `oldRow` (-1: none).
    private mutating func stage(
        _ read: ExtractionPipeline.Read, entry: CrawlEntry, oldRow: Int, sameFile: Int?, role: TextTwins.Role?
    ) throws(FSFindError) {
        var read = read
        // Deleted between the crawl and its reading (libmagic's or an extractor's open found
        // nothing): not an error and not an item. Its old row, unseen, goes with the rest of what
        // its crawled root no longer has.
        if read.item.problem != nil, Indexer.isGone(read.item.path) {
            if case .original(let slot, _) = role { words?.twins.settle(slot, document: nil, failed: true) }
            return
        }
        // An unreadable file is an error, named on stderr (folders are named by the crawl that
        // could not list them).
        if let problem = read.item.problem, problem.kind == .unreadable, entry.fileType != .directory {
            indexer.reporter?.problem(path: read.item.path, message: problem.reason)
        }
        if oldRow >= 0 {
            summary.changed += 1
        } else {
            summary.new += 1
        }
        read.item.attributes[.addedDate] =
            sameFile.flatMap { previous?.reader.value(of: .addedDate, at: $0) } ?? .date(indexer.now)
        let document = try words?.queue(&read, role: role, pipeline: pipeline, summary: &summary)
        try update.stage(read.item, textDocument: document, replacing: oldRow >= 0 ? oldRow : nil)
        progress.read += 1
    }
}

/// Where a refresh's words go: the text store, the thread that feeds its one transaction
/// (committed before the index is replaced, `docs/full-text.md`), and the files with the same
/// bytes found so far in the run.
struct RefreshWords {
    let store: TextStore
    /// SQLite indexes the words on a thread of its own while the next batch is read.
    let feeder: TextStoreFeeder
    /// Files whose words are known (another name, the same bytes earlier in the run or in the
    /// store) name those words, not read again.
    let twins: TextTwins

    init(store: TextStore) throws(FSFindError) {
        self.store = store
        // Its reading connection opened before the run's transaction begins.
        twins = try TextTwins(store: store)
        feeder = try store.feeder()
    }

    /// Queues `read`'s words for the text store and returns their document number, nil when it
    /// has none: those the extraction worker cut, or the text it brought; for a twin
    /// (``TextTwins``), its original's document, or its own words when the original could not be
    /// read.
    func queue(
        _ read: inout ExtractionPipeline.Read, role: TextTwins.Role?, pipeline: ExtractionPipeline,
        summary: inout IndexSummary
    ) throws(FSFindError) -> UInt32? {
        if case .twin(let slot) = role {
            if let document = twins.document(of: slot), !twins.originalFailed(slot) {
                summary.sharedWords += 1
                return try feeder.link(source: Self.source(of: read, trusted: true), document: document)
            }
            guard twins.originalFailed(slot), read.item.problem == nil else { return nil }
            // The original's words could not be read (it changed, or its reading failed): this
            // one reads its own.
            read = pipeline.read([read.item])[0]
        }
        // Read with a problem, or written to while read: its words may not be those of the file
        // as it is, so no other file is given them.
        let trusted = read.item.problem == nil && !read.changedWhileRead
        let source = Self.source(of: read, trusted: trusted)
        var digest: KeyedDigest?
        if trusted, case .original(_, let known) = role { digest = known }
        // Packed and cut by the extraction worker, the feeder's thread only indexes them; a text
        // is packed by the feeder on this thread, while its own indexes earlier documents.
        let document = try read.words.flatMap { words throws(FSFindError) in
            try feeder.add(source: source, digest: digest, words: words)
        }
        if case .original(let slot, _) = role {
            twins.settle(slot, document: document, failed: !trusted)
        }
        return document
    }

    /// What the store keeps `read`'s words as: its identity and content type, the type left out
    /// when the words are not `trusted` (then no other file is given them).
    private static func source(of read: ExtractionPipeline.Read, trusted: Bool) -> DocumentSource {
        var type: String?
        if trusted, case .textList(let tree)? = read.item.attributes[.contentTypeTree] { type = tree.first }
        return DocumentSource(identity: read.item.identity, type: type)
    }
}
