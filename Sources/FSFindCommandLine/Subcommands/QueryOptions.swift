import ArgumentParser
import CPlatform
import FSFindIndexFormat
import FSFindIndexer
import FSFindModel
import FSFindOutput
import FSFindPlatform
import FSFindQuery
import FSFindSearch
import FSFindText
import Foundation

/// `fsfind query`'s options as read, by ArgumentParser (``FSFindCommand/Query``) or without it
/// (``quickParse(_:)``): a plain value, so the quick reading builds none of the parser's property
/// wrappers, and the two readings can be compared.
struct QueryOptions: Equatable {
    var words: [String] = []
    /// Where the words after a `--` begin in ``words`` (the `--` itself is not a word): those are
    /// the query whatever they look like, never options.
    var optionsEnd: Int? = nil
    var scope = Scope.all
    var onlyIn: [String] = []
    var name: String? = nil
    var null = false
    var json = false
    var attributes: [String] = []
    var count = false
    var mdfindAttributes: [String] = []
    var interpret = false
    var literal = false
    var live = false
    var limit: Int? = nil
    var sort: SortKey? = nil
    var reverse = false
    var snippets = false
    var explain = false
    /// `--index`, as given.
    var index: String? = nil

    /// The query: its arguments joined by spaces (`fsfind query invoice contract`, as mdfind).
    /// Joined by hand: the standard library's `joined(separator:)` runs unspecialised here, and
    /// its first call searches the binary's conformance records (a few percent of a query's start).
    var query: String {
        var query = ""
        for (k, word) in words.enumerated() {
            if k > 0 { query += " " }
            query += word
        }
        return query
    }

    /// The index file after the location rules of `docs/spec/cli.md`.
    var indexPath: String { IndexOption.path(explicit: index) }

