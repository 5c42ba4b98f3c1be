import FSFindIndexFormat
import FSFindModel
import FSFindQuery
import FSFindText
import Foundation
import Synchronization

/// What one scan found: the best rows of the chosen scope, how many it holds, and how many each
/// scope would hold, so the scope control can show counts without a scan per scope.
package struct ScanResult: Sendable, Equatable {
    /// Rows of the chosen scope, best first, at most the scan's limit.
    package var rows: [Int]
    /// Matches in the chosen scope (may exceed `rows.count`).
    package var total: Int
    /// Matches per scope, in `Scope.allCases` order.
    var counts: [Int]
    /// Every row the field and location matched, whatever its scope: the candidates of the next
    /// scan when the field only narrows (see ``SearchField/narrows(_:)``) or the scope changes.
    package var matched: [Int]
    /// When nothing matched: each free-text word nothing holds, with the word it most likely meant
    /// (the row the field offers to take in one key).
    package var corrections: [SpellingCorrection] = []
    /// What the scan cost; not part of the answer, so two results are equal without it (a field
    /// added above belongs in `==`).
    var work = ScanWork()

    package init(
        rows: [Int] = [], total: Int = 0, counts: [Int] = Array(repeating: 0, count: Scope.allCases.count),
        matched: [Int] = []
    ) {
        self.rows = rows
        self.total = total
        self.counts = counts
        self.matched = matched
    }

    package static func == (a: ScanResult, b: ScanResult) -> Bool {
        a.rows == b.rows && a.total == b.total && a.counts == b.counts && a.matched == b.matched
            && a.corrections == b.corrections
    }

    package func count(of scope: Scope) -> Int {
        counts[Scope.allCases.firstIndex(of: scope) ?? 0]
    }
}

/// What one scan cost, for the search trace (`FSFIND_SEARCH_TRACE`, which
/// `benchmarks/search-keystroke` reads): where a slow key spent its time, without a profiler.
struct ScanWork: Sendable {
    /// Rows the scan visited: its candidates, or every row.
    var visited = 0
    /// Of those, rows the row summaries let through to be scored (all of them before the
    /// summaries are made, or for a field that is not plain free text).
    var scored = 0
    /// Of those, rows counted without a score, their text's bound and lift below the worst result
    /// kept (``SignatureFilter/textBound(_:at:)``).
    var bounded = 0
    /// Asking the text store for the field's words.
    var content = Duration.zero
    /// The pass over the rows, its threads joined.
    var scan = Duration.zero
    /// The CPU time of that pass on every core (``processCPUTime()``).
    var scanCPU = Duration.zero

    init() {}
}

