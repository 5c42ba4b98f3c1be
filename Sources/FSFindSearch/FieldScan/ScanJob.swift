import FSFindIndexFormat
import FSFindModel
import FSFindQuery

/// What one thread of a scan found in the chunks it claimed.
struct PartResult {
    var top: TopResults
    var total = 0
    var counts = [Int](repeating: 0, count: Scope.allCases.count)
    /// Per chunk claimed: its place among the scan's chunks, and how many matches it wrote from
    /// its first position in the scan's list of matches (``ScanJob/matches``).
    var segments: [(chunk: Int, count: Int)] = []
    /// Rows the row summaries let through (``ScanWork/scored``).
    var scored = 0
    /// Of those, rows counted without a score (``ScanWork/bounded``).
    var bounded = 0
}

/// One scan's inputs, shared by its threads.
///
/// Unchecked because three of its parts are not `Sendable` and are safe all the same: the scan's
/// session views (``PartViews``, filled lazily), of which each thread uses its own set;
/// `shouldStop`, a ``StopSignal``'s question, asked under its lock; and ``matches``, which each
/// chunk writes only from its own first position, at most one match per position, so no two
/// chunks write the same memory, read once every thread is joined. The rest is only read during
/// the scan, and each thread makes its own plans and caches (`RowScore`, the scope memo).
struct ScanJob: @unchecked Sendable {
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
    /// A one-letter field's counts and matches, known before the scan: its parts only rank.
    let letter: LetterScan?
    /// The scan's list of matches, with room for every position (nil for a one-letter field,
    /// whose matches are known): a chunk writes its own from its first position, and the scan
    /// moves them together in chunk order once every thread is done.
    let matches: UnsafeMutablePointer<Int>?
    let shouldStop: () -> Bool

    /// The same job, its chunks' matches written into `matches`, asking `shouldStop`.
    func writing(into matches: UnsafeMutablePointer<Int>?, shouldStop: @escaping () -> Bool) -> ScanJob {
        ScanJob(
            scan: scan, query: query, chosenBit: chosenBit, folder: folder, candidates: candidates, content: content,
            filter: filter, summaries: summaries, lifts: lifts, lookUps: lookUps, partViews: partViews, letter: letter,
            matches: matches, shouldStop: shouldStop)
    }

    /// The chunks of the positions of the candidates (or of the merged rows) this thread claims
    /// until none is left; nil when told to stop.
    func run(claiming claims: ChunkClaims, views: [IndexViews]) -> PartResult? {
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
        let completed = withExtendedLifetime(files) {
            guard let letter else { return walkChunks(claims, &walker) }
            return letter.scopes.withRows(ofScope: letter.scope) { chosen in
                walker.chosenRows = chosen
                defer { walker.chosenRows = nil }
                return walkChunks(claims, &walker)
            }
        }
        return completed ? walker.finished(files) : nil
    }