    /// The combinations the options refuse, worded for the usage error.
    func validate() throws {
        if live && (limit != nil || !mdfindAttributes.isEmpty) {
            throw ValidationError(
                "--live goes with the list, -0, --json, --attr or --count; not with --limit or -attr")
        }
        if let option = words[..<(optionsEnd ?? words.count)].first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
            throw ValidationError("unknown option '\(option)' (fsfind query --help lists them)")
        }
        if interpret && literal { throw ValidationError("choose one of -interpret and -literal") }
        if words.isEmpty && name == nil { throw ValidationError("give a query, or -name TEXT") }
        if !mdfindAttributes.isEmpty && (json || null || !attributes.isEmpty) {
            throw ValidationError("-attr prints mdfind's lines: not with --json, -0 or --attr")
        }
        if let limit, limit < 0 { throw ValidationError("--limit takes a number of 0 or more") }
        if null && json { throw ValidationError("choose one of -0 and --json") }
        if snippets && (null || !attributes.isEmpty && !json || count) {
            throw ValidationError("--snippets goes with the plain list or --json, not with -0, --attr or --count")
        }
    }

    /// The query as mdfind's flags shape it: free text with `-interpret`, and `-name TEXT`
    /// ANDed as `fsName == "*TEXT*"cd` (alone when there is no query; a `*` in TEXT is a
    /// wildcard).
    static func parse(_ text: String, interpret: Bool, name: String?) throws(QueryError) -> FSFindQuery.Query {
        // `*` stays a wildcard: people write `mdfind -name '*.tex'` and mean a pattern.
        let nameQuery = try name.map { name throws(QueryError) in
            let escaped = name.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"")
            return try FSFindQuery.Query.parse("fsName == \"*\(escaped)*\"cd")
        }
        // No query but a -name: the name alone. (A blank query without one is the parser's
        // "empty query" error.)
        if let nameQuery, text.allSatisfy(\.isWhitespace) { return nameQuery }
        let query = interpret ? try FSFindQuery.Query.freeText(text) : try FSFindQuery.Query.parse(text)
        guard let nameQuery else { return query }
        return FSFindQuery.Query(
            expression: .and([query.expression, nameQuery.expression]),
            unknownSpotlightNames: query.unknownSpotlightNames)
    }

    /// A word nothing holds may be a typo: says so on stderr, naming the word most likely meant
    /// (exit 0 all the same: no result is a result). Asked with results too: a typo can find
    /// files as the start of a longer word (`Searcher.suggestions(for:)`).
    private static func offer(_ corrections: [SpellingCorrection]) {
        for correction in corrections {
            StandardError.write(
                "fsfind: no file holds \"\(correction.word)\"; did you mean \"\(correction.suggestion)\"?\n")
        }
    }

    /// Runs the query the options describe.
    func run() throws {
        // `--live` ends on SIGINT or SIGTERM with status 0: blocked first, while this is the
        // only thread, and read through a signal descriptor (`IndexChanges.wait`).
        if live { fsfind_block_termination() }
        // Everything about the query is checked before the index is opened (exit 2).
        let shown = try parseAttributes(attributes)
        let mdfindShown = try zip(mdfindAttributes, parseAttributes(mdfindAttributes)).map { ($0, $1) }
        let parsed: FSFindQuery.Query
        do { parsed = try Self.parse(query, interpret: interpret, name: name) } catch {
            throw QueryFailure(error: error, query: query)
        }
        for name in parsed.unknownSpotlightNames {
            StandardError.write(
                "fsfind: warning: \(name) is not an attribute fsfind has; as in mdfind, no item has it\n")
        }
        let context: QueryContext
        do { context = try QueryContext.fromEnvironment() } catch {
            throw FSFindError(.usage, error.message)
        }
        let question: Question
        do { question = try Question(parsed, context: context) } catch {
            throw QueryFailure(error: error, query: query)
        }
        let folders = onlyIn.map {
            PathBytes.realPath(PathBytes.bytes($0)) ?? PathBytes.absolute(PathBytes.bytes($0))
        }
        if explain {
            // The query as read, in the form that reads back the same; no index needed.
            var writer = ResultWriter(format: .lines, attributes: [])
            writer.write(line: parsed.description)
            if scope != .all { writer.write(line: "--scope \(scope.rawValue)") }
            for folder in folders { writer.write(line: "-onlyin \(PathBytes.display(folder))") }
            try writer.finish()
            return
        }

        let request = SearchRequest(scope: scope, onlyIn: folders, sort: sort, reverse: reverse, limit: limit)
        let frontEnd = QueryFrontEnd(indexPath: indexPath)
        if live {
            try runLive(question, request: request, shown: shown, frontEnd: frontEnd)
            return
        }
        let index = try frontEnd.open()
        if count {
            // Counting needs no order: no relevance scores, no sort.
            var output = StandardOutput()
            output.write(line: String(try index.count(question, request)))
            try output.finish()
            Self.offer(try index.suggestions(for: question))
            return
        }
        let results = try index.search(question, request)
        Self.offer(try index.suggestions(for: question))
        if !mdfindShown.isEmpty {
            let reader = try results.reader(for: Set(mdfindShown.map(\.1)))
            var writer = ResultWriter(format: .lines, attributes: [])
            let formatter = ValueFormatter()
            for row in results.rows {
                // mdfind's form: the path, three spaces, then `NAME = value` per attribute,
                // `(null)` for one the item lacks.
                let pairs = mdfindShown.map { name, attribute in
                    "\(name) = " + (reader.value(of: attribute, at: row).map { formatter.plain($0) } ?? "(null)")
                }
                writer.write(line: PathBytes.display(reader.path(at: row)) + "   " + pairs.joined(separator: "   "))
            }
            try writer.finish()
            return
        }
        try write(results.rows, of: results, shown: shown)
    }

    /// The rows as the list, `-0`, `--json` or `--attr` asks; with `removed`, the paths of
    /// items that no longer match after them, marked (`query --live`).
    private func write(
        _ rows: [Int], of results: QueryResults, shown: [Attribute], removed: [[UInt8]] = []
    ) throws(FSFindError) {
        let format: ResultWriter.Format = json ? .json : null ? .null : shown.isEmpty ? .lines : .attributes
        let written = shown.isEmpty ? ResultWriter.defaultJSONAttributes : shown
        let reader = try results.reader(for: !shown.isEmpty || json ? Set(written) : [])
        var writer = ResultWriter(format: format, attributes: written)
        let lines = snippets ? try results.snippets(for: rows) : [:]
        for row in rows {
            writer.write(
                path: reader.path(at: row), item: reader.row(row), snippet: lines[row]?.text, page: lines[row]?.page)
        }
        for path in removed { writer.writeRemoved(path: path) }
        try writer.finish()
    }

    /// `--live`: the matches now, then what each new version of the index adds to them or
    /// takes away, until SIGINT or SIGTERM (status 0). With `--count`, the count each time it
    /// changes.
    private func runLive(
        _ question: Question, request: SearchRequest, shown: [Attribute], frontEnd: QueryFrontEnd
    ) throws(FSFindError) {
        // Watched before the first search, so a version written meanwhile is not missed.
        let changes = try IndexChanges(indexPath: indexPath)
        var known: Set<[UInt8]> = []
        var lastCount: Int?
        func update() throws(FSFindError) {
            let results = try frontEnd.open().search(question, request)
            if count {
                guard results.rows.count != lastCount else { return }
                lastCount = results.rows.count
                var output = StandardOutput()
                output.write(line: String(results.rows.count))
                try output.finish()
                return
            }
            let paths = results.paths
            let now = Set(paths)
            let added = zip(results.rows, paths).filter { !known.contains($0.1) }.map(\.0)
            let removed = known.subtracting(now).sorted { $0.lexicographicallyPrecedes($1) }
            known = now
            if !added.isEmpty || !removed.isEmpty {
                try write(added, of: results, shown: shown, removed: removed)
            }
        }
        try update()
        try changes.wait {
            () throws(FSFindError) in
            do throws(FSFindError) { try update() } catch  where error.code == .indexMissing {
                // Between a deletion and the next version: wait for it.
            }
        }
    }
}