/// One pass over the index for the interactive search: field query, location, every scope's count,
/// and the ranked best rows of the chosen scope.
///
/// The pass asks `shouldStop` every few thousand rows and gives up (nil) when it says so: a key
/// pressed meanwhile makes this search stale, and stale searches are dropped, never queued.
package struct InteractiveScan {
    /// The session's rows, every section a field can read checked when it was made (the search
    /// screen's reader of everything).
    let reader: IndexReader
    var index: IndexSnapshot { reader.snapshot }
    let ranker: ResultRanker
    /// How many rows to rank and keep; the list never shows more.
    var limit: Int

    /// The words inside the files, when the index has a text store: free text finds them too.
    let text: TextStore?

    /// Section views shared by every scan of the session, so their checks run once: per part of
    /// a scan (``PartViews``), one set per file of the index (base, delta).
    let views = PartViews()

    /// The tables of the free-text look-ups of scans that are over, for the next key's
    /// (``FreeTextLookUp``).
    private let lookUpTables = LookUpTables()

    /// The session's rows by type-table entry, for fields of type tests alone (``TypeCandidates``).
    private let typeRows = TypeRowsMemo()
    /// The last answer to a field of type tests alone.
    private let typeFieldAnswer = TypeFieldAnswer()

    /// Per-row summaries of the rows' free text, which let a scan of plain words skip the rows
    /// they cannot match (``SignatureFilter``); made by ``summarize()`` or in the background.
    let signatures: SignatureStore

    /// The one-letter fields' answers worked out ahead (``LetterAnswers``); nil in the scan that
    /// works them out.
    let letters: LetterAnswers?

    init(
        reader: IndexReader, ranker: ResultRanker, limit: Int = 500, text: TextStore? = nil,
        signatures: SignatureStore = SignatureStore(), letters: LetterAnswers? = LetterAnswers()
    ) {
        self.reader = reader
        self.ranker = ranker
        self.limit = limit
        self.text = text
        self.signatures = signatures
        self.letters = letters
    }

    /// Makes the row summaries on this thread.
    func summarize() { signatures.make(for: reader, ranker: ranker) }

    /// Makes the row summaries on a thread of their own; scans use them once they are made. With
    /// a scope, the thread then works out the one-letter fields' answers in it (``LetterAnswers``),
    /// their words compiled in `context`, after `lowering` (the search screen lowers the thread's
    /// priority there: a key typed meanwhile must get the cores).
    package func summarizeInBackground(
        answeringLettersIn scope: Scope? = nil, context: QueryContext? = nil,
        lowering: @escaping @Sendable () -> Void = {}
    ) {
        guard let scope, let context, let letters else {
            signatures.makeInBackground(for: reader, ranker: ranker)
            return
        }
        let ahead = LettersAhead(
            reader: reader, ranker: ranker, limit: limit, signatures: signatures, scope: scope, context: context)
        signatures.makeInBackground(for: reader, ranker: ranker) { [weak letters] in
            lowering()
            ahead.answer { letters }
        }
    }

    /// How a scan is cut among threads: the one ``PartitionedScan``, from ``parallelRows``.
    var partitions = PartitionedScan(parallelRows: Self.parallelRows)

    /// Rows from which a key's scan is cut among the cores. Lower than `fsfind query`'s: a row of
    /// the field costs several times one of a query's (its scope, its rank, the list of matches),
    /// and a key of 16,384 rows already takes milliseconds on one core, where a thread costs
    /// tens of microseconds to start (`docs/decisions.md`, "The search field's per-key costs").
    static let parallelRows = 16_384

    /// Whether a field of type tests alone reads the type column for its rows before the scan
    /// (``TypeCandidates``); off, it visits every row, as tests compare.
    var readsTypesFirst = true

    /// How often `shouldStop` is asked, in rows.
    static let stopCheckInterval = 2048

    /// Scans `candidates` (rows of an earlier scan whose matches are a superset of this one's),
    /// or every row.
    package func run(
        _ query: FieldQuery, scope: Scope, onlyIn folder: [UInt8]?, candidates: [Int]? = nil,
        shouldStop: () -> Bool = { false }
    ) throws(FSFindError) -> ScanResult? {
        guard let letters else {
            return try scan(query, scope: scope, onlyIn: folder, candidates: candidates, shouldStop: shouldStop)
        }
        return try letters.keyScan { () throws(FSFindError) in
            try scan(query, scope: scope, onlyIn: folder, candidates: candidates, shouldStop: shouldStop)
        }
    }

    private func scan(
        _ query: FieldQuery, scope: Scope, onlyIn folder: [UInt8]?, candidates: [Int]?, shouldStop: () -> Bool
    ) throws(FSFindError) -> ScanResult? {
        let started = ContinuousClock.now
        let chosenBit = UInt16(1) << UInt16(Scope.allCases.firstIndex(of: scope) ?? 0)
        let content = try contentMatches(query, shouldStop: shouldStop)
        // A key typed while the words were looked up: this search is stale.
        if content?.interrupted == true { return nil }
        let scanStarted = ContinuousClock.now
        let scanCPUStarted = ScanWork.processCPUTime()
        // The rows in merged order (the candidates, or every row), cut into chunks that a thread
        // per core claims in turn: the first letter of a field scores every row, the slowest key
        // on one core (`benchmarks/RESULTS.md`, "The interactive scan over the cores" and "Numbers
        // that were in code comments"). Each thread ranks its own best rows; joined, they are what
        // one pass gives (the ranking's ties go to the lower row, whichever thread found it).
        // Candidates that are every row (the field's first letter after an empty field) are
        // walked as every row: the same rows in the same order, without reading the list.
        let summaries = signatures.current
        let filter = SignatureFilter(query)
        var candidates = candidates?.count == index.itemCount ? nil : candidates
        var letter: LetterScan?
        if candidates == nil, let filter {
            (candidates, letter) = summaryCandidates(
                query, filter: filter, content: content, made: summaries, scope: scope, folder: folder)
        }
        if let letter, let rows = letters?.rows(for: letter.key(limit: limit)) {
            var known = ScanResult(
                rows: rows, total: letter.counts[letter.scope], counts: letter.counts, matched: letter.matched)
            known.work.timed(started: started, scanStarted: scanStarted, cpu: scanCPUStarted)
            return try withSuggestions(known, for: query)
        }
        // A field of type tests alone visits the rows of the type entries it accepts; the same
        // entries as the last such field's give its answer again (`kind:au`, `kind:aud` …).
        var typeKey: TypeFieldAnswer.Key?
        if candidates == nil,
            let typed = try typeField(query, chosenBit: chosenBit, folder: folder, made: summaries, shouldStop)
        {
            switch typed {
            case .stopped: return nil
            case .answered(var known):
                known.work.timed(started: started, scanStarted: scanStarted, cpu: scanCPUStarted)
                return known
            case .scan(let rows, let key): (candidates, typeKey) = (rows, key)
            }
        }
        let rows = candidates?.count ?? index.itemCount
        let partViews = views.sets(
            count: partitions.parts(rows: rows).count, of: reader, named: summaries?.named ?? [])
        let lookUps = lookUps(query, content: content, views: partViews[0])
        let job = ScanJob(
            scan: self, query: query, chosenBit: chosenBit, folder: folder, candidates: candidates,
            content: content, filter: filter, summaries: summaries?.files, lifts: summaries?.lifts,
            lookUps: lookUps, partViews: partViews, letter: letter, matches: nil, shouldStop: { false })
        guard var result = walk(rows, job, shouldStop: shouldStop) else { return nil }
        if let letter {
            result.counts = letter.counts
            result.total = letter.counts[letter.scope]
            result.matched = letter.matched
        }
        result.work.visited = rows
        result.work.timed(started: started, scanStarted: scanStarted, cpu: scanCPUStarted)
        result = try withSuggestions(result, for: query)
        if let typeKey { typeFieldAnswer.keep(result, for: typeKey) }
        return result
    }

    /// `result` with the field's suggestions, asked as `fsfind query` asks: a typo may still find
    /// files (`quartely` by its stem's start, inside a report), and the field offers the search it
    /// meant all the same. A word the index holds, or the start of one (every word while it is
    /// typed), is answered by a look-up in the sorted words; only a word nothing holds walks the
    /// corrector.
    private func withSuggestions(_ result: ScanResult, for query: FieldQuery) throws(FSFindError) -> ScanResult {
        guard let compiled = query.text, !compiled.root.freeTextLeaves.isEmpty else { return result }
        var result = result
        result.corrections = try Searcher(index: index, text: text).suggestions(for: compiled)
        return result
    }

    /// The rows the summaries let a field of plain words visit (``StartRows``), nil before they
    /// are made: a field whose every match starts a word with each word's first character (words
    /// too short to match inside names) only the rows that do, a first letter a third of a million
    /// instead of every row; a word long enough to match inside names the rows whose summary has
    /// its start and first triple, or every triple of the typed bytes, or whose files' words hold
    /// it. And for a field of one letter alone, what its scan knows before it visits a row.
    private func summaryCandidates(
        _ query: FieldQuery, filter: SignatureFilter, content: ContentMatches?, made: SignatureStore.Made?,
        scope: Scope, folder: [UInt8]?
    ) -> (rows: [Int]?, letter: LetterScan?) {
        guard let starts = made?.starts else { return (nil, nil) }
        let required = filter.requiredStarts(content: content)
        let rows = starts.rows(startingWith: required) ?? starts.rows(passing: filter, content: content, of: index)
        let letter = LetterScan(
            filter, query: query, folder: folder, required: required, made: made, candidates: rows, scope: scope)
        return (rows, letter)
    }

    /// What the text store holds of the field's free text, nil when it has none (or there is no
    /// store); interrupted when `shouldStop` said so while it was asked.
    private func contentMatches(
        _ query: FieldQuery, shouldStop: () -> Bool
    ) throws(FSFindError) -> ContentMatches? {
        // The same plans `fsfind query` runs: raw section reads, answers kept per distinct string.
        // The field's free text asks the text store too, as `fsfind query` does.
        try withoutActuallyEscaping(shouldStop) { shouldStop throws(FSFindError) in
            try query.text.flatMap { text throws(FSFindError) -> ContentMatches? in
                guard self.text != nil, !text.root.freeTextLeaves.isEmpty else { return nil }
                // Asked only while the lookup runs, so the closure does not outlive this call.
                // Without BM25, as `fsfind serve` asks: a file that only mentions the words ranks
                // among such files by how recently it changed (the lift that already outweighs
                // BM25's share for recent files); BM25 of a common prefix's files slowed every key
                // (`benchmarks/RESULTS.md`, "The search field: short words at word starts, row
                // summaries, exact narrowing, no BM25 per key").
                return try ContentMatches(
                    text, store: self.text, index: index, minimumWordLength: FieldQuery.shortestInsideWord,
                    ranked: false, shouldStop: shouldStop)
            }
        }
    }

    /// How a field of type tests alone is answered: as the last such field was, or from its
    /// accepted rows (``TypeFieldRanking``), or by a scan of those rows (kept under `key`).
    private enum TypeField {
        case answered(ScanResult)
        case stopped
        case scan(rows: [Int], key: TypeFieldAnswer.Key?)
    }

    /// Nil for another field. Every accepted row matches unless a row's entry cannot be read, or
    /// the field looks in a folder: then they are scanned.
    private func typeField(
        _ query: FieldQuery, chosenBit: UInt16, folder: [UInt8]?, made: SignatureStore.Made?,
        _ shouldStop: () -> Bool
    ) throws(FSFindError) -> TypeField? {
        guard let typed = typeFieldRows(query, chosenBit: chosenBit, folder: folder, made: made) else { return nil }
        if var known = typed.known {
            known.work = ScanWork()
            return .answered(known)
        }
        guard let key = typed.key, folder == nil else { return .scan(rows: typed.rows, key: typed.key) }
        var stopped = false
        let ranked = TypeFieldRanking.answer(rows: typed.rows, scan: self, lifts: made?.lifts, chosenBit: chosenBit) {
            stopped = shouldStop()
            return stopped
        }
        if stopped { return .stopped }
        guard let ranked else { return .scan(rows: typed.rows, key: key) }
        let answer = try withSuggestions(ranked, for: query)
        typeFieldAnswer.keep(answer, for: key)
        return .answered(answer)
    }

    /// For a field of type tests alone (``TypeCandidates``): the rows of the type entries it
    /// accepts, and the last such field's answer when it accepted the same rows here
    /// (``TypeFieldAnswer``; `key` is what this one's answer is kept under). Nil for another field.
    private func typeFieldRows(
        _ query: FieldQuery, chosenBit: UInt16, folder: [UInt8]?, made: SignatureStore.Made?
    ) -> (rows: [Int], key: TypeFieldAnswer.Key?, known: ScanResult?)? {
        guard readsTypesFirst else { return nil }
        if let made = made?.types, !made.isEmpty { typeRows.fromSummaries = made }
        let views = views.sets(count: 1, of: reader)[0]
        guard let accepted = TypeCandidates.rows(for: query, in: index, views: views, byType: typeRows) else {
            return nil
        }
        // A row whose entry cannot be read is the plan's to judge: another field may judge it otherwise.
        guard !accepted.judgedAlone else { return (accepted.rows, nil, nil) }
        let key = TypeFieldAnswer.Key(rows: accepted.rows, chosenBit: chosenBit, folder: folder, limit: limit)
        return (accepted.rows, key, typeFieldAnswer.answer(for: key))
    }

    /// The field's free-text words looked up in the words of each file `views` reads, once, on
    /// the scan's thread, for every part (``FreeTextLookUp``).
    private func lookUps(_ query: FieldQuery, content: ContentMatches?, views: [IndexViews]) -> [[FreeTextLookUp?]] {
        views.map { file in
            query.text.map { FreeTextLookUp.leaves(of: $0, views: file, content: content, tables: lookUpTables) } ?? []
        }
    }

    /// `rows` positions walked by `job`'s threads, each claiming chunks of them in turn
    /// (``PartitionedScan/run(claiming:_:)``), their results joined; nil when `shouldStop` said so.
    private func walk(_ rows: Int, _ job: ScanJob, shouldStop: () -> Bool) -> ScanResult? {
        var parts: [PartResult?] = []
        var stopped = false
        // Room for every position's match, which the threads' chunks write in place: only the
        // pages written are the process's, where growing by doubling copied a common letter's
        // matches two or three times a key. A one-letter field's matches are known.
        let matched = [Int](unsafeUninitializedCapacity: job.letter == nil ? rows : 0) { room, written in
            (parts, stopped) = withoutActuallyEscaping(shouldStop) { shouldStop in
                // Asked by one thread at a time, and not after this call: the closure does not escape.
                let stop = StopSignal(shouldStop)
                let job = job.writing(into: job.letter == nil ? room.baseAddress : nil, shouldStop: stop.ask)
                let parts = partitions.run(claiming: rows) { thread, claims in
                    // The session's views are lazily filled: each thread has its own set, which no
                    // other thread touches during the scan.
                    job.run(claiming: claims, views: job.partViews[thread])
                }
                return (parts, stop.stopped)
            }
            let done = parts.compactMap { $0 }
            written = stopped ? 0 : Self.gathered(done, chunks: partitions.chunks(rows: rows), in: room)
        }
        guard !stopped, parts.allSatisfy({ $0 != nil }) else { return nil }
        return Self.joined(parts.compactMap { $0 }, matched: matched, limit: limit)
    }

    /// The threads' results as one pass's: their best rows ranked together, their counts added;
    /// `matched`, the matches of every chunk in chunk order (``gathered(_:chunks:in:)``).
    private static func joined(_ parts: [PartResult], matched: [Int], limit: Int) -> ScanResult {
        var top = TopResults(capacity: limit)
        var result = ScanResult(matched: matched)
        for part in parts {
            for entry in part.top.entries { top.insert(row: entry.row, score: entry.score) }
            result.total += part.total
            for position in result.counts.indices { result.counts[position] += part.counts[position] }
            result.work.scored += part.scored
            result.work.bounded += part.bounded
        }
        result.rows = top.sortedRows()
        return result
    }

    /// Moves each chunk's matches, written from the chunk's first position in `room`, down to
    /// follow the chunks before it, in chunk order; how many matches there are. The first chunk's
    /// are in place already, and the others move within pages just written.
    static func gathered(
        _ parts: [PartResult], chunks: [Range<Int>], in room: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        guard let base = room.baseAddress else { return 0 }
        var counts = [Int](repeating: 0, count: chunks.count)
        for part in parts {
            for segment in part.segments { counts[segment.chunk] = segment.count }
        }
        var end = 0
        for (chunk, positions) in chunks.enumerated() {
            if positions.lowerBound != end, counts[chunk] > 0 {
                // Overlapping ranges move as memmove moves them.
                UnsafeMutableRawPointer(base + end).copyMemory(
                    from: base + positions.lowerBound, byteCount: counts[chunk] * MemoryLayout<Int>.stride)
            }
            end += counts[chunk]
        }
        return end
    }

    /// Bit `i` set when the row is in `Scope.allCases[i]`, from its content type tree.
    static func scopeBits(_ row: Int, of file: IndexReader) -> UInt16 {
        var tree: [String] = []
        if case .textList(let list)? = file.value(of: .contentTypeTree, at: row) { tree = list }
        var bits: UInt16 = 0
        for (position, scope) in Scope.allCases.enumerated() where scope.contains(tree: tree) {
            bits |= 1 << UInt16(position)
        }
        return bits
    }
}