    /// Walks each chunk `claims` gives, its matches written from the chunk's first position of
    /// ``matches``; false when told to stop.
    private func walkChunks(_ claims: ChunkClaims, _ walker: inout PartWalk) -> Bool {
        while let (chunk, positions) = claims.claim() {
            walker.output = matches.map { $0 + positions.lowerBound }
            walker.written = 0
            guard walk(positions, &walker) else { return false }
            walker.part.segments.append((chunk, walker.written))
        }
        return true
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

/// One thread's walk over the rows of its chunks: what it found so far, and what each row costs.
///
/// A value the walk mutates in place rather than a nested function's captured variables: those
/// live in boxes, and every access to them was a dynamic exclusivity check (a tenth of a
/// free-text scan).
struct PartWalk {
    var part: PartResult
    var visited = 0
    /// Matched rows per set of scope bits, which ``countScopes()`` adds to the scopes' counts
    /// once: a common letter's matches each tested every scope's bit.
    let tally = FlatTable<Int>(count: Self.scopeSets, repeating: 0)
    /// How many sets of scope bits there are.
    private static let scopeSets = 1 << Scope.allCases.count
    let fileScans: [Unmanaged<FileScan>]
    /// Where the chunk being walked writes its matches, and how many it wrote.
    var output: UnsafeMutablePointer<Int>?
    var written = 0
    let chosenBit: UInt16
    /// For a one-letter field (``LetterScan``), the chosen scope's rows, one bit per merged row:
    /// only those are ranked, and nothing is counted or listed.
    var chosenRows: UnsafeBufferPointer<UInt64>?
    let shouldStop: () -> Bool

    /// The part's result once its rows are walked.
    mutating func finished(_ files: [FileScan]) -> PartResult {
        countScopes()
        part.scored = files.reduce(0) { $0 + $1.scored }
        part.bounded = files.reduce(0) { $0 + $1.bounded }
        return part
    }

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
        let tieLoses = part.top.tieLoses(after: merged)
        if let chosenRows {
            guard chosenRows[merged >> 6] & (1 << UInt64(merged & 63)) != 0,
                let score = fileScans[file]._withUnsafeGuaranteedRef({
                    $0.letterScore(row, floor: floor, tieLoses: tieLoses)
                })
            else { return true }
            part.top.insert(row: merged, score: score)
            return true
        }
        let chosenBit = chosenBit
        guard
            let (score, bits) = fileScans[file]._withUnsafeGuaranteedRef({
                $0.match(row, floor: floor, tieLoses: tieLoses, chosenBit: chosenBit)
            })
        else {
            return true
        }
        output?[written] = merged
        written += 1
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
final class FileScan {
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
    /// `tieLoses`: the row comes after the worst kept result, so only a rank above `floor` is kept.
    @inline(__always) func match(
        _ row: Int, floor: Double, tieLoses: Bool, chosenBit: UInt16
    ) -> (score: Double, bits: UInt16)? {
        if rowFilter?.rejects(row) == true { return nil }
        scoredRows[0] += 1
        if let folder, !PathBytes.isWithin(source.path(at: row), folder: folder) { return nil }
        let bits = scopeBits(row)
        let rowFloor = bits & chosenBit != 0 ? floor : .infinity
        // A one-letter field's match (the summary says so exactly) whose text cannot reach the
        // results kept: counted, with its bound as a rank that stays below them, not scored.
        if let bound = boundBelow(row, rowFloor, tieLoses: tieLoses) {
            guard rowScore.chipsMatch(row) else { return nil }
            scoredRows[1] += 1
            return (bound, bits)
        }
        let measured = rowFilter?.measuredValues(row) ?? .all
        guard let score = rowScore.score(row, floor: rowFloor, measuring: measured) else { return nil }
        return (score, bits)
    }

    /// A one-letter field's row of the chosen scope (``LetterScan``), which matches: its rank, or
    /// nil when its text's bound and lift keep it below `floor` (counted, not scored), as
    /// ``match(_:floor:tieLoses:chosenBit:)`` ranks it.
    @inline(__always) func letterScore(_ row: Int, floor: Double, tieLoses: Bool) -> Double? {
        scoredRows[0] += 1
        if boundBelow(row, floor, tieLoses: tieLoses) != nil {
            scoredRows[1] += 1
            return nil
        }
        return rowScore.score(row, floor: floor, measuring: rowFilter?.measuredValues(row) ?? .all)
    }

    /// The row's text bound (``FileRowFilter/textBound(_:)``) when it and the row's recency lift
    /// stay below `floor`, or only reach it and `tieLoses` (the row comes after the worst kept
    /// result, which keeps a tie), so the row cannot be kept; nil when it may be, or has no bound.
    /// A bound ties a score exactly: both add the same weight times the same quality, the bonus
    /// and the lift in the same order. Where names share their first word and their dates (copies,
    /// an unpacked archive), most of a letter's rows tie with the worst kept result.
    @inline(__always) private func boundBelow(_ row: Int, _ floor: Double, tieLoses: Bool) -> Double? {
        guard let bound = rowFilter?.textBound(row) else { return nil }
        let most = bound + ResultRanker.recencyWeight
        if most < floor || (tieLoses && most == floor) { return bound }
        let lifted = bound + rowScore.recency(row)
        return lifted < floor || (tieLoses && lifted == floor) ? bound : nil
    }

    /// Asks for the row's summary, name record and date ahead of ``match(_:floor:tieLoses:chosenBit:)``.
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
