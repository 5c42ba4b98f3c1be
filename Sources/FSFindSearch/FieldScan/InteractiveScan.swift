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
    /// The pass over the rows, its parts joined.
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
    fileprivate let views = PartViews()

    /// The tables of the free-text look-ups of scans that are over, for the next key's
    /// (``FreeTextLookUp``).
    private let lookUpTables = LookUpTables()

    /// Per-row summaries of the rows' free text, which let a scan of plain words skip the rows
    /// they cannot match (``SignatureFilter``); made by ``summarize()`` or in the background.
    let signatures = SignatureStore()

    init(reader: IndexReader, ranker: ResultRanker, limit: Int = 500, text: TextStore? = nil) {
        self.reader = reader
        self.ranker = ranker
        self.limit = limit
        self.text = text
    }

    /// Makes the row summaries on this thread.
    func summarize() { signatures.make(for: reader, ranker: ranker) }

    /// Makes the row summaries on a thread of their own, which first runs `prepare` (the search
    /// loop lowers its priority there); scans use them once they are made.
    package func summarizeInBackground(prepare: @escaping @Sendable () -> Void = {}) {
        signatures.makeInBackground(for: reader, ranker: ranker, prepare: prepare)
    }

    /// How a scan is cut among threads: as `fsfind query`'s, the one ``PartitionedScan``.
    var partitions = PartitionedScan()

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
        let started = ContinuousClock.now
        let chosenBit = UInt16(1) << UInt16(Scope.allCases.firstIndex(of: scope) ?? 0)
        // The same plans `fsfind query` runs: raw section reads, answers kept per distinct string.
        // The field's free text asks the text store too, as `fsfind query` does.
        let content = try withoutActuallyEscaping(shouldStop) { shouldStop throws(FSFindError) in
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
        // A key typed while the words were looked up: this search is stale.
        if content?.interrupted == true { return nil }
        let scanStarted = ContinuousClock.now
        let scanCPUStarted = ScanWork.processCPUTime()
        // The rows in merged order (the candidates, or every row), cut into consecutive parts, one
        // thread each: the first letter of a field scores every row, the slowest key on one core
        // (`benchmarks/RESULTS.md`, "The interactive scan over the cores" and "Numbers that were in
        // code comments"). Each part ranks its own best rows; joined in part order they are what
        // one pass gives (the ranking's ties go to the lower row, whichever part found it).
        // Candidates that are every row (the field's first letter after an empty field) are
        // walked as every row: the same rows in the same order, without reading the list.
        // A field whose every match starts a word with each word's first character (words too
        // short to match inside names) visits only the rows that do: a first letter a third of
        // a million instead of every row.
        let summaries = signatures.current
        let filter = SignatureFilter(query)
        var candidates = candidates?.count == index.itemCount ? nil : candidates
        // A word long enough to match inside names visits the rows whose summary has its start
        // and first triple, or every triple of the typed bytes, or whose files' words hold it.
        if candidates == nil, let filter, let starts = summaries?.starts {
            candidates =
                starts.rows(startingWith: filter.requiredStarts(content: content))
                ?? starts.rows(passing: filter, content: content, of: index)
        }
        // A field of type tests alone visits the rows of the type entries it accepts.
        if candidates == nil, readsTypesFirst {
            candidates = TypeCandidates.rows(for: query, in: index, views: views.sets(count: 1, of: reader)[0])
        }
        let rows = candidates?.count ?? index.itemCount
        let partViews = views.sets(count: partitions.parts(rows: rows).count, of: reader)
        let lookUps = lookUps(query, content: content, views: partViews[0])
        let (parts, stopped) = withoutActuallyEscaping(shouldStop) { shouldStop in
            // Asked by one part at a time, and not after this call: the closure does not escape.
            let stop = StopSignal(shouldStop)
            let job = ScanJob(
                scan: self, query: query, chosenBit: chosenBit, folder: folder, candidates: candidates,
                content: content, filter: filter, summaries: summaries?.files, lifts: summaries?.lifts,
                lookUps: lookUps,
                partViews: partViews, shouldStop: stop.ask)
            let parts = partitions.run(rows: rows) { part, positions in
                // The session's views are lazily filled: each part has its own set, which no
                // other thread touches during the scan.
                job.run(positions, views: job.partViews[part])
            }
            return (parts, stop.stopped)
        }
        guard !stopped, parts.allSatisfy({ $0 != nil }) else { return nil }
        var result = Self.joined(parts.compactMap { $0 }, limit: limit)
        result.work.visited = rows
        result.work.content = scanStarted - started
        result.work.scan = ContinuousClock.now - scanStarted
        result.work.scanCPU = ScanWork.processCPUTime() - scanCPUStarted
        // Asked as `fsfind query` asks: a typo may still find files (`quartely` by its stem's
        // start, inside a report), and the field offers the search it meant all the same. A word
        // the index holds, or the start of one (every word while it is typed), is answered by a
        // look-up in the sorted words; only a word nothing holds walks the corrector.
        if let compiled = query.text, !compiled.root.freeTextLeaves.isEmpty {
            result.corrections = try Searcher(index: index, text: text).suggestions(for: compiled)
        }
        return result
    }

    /// The field's free-text words looked up in the words of each file `views` reads, once, on
    /// the scan's thread, for every part (``FreeTextLookUp``).
    private func lookUps(_ query: FieldQuery, content: ContentMatches?, views: [IndexViews]) -> [[FreeTextLookUp?]] {
        views.map { file in
            query.text.map { FreeTextLookUp.leaves(of: $0, views: file, content: content, tables: lookUpTables) } ?? []
        }
    }

    /// The parts' results as one pass's: each part's best rows ranked together, its counts
    /// added, its matches in part order.
    private static func joined(_ parts: [PartResult], limit: Int) -> ScanResult {
        var top = TopResults(capacity: limit)
        var result = ScanResult()
        result.matched.reserveCapacity(parts.reduce(0) { $0 + $1.matched.count })
        for part in parts {
            for entry in part.top.entries { top.insert(row: entry.row, score: entry.score) }
            result.total += part.total
            for position in result.counts.indices { result.counts[position] += part.counts[position] }
            result.matched += part.matched
            result.work.scored += part.scored
            result.work.bounded += part.bounded
        }
        result.rows = top.sortedRows()
        return result
    }

    /// Bit `i` set when the row is in `Scope.allCases[i]`, from its content type tree.
    fileprivate static func scopeBits(_ row: Int, of file: IndexReader) -> UInt16 {
        var tree: [String] = []
        if case .textList(let list)? = file.value(of: .contentTypeTree, at: row) { tree = list }
        var bits: UInt16 = 0
        for (position, scope) in Scope.allCases.enumerated() where scope.contains(tree: tree) {
            bits |= 1 << UInt16(position)
        }
        return bits
    }
}

