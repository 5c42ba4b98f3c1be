import FSFindIndexFormat
import FSFindModel
import FSFindQuery
import FSFindText
import Foundation

/// Answers a query from an open index: scans the rows, keeps those in scope and location that the
/// query matches, and orders them.
///
/// Only the columns the query, the scope and the sort key read are checksummed and touched, so a
/// name query never decodes durations.
package struct Searcher {
    let index: IndexSnapshot
    /// The words inside the indexed files, when the index has a text store: free text and
    /// `textContent` ask it (`docs/full-text.md`).
    let text: TextStore?

    package init(index: IndexSnapshot, text: TextStore? = nil) {
        self.index = index
        self.text = text
    }

    /// Whether answering `query` (and its snippets) asks the text store: free text or a
    /// `textContent` comparison. A name or attribute query never opens it: opening SQLite and
    /// its write-ahead log was a tenth of a small query's start-up (`benchmarks/RESULTS.md`,
    /// "Start-up: no text store or time zone a query does not need").
    static func readsWords(_ query: CompiledQuery) -> Bool {
        !ContentMatches.freeTextLeaves(query.root).isEmpty || !ContentMatches.textContentTests(query.root).isEmpty
    }

    /// Row numbers of the matches, in the requested order, cut to the limit.
    func search(_ query: CompiledQuery, isFreeText: Bool, request: SearchRequest) throws(FSFindError) -> [Int] {
        let sort = request.sort ?? (isFreeText ? .relevance : .path)
        let (matches, scores, _) = try scan(query, request: request, sort: sort)
        // The sort key's column was checked by the scan's reader: this one costs a load a section.
        let keys = try sort.attribute.map { attribute throws(FSFindError) in
            try index.reader(for: [attribute], paths: false)
        }
        return order(matches, by: sort, keys: keys, scores: scores, reverse: request.reverse, limit: request.limit)
    }

    /// How many rows ``search(_:isFreeText:request:)`` would return, without ordering them.
    func count(_ query: CompiledQuery, request: SearchRequest) throws(FSFindError) -> Int {
        // Counted as they are found, never collected (`benchmarks/RESULTS.md`, "Counting without
        // collecting").
        let (_, _, count) = try scan(
            query, request: request, sort: nil, paths: !request.onlyIn.isEmpty, counting: true)
        return request.limit.map { min(max(0, $0), count) } ?? count
    }

    /// The matching rows in path order, and for a ranked search each one's relevance (worked
    /// out by the plan that matched it, right after the match, while what it learnt about the
    /// row's strings is at hand); empty otherwise.
    ///
    /// `paths`: whether the rows' paths are read after (not for a count): a count of a query on
    /// other attributes checks neither the names nor the strings.
    /// With `counting`, the rows are only counted (the first two results are empty).
    private func scan(
        _ query: CompiledQuery, request: SearchRequest, sort: SortKey?, paths: Bool = true, counting: Bool = false
    ) throws(FSFindError) -> ([Int], [Double], Int) {
        var needed = query.referencedAttributes
        if request.scope != .all { needed.insert(.contentTypeTree) }
        if let attribute = sort?.attribute { needed.insert(attribute) }
        if sort == .relevance { needed.formUnion(AttributeRegistry.freeTextAttributes) }
        // Every section the scan reads checked (checksum and shape) before the first row.
        let reader = try index.reader(for: needed, paths: paths)

        // The plan reads the mapped sections directly and decides type-only tests once per
        // type-table entry (see QueryPlan). The scope, too, is the same for every row of one
        // entry: decided once per entry (a few dozen), not once per row. Each file of the index
        // (base, delta) has its own plan and type table; the scan walks the merged list's runs.
        let ranked = sort == .relevance
        // Free text asks even without a store: its words' forms (``WordForms``) are worked out there.
        let asksContent =
            !ContentMatches.freeTextLeaves(query.root).isEmpty || !ContentMatches.textContentTests(query.root).isEmpty
        let files = index.files
        // `-onlyin` folders are blocks of rows in path order: found by binary search once,
        // not by building every row's path (`benchmarks/RESULTS.md`, "Spotlight over SMB").
        let withinOfFile = files.map { file in
            request.onlyIn.isEmpty ? nil : Self.union(request.onlyIn.flatMap { file.rows(within: $0) })
        }
        let content =
            asksContent
            ? try ContentMatches(
                query, store: text, index: index, ranked: ranked && request.wordRelevance, among: withinOfFile,
                shouldStop: request.shouldStop) : nil
        let partial = request.answersWhatItFoundWhenStopped
        // Stopped while the store was asked: the names are still looked at, unless what was
        // found is not wanted.
        if content?.interrupted == true, !partial { throw Self.stopped }
        let shouldStop = request.shouldStop
        let partition = request.scanThreads.map { PartitionedScan(threads: $0) } ?? PartitionedScan()
        let scope = request.scope
        var matchesOfFile: [[Int]] = []
        var scoresOfFile: [[Double]] = []
        var count = 0
        for (k, file) in reader.fileReaders.enumerated() {
            let within = withinOfFile[k]
            let runs = runs(of: k, within: within)
            let rows = runs.reduce(0) { $0 + $1.rows.count }
            let fewRows = within.map { $0.reduce(0) { $0 + $1.count } < Self.fewRows } ?? false
            let fileContent = content?.forFile(k)
            // A large index is scanned by one thread per core, each part with a plan of its own
            // (a plan keeps what it has learnt about each string; the content answers are shared
            // and only read), each part's matches in path order, joined in part order.
            let parts = partition.run(rows: rows) { _, positions in
                Self.scan(
                    Self.slice(runs, positions), of: file,
                    with: QueryPlan(query, index: file, content: fileContent, fewRows: fewRows), scope: scope,
                    ranked: ranked, counting: counting, shouldStop: shouldStop)
            }
            if parts.contains(where: \.stopped), !partial { throw Self.stopped }
            matchesOfFile.append(parts.count == 1 ? parts[0].rows : parts.flatMap(\.rows))
            scoresOfFile.append(parts.count == 1 ? parts[0].scores : parts.flatMap(\.scores))
            count += parts.reduce(0) { $0 + $1.count }
        }
        if counting { return ([], [], count) }
        guard ranked else {
            let merged = Self.merged(matchesOfFile)
            return (merged, [], merged.count)
        }
        let (rows, scores) = Self.merged(matchesOfFile, scoresOfFile)
        return (rows, scores, rows.count)
    }

    /// The rows of file `k` to look at, as (position in the merged list, rows of the file): every
    /// row of its pieces, or those `within` the `-onlyin` folders' blocks.
    private func runs(of k: Int, within: [Range<Int>]?) -> [(start: Int, rows: Range<Int>)] {
        var runs: [(start: Int, rows: Range<Int>)] = []
        for piece in index.pieces where piece.file == k {
            for run in within.map({ Self.intersection(piece.rows, $0) }) ?? [piece.rows] {
                runs.append((piece.start + (run.lowerBound - piece.rows.lowerBound), run))
            }
        }
        return runs
    }

    /// The error a search that was told to stop ends with.
    static let stopped = FSFindError(.stopped, "the search was stopped before it finished")

    /// How many rows a scan looks at between two questions to `shouldStop`: few, as a row of a
    /// query of a thousand clauses costs a thousand tests (a question is a clock read, about
    /// 20 ns, so a million rows ask a thousand times in all).
    static let rowsBetweenStopChecks = 1024

    /// One chunk of a file's rows: the matches, as positions in the merged list, in order.
    /// With `counting`, only how many (no positions, no scores). `stopped` when `shouldStop`
    /// said so before the chunk's end (the rest is then not looked at).
    private static func scan(
        _ runs: [(start: Int, rows: Range<Int>)], of file: IndexReader, with plan: QueryPlan, scope: Scope,
        ranked: Bool, counting: Bool, shouldStop: (@Sendable () -> Bool)?
    ) -> (rows: [Int], scores: [Double], count: Int, stopped: Bool) {
        var matches: [Int] = []
        var scores: [Double] = []
        var count = 0
        let types = scope == .all ? nil : file.snapshot.base.typeColumnView()
        var inScope = TypeMemo(count: types?.typeCount ?? 0)
        // The rows in blocks, so the question is asked between blocks, not for every row.
        let blocks =
            shouldStop == nil
            ? runs
            : runs.flatMap { run in
                stride(from: run.rows.lowerBound, to: run.rows.upperBound, by: rowsBetweenStopChecks).map { first in
                    (
                        start: run.start + (first - run.rows.lowerBound),
                        rows: first..<min(first + rowsBetweenStopChecks, run.rows.upperBound)
                    )
                }
            }
        for run in blocks {
            if let shouldStop, shouldStop() { return (matches, scores, count, true) }
            for row in run.rows {
                if let scopeType = scope.contentType {
                    let inside = inScope.answer(for: types?.typeID(row)) {
                        guard case .textList(let tree)? = file.value(of: .contentTypeTree, at: row) else {
                            return false
                        }
                        return tree.contains(scopeType)
                    }
                    guard inside else { continue }
                }
                if plan.matches(row) {
                    count += 1
                    if counting { continue }
                    matches.append(run.start + (row - run.rows.lowerBound))
                    if ranked { scores.append(plan.relevance(row)) }
                }
            }
        }
        return (matches, scores, count, false)
    }

    /// Below this many rows (a narrowed search) free text measures each row's values rather than
    /// looking its words up in the file's words first (``QueryPlan/init(_:index:content:fewRows:)``).
    static let fewRows = 4096

    /// The rows of `runs` at `positions`, counted along the runs, in order: one part of a
    /// ``PartitionedScan``.
    static func slice(
        _ runs: [(start: Int, rows: Range<Int>)], _ positions: Range<Int>
    ) -> [(start: Int, rows: Range<Int>)] {
        var result: [(start: Int, rows: Range<Int>)] = []
        var first = 0
        for run in runs {
            let lower = max(positions.lowerBound, first)
            let upper = min(positions.upperBound, first + run.rows.count)
            if lower < upper {
                let skip = lower - first
                result.append((run.start + skip, (run.rows.lowerBound + skip)..<(run.rows.lowerBound + upper - first)))
            }
            first += run.rows.count
            if first >= positions.upperBound { break }
        }
        return result
    }

    /// Ranges sorted and joined where they touch or overlap.
    static func union(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The parts of `rows` inside the sorted, disjoint `ranges`.
    static func intersection(_ rows: Range<Int>, _ ranges: [Range<Int>]) -> [Range<Int>] {
        ranges.compactMap { range in
            let lower = max(rows.lowerBound, range.lowerBound)
            let upper = min(rows.upperBound, range.upperBound)
            return lower < upper ? lower..<upper : nil
        }
    }

    /// ``merged(_:)`` carrying each row's score along.
    static func merged(_ lists: [[Int]], _ scores: [[Double]]) -> ([Int], [Double]) {
        guard lists.count == 2 else { return (lists.first ?? [], scores.first ?? []) }
        var rows: [Int] = []
        var merged: [Double] = []
        rows.reserveCapacity(lists[0].count + lists[1].count)
        merged.reserveCapacity(rows.capacity)
        var i = 0
        var j = 0
        while i < lists[0].count || j < lists[1].count {
            if j == lists[1].count || (i < lists[0].count && lists[0][i] < lists[1][j]) {
                rows.append(lists[0][i])
                merged.append(scores[0][i])
                i += 1
            } else {
                rows.append(lists[1][j])
                merged.append(scores[1][j])
                j += 1
            }
        }
        return (rows, merged)
    }

    /// Ascending lists merged into one ascending list (each file's matches are in path order).
    static func merged(_ lists: [[Int]]) -> [Int] {
        guard lists.count == 2 else { return lists.first ?? [] }
        let (a, b) = (lists[0], lists[1])
        var result: [Int] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            if a[i] < b[j] {
                result.append(a[i])
                i += 1
            } else {
                result.append(b[j])
                j += 1
            }
        }
        result += a[i...]
        result += b[j...]
        return result
    }

    /// Each free-text word of `query` that nothing holds as a word (no file's words, no name,
    /// title or other value), with the word it most likely meant (``SpellingCorrector``:
    /// `quartely` → "quarterly"), each word of the query on its own.
    ///
    /// Asked whatever the query found: a typo can still find files, as the start of a longer
    /// word's stem (`quartely` is stemmed `quart`, the start of "quarterly"'s `quarterli`).
    ///
    /// A query without free text has no word to correct and reads nothing: every `fsfind query`
    /// asks, and the words section's first read checksums it and checks every word's order.
    func suggestions(for query: CompiledQuery) throws(FSFindError) -> [SpellingCorrection] {
        guard !query.root.freeTextLeaves.isEmpty else { return [] }
        let lexicons = index.files.compactMap { try? $0.wordLexicon() }
        var vocabularies: [any SpellingVocabulary] = lexicons
        let table = try text?.spellingTable()
        if let table { vocabularies.append(table) }
        var corrector: SpellingCorrector?
        var result: [SpellingCorrection] = []
        for matcher in query.root.freeTextLeaves {
            for (k, scalars) in matcher.words.enumerated() where !matcher.phrases.contains(where: { $0.contains(k) }) {
                let word = String(String.UnicodeScalarView(scalars))
                guard !result.contains(where: { $0.word == word }), try !holds(word, lexicons: lexicons, table: table)
                else { continue }
                corrector = corrector ?? SpellingCorrector(vocabularies)
                if let suggestion = try corrector?.suggestions(for: word).first {
                    result.append(SpellingCorrection(word: word, suggestion: suggestion))
                }
            }
        }
        return result
    }

    /// Whether `word` is a word the index holds, or the start of one: of a value's word, of a
    /// word a file writes, or a form of either (`comparisons` when a title or a file says
    /// "comparison"). Such a word is never corrected.
    private func holds(_ word: String, lexicons: [WordLexicon], table: SpellingTable?) throws(FSFindError) -> Bool {
        let bytes = Array(word.utf8)
        for lexicon in lexicons where !bytes.withUnsafeBytes({ lexicon.words(startingWith: $0) }).isEmpty {
            return true
        }
        if let table, let next = try table.firstWord(atOrAfter: bytes), next.starts(with: bytes) { return true }
        if let stemming = TextStore.stemmer(for: text),
            WordForms.hasIndexedForm(word, lexicons: lexicons, stemming: stemming)
        {
            return true
        }
        let hits = try text?.search(TextQuery.words([word], prefix: false), ranked: false, shouldStop: nil)
        return !(hits?.documents.isEmpty ?? true)
    }

    /// For each of `rows` the query found by its words, a line of context around them
    /// (`--snippets`): free text shows where its words are; a `textContent` comparison, its first
    /// one's words. Asked only for the rows printed, so `--limit 10` costs ten snippets.
    package func snippets(for query: CompiledQuery, rows: [Int]) throws(FSFindError) -> [Int: Snippet] {
        guard let text, !rows.isEmpty else { return [:] }
        let expression: String
        let leaves = query.root.freeTextLeaves
        if !leaves.isEmpty {
            // Each leaf's words together; any leaf's words may be what put the row in the result.
            let each = leaves.map { ContentMatches.questions($0).map(\.expression).joined(separator: " AND ") }
            expression = each.count == 1 ? each[0] : each.map { "(\($0))" }.joined(separator: " OR ")
        } else if let test = ContentMatches.textContentTests(query.root).first {
            expression = ContentMatches.expression(test.matcher)
        } else {
            return [:]
        }
        let reader = try index.reader(for: [], paths: false, textDocuments: true)
        let lines = try text.snippets(expression, for: rows.map { reader.textDocument(at: $0) })
        var snippets: [Int: Snippet] = [:]
        for (row, line) in zip(rows, lines) { snippets[row] = line }
        return snippets
    }

    /// How many items of each scope the index holds, for `scopes` and `status`.
    package func scopeCounts() throws(FSFindError) -> [(Scope, Int)] {
        let reader = try index.reader(for: [.contentTypeTree], paths: false)
        var counts = [Int](repeating: 0, count: Scope.allCases.count)
        func count(tree value: AttributeValue?, times: Int) {
            guard case .textList(let tree)? = value else {
                counts[0] += times
                return
            }
            for (position, scope) in Scope.allCases.enumerated() where scope.contains(tree: tree) {
                counts[position] += times
            }
        }
        for (k, file) in reader.fileReaders.enumerated() {
            // Rows of one type-table entry share their tree: count rows per entry, then decide the
            // scopes once per entry (a few dozen) instead of decoding a tree per row.
            let typeCount = file.snapshot.base.typeColumnView()?.typeCount ?? 0
            var rowsOfType = [Int](repeating: 0, count: typeCount)
            var firstRowOfType = [Int](repeating: -1, count: typeCount)
            for piece in index.pieces where piece.file == k {
                for row in piece.rows {
                    if let type = file.typeID(at: row), type < rowsOfType.count {
                        rowsOfType[type] += 1
                        if firstRowOfType[type] < 0 { firstRowOfType[type] = row }
                    } else {
                        count(tree: file.value(of: .contentTypeTree, at: row), times: 1)
                    }
                }
            }
            for (type, rows) in rowsOfType.enumerated() where rows > 0 {
                count(tree: file.value(of: .contentTypeTree, at: firstRowOfType[type]), times: rows)
            }
        }
        return Array(zip(Scope.allCases, counts))
    }

    /// `keys`: a reader of the sort key's attribute, for the keys that sort by one.
    private func order(
        _ rows: [Int], by sort: SortKey, keys: IndexReader?, scores: [Double], reverse: Bool, limit: Int?
    ) -> [Int] {
        var ordered: [Int]
        switch sort {
        case .path:
            // Rows are stored in path-byte order already.
            ordered = rows
        case .relevance:
            // The first few of many (a hundred of 173,000 for `paris` on a million files): kept in
            // a heap as they come, not all sorted; the same order, ties to the lower row.
            if let limit, !reverse, limit >= 0, limit < rows.count / 8 {
                var top = TopResults(capacity: limit)
                for (row, score) in zip(rows, scores) where score >= top.floor { top.insert(row: row, score: score) }
                return top.sortedRows()
            }
            ordered = zip(rows, scores).sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map(\.0)
        case .name, .modified, .created, .size, .duration:
            // The attribute is non-nil for these keys.
            let attribute = sort.attribute ?? .displayName
            let keyed = rows.map { row in (row: row, key: SortValue(keys?.value(of: attribute, at: row))) }
            // Items without the attribute go last whichever the direction, in path order.
            let present = keyed.filter { $0.key != .missing }
                .sorted { $0.key == $1.key ? $0.row < $1.row : $0.key < $1.key }.map(\.row)
            let missing = keyed.filter { $0.key == .missing }.map(\.row)
            ordered = (reverse ? present.reversed() : present) + missing
            if let limit { return Array(ordered.prefix(max(0, limit))) }
            return ordered
        }
        if reverse { ordered.reverse() }
        if let limit { return Array(ordered.prefix(max(0, limit))) }
        return ordered
    }
}

/// Answers remembered per type-table entry; with no entries (or an unknown type id) it asks
/// every time, so a damaged row is still judged on its own.
private struct TypeMemo {
    /// 0 unknown, 1 no, 2 yes.
    private var answers: [UInt8]

    init(count: Int) { answers = [UInt8](repeating: 0, count: count) }

    var isEmpty: Bool { answers.isEmpty }

    mutating func answer(for type: Int?, _ compute: () -> Bool) -> Bool {
        guard let type, type < answers.count else { return compute() }
        if answers[type] == 0 { answers[type] = compute() ? 2 : 1 }
        return answers[type] == 2
    }
}

/// A sortable view of one attribute value; text compares case-insensitively, as a file list does.
private enum SortValue: Comparable {
    case missing
    case number(Double)
    case text(String)

    init(_ value: AttributeValue?) {
        switch value {
        case .number(let number)?: self = .number(number)
        case .date(let date)?: self = .number(date.timeIntervalSinceReferenceDate)
        case .text(let text)?: self = .text(text.lowercased())
        case .textList(let list)?: self = list.first.map { .text($0.lowercased()) } ?? .missing
        case nil: self = .missing
        }
    }
}