/// What one part of a scan found.
private struct PartResult {
    var top: TopResults
    var total = 0
    var counts = [Int](repeating: 0, count: Scope.allCases.count)
    var matched: [Int] = []
    /// Rows the row summaries let through (``ScanWork/scored``).
    var scored = 0
    /// Of those, rows counted without a score (``ScanWork/bounded``).
    var bounded = 0
}

/// One scan's inputs, shared read-only by its parts' threads.
///
/// Unchecked because two of its parts are not `Sendable` and are safe all the same: the scan's
/// session views (``PartViews``, filled lazily), of which each part uses its own set; and
/// `shouldStop`, a ``StopSignal``'s question, asked
/// under its lock. The rest is only read during the scan, and each part makes its own plans and
/// caches (`RowScore`, the scope memo).
private struct ScanJob: @unchecked Sendable {
    let scan: InteractiveScan
    let query: FieldQuery
    let chosenBit: UInt16
    let folder: [UInt8]?
    let candidates: [Int]?
    let content: ContentMatches?
    /// What plain words ask of a row's summary, and the summaries per file (nil until made).
    let filter: SignatureFilter?
    let summaries: [RowSignatures?]?
    /// The rows' recency lifts per file (nil until made), which scoring reads instead of each
    /// row's date.
    let lifts: [RecencyLifts?]?
    /// Per file, its free-text leaves' look-ups, which every part reads.
    let lookUps: [[FreeTextLookUp?]]
    /// Per part, the section views of each index file.
    let partViews: [[IndexViews]]
    let shouldStop: () -> Bool

    /// Positions `range` of the candidates (or of the merged rows); nil when told to stop.
    func run(_ range: Range<Int>, views: [IndexViews]) -> PartResult? {
        let files = views.indices.map { file in
            let content = content?.forFile(file)
            // A file's summaries, when the field is plain words and they were made for it.
            var rowFilter: FileRowFilter?
            if let filter, let summary = summaries?[file] ?? nil {
                rowFilter = FileRowFilter(filter, summaries: summary, content: content)
            }
            return FileScan(
                views: views[file],
                rowScore: RowScore(
                    query, views: views[file], ranker: scan.ranker, content: content,
                    lookUps: file < lookUps.count ? lookUps[file] : [], lifts: lifts?[file] ?? nil),
                rowFilter: rowFilter, folder: folder)
        }
        // Unretained: `files` keeps every one alive for the whole scan (`withExtendedLifetime`
        // below), and a retain and a release per row were a tenth of its time (an
        // `unowned(unsafe)` binding of the array's element still retained it for the call).
        var walker = PartWalk(
            part: PartResult(top: TopResults(capacity: scan.limit)),
            fileScans: files.map { Unmanaged.passUnretained($0) }, chosenBit: chosenBit, shouldStop: shouldStop)
        // Candidate rows or every row, walked by position: an `AnySequence` here cost a tenth of
        // the scan in unspecialized generic calls.
        // Room for every row: only the pages written are the process's, where growing by
        // doubling copied a common letter's matches two or three times a key.
        walker.part.matched.reserveCapacity(range.count)
        let completed = withExtendedLifetime(files) { walk(range, &walker) }
        guard completed else { return nil }
        walker.countScopes()
        walker.part.scored = files.reduce(0) { $0 + $1.scored }
        walker.part.bounded = files.reduce(0) { $0 + $1.bounded }
        return walker.part
    }

    /// How many candidates ahead of the one visited the walk asks for a row's lines.
    private static let prefetchDistance = 8
    /// Candidates fewer than one row in this many are far enough apart to ask for ahead.
    private static let sparseRatio = 5

    /// Calls `walker` with each position of `range` (of the candidates, or of the merged rows)
    /// as its file, row and merged row, until it says stop; false then.
    @inline(__always)
    private func walk(_ range: Range<Int>, _ walker: inout PartWalk) -> Bool {
        let index = scan.index
        if let candidates {
            // Few rows far apart: each row's first reads are asked for `ahead` rows before it,
            // so their cache misses overlap instead of each waiting in turn (a row costs several,
            // its summary, name record and date each in a line of its own). Rows closer together
            // are already brought in by the processor's own prefetching, and asking costs more.
            let ahead = candidates.count * Self.sparseRatio < index.itemCount ? Self.prefetchDistance : 0
            for position in range {
                if ahead > 0, position + ahead < range.upperBound {
                    let (file, row) = index.place(of: candidates[position + ahead])
                    walker.prefetch(file, row)
                }
                let merged = candidates[position]
                let (file, row) = index.place(of: merged)
                guard walker.visit(file, row, merged) else { return false }
            }
        } else {
            for piece in index.pieces {
                let first = max(range.lowerBound, piece.start)
                let end = min(range.upperBound, piece.start + piece.rows.count)
                guard first < end else { continue }
                for merged in first..<end {
                    guard walker.visit(piece.file, piece.rows.lowerBound + (merged - piece.start), merged) else {
                        return false
                    }
                }
            }
        }
        return true
    }
}

/// One part's walk over its rows: what it found so far, and what each row costs.
///
/// A value the walk mutates in place rather than a nested function's captured variables: those
/// live in boxes, and every access to them was a dynamic exclusivity check (a tenth of a
/// free-text scan).
private struct PartWalk {
    var part: PartResult
    var visited = 0
    /// Matched rows per set of scope bits, which ``countScopes()`` adds to the scopes' counts
    /// once: a common letter's matches each tested every scope's bit.
    let tally = FlatTable<Int>(count: Self.scopeSets, repeating: 0)
    /// How many sets of scope bits there are.
    private static let scopeSets = 1 << Scope.allCases.count
    let fileScans: [Unmanaged<FileScan>]
    let chosenBit: UInt16
    let shouldStop: () -> Bool

    /// Adds the tally to the part's counts per scope.
    mutating func countScopes() {
        for bits in 0..<Self.scopeSets where tally[bits] != 0 {
            for position in part.counts.indices where bits & (1 << position) != 0 {
                part.counts[position] += tally[bits]
            }
        }
    }

    /// Asks for row `row` of file `file`'s first reads, ahead of its visit.
    @inline(__always) func prefetch(_ file: Int, _ row: Int) {
        fileScans[file]._withUnsafeGuaranteedRef { $0.prefetch(row) }
    }

    /// Row `row` of file `file`, which is merged row `merged`; false when the scan must stop.
    @inline(__always) mutating func visit(_ file: Int, _ row: Int, _ merged: Int) -> Bool {
        visited += 1
        if visited % InteractiveScan.stopCheckInterval == 0, shouldStop() { return false }
        let floor = part.top.floor
        let chosenBit = chosenBit
        guard
            let (score, bits) = fileScans[file]._withUnsafeGuaranteedRef({
                $0.match(row, floor: floor, chosenBit: chosenBit)
            })
        else {
            return true
        }
        part.matched.append(merged)
        tally[Int(bits)] += 1
        if bits & chosenBit != 0 {
            part.total += 1
            part.top.insert(row: merged, score: score)
        }
        return true
    }
}

/// What a part of a scan asks of each row of one index file, reached through `self` so a row
/// costs no copies of the file's views.
private final class FileScan {
    private let rowScore: RowScore
    private let rowFilter: FileRowFilter?
    private let source: IndexReader
    private let types: TypeColumnView?
    private let folder: [UInt8]?
    /// Scope bits per type-table entry, ``unknownBits`` until worked out. Tables of plain
    /// values (``FlatTable``), not `var`s of this class: each access to a class's `var` is a
    /// dynamic exclusivity check, a tenth of a type query's scan of a million rows.
    private let bitsByType: FlatTable<UInt16>
    private static let unknownBits: UInt16 = 0xFFFF
    /// Rows the row filter let through (``ScanWork/scored``), and of those the rows counted
    /// without a score (``ScanWork/bounded``), in its two cells.
    private let scoredRows = FlatTable<Int>(count: 2, repeating: 0)

    var scored: Int { scoredRows[0] }
    var bounded: Int { scoredRows[1] }

    init(views: IndexViews, rowScore: RowScore, rowFilter: FileRowFilter?, folder: [UInt8]?) {
        self.rowScore = rowScore
        self.rowFilter = rowFilter
        source = views.index
        types = views.types
        self.folder = folder
        bitsByType = FlatTable(count: views.types?.typeCount ?? 0, repeating: Self.unknownBits)
    }

    /// The row's rank and scope bits, nil when it does not match (or is outside the folder). The
    /// rank is exact when the row is in the chosen scope (`chosenBit`) and may reach `floor`, the
    /// worst rank kept so far; else it only has to stay below (``RowScore/score(_:floor:)``).
    @inline(__always) func match(_ row: Int, floor: Double, chosenBit: UInt16) -> (score: Double, bits: UInt16)? {
        if rowFilter?.rejects(row) == true { return nil }
        scoredRows[0] += 1
        if let folder, !PathBytes.isWithin(source.path(at: row), folder: folder) { return nil }
        let bits = scopeBits(row)
        let rowFloor = bits & chosenBit != 0 ? floor : .infinity
        // A one-letter field's match (the summary says so exactly) whose text cannot reach the
        // results kept: counted, with its bound as a rank that stays below them, not scored.
        if let bound = rowFilter?.textBound(row),
            bound + ResultRanker.recencyWeight < rowFloor || bound + rowScore.recency(row) < rowFloor
        {
            guard rowScore.chipsMatch(row) else { return nil }
            scoredRows[1] += 1
            return (bound, bits)
        }
        let measured = rowFilter?.measuredValues(row) ?? .all
        guard let score = rowScore.score(row, floor: rowFloor, measuring: measured) else { return nil }
        return (score, bits)
    }

    /// Asks for the row's summary, name record and date ahead of ``match(_:floor:chosenBit:)``.
    @inline(__always) func prefetch(_ row: Int) {
        rowFilter?.prefetch(row)
        rowScore.prefetch(row)
    }

    /// ``InteractiveScan/scopeBits(_:of:)``, once per type-table entry.
    @inline(__always) private func scopeBits(_ row: Int) -> UInt16 {
        guard let id = types?.typeID(row) else { return InteractiveScan.scopeBits(row, of: source) }
        let known = bitsByType[id]
        if known != Self.unknownBits { return known }
        let bits = InteractiveScan.scopeBits(row, of: source)
        bitsByType[id] = bits
        return bits
    }
}
