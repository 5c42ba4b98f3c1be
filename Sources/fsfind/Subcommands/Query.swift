import ArgumentParser
import FSFindIndex
import FSFindIndexing
import FSFindInteractive
import FSFindModel
import FSFindOutput
import FSFindPlatform
import FSFindQuery
import FSFindSearch
import Foundation

extension FSFindCommand {
    /// `fsfind query QUERY`: print the indexed items that match.
    struct Query: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the paths of indexed items that match a query.",
            discussion: """
                QUERY is Core Spotlight's query language, or plain words (free text).

                Examples:
                  fsfind query paris
                  fsfind query 'contentType == "audio"wc && duration > 300'
                  fsfind query 'InRange(contentModificationDate, $time.today(-10), $time.today)'
                  fsfind query --scope image 'acquisitionMake == "Canon"c' --json
                """)

        @Argument(
            help: ArgumentHelp("The query, or words to look for.", valueName: "query"),
            completion: .custom { words, index, typed in ShellCompletion.query(words: words, index: index, typed: typed)
            })
        var query: String

        @Option(name: .long, help: ArgumentHelp("Only items of this category.", valueName: "scope"))
        var scope: Scope = .all

        @Option(
            name: .customLong("onlyin"),
            help: ArgumentHelp(
                "Only items at or below this folder (repeatable).",
                valueName: "dir"), completion: .directory)
        var onlyIn: [String] = []

        @Flag(name: [.customShort("0"), .customLong("null")], help: "End each path with NUL instead of a newline.")
        var null = false

        @Flag(name: .long, help: "Print one JSON object per result (NDJSON).")
        var json = false

        @Option(
            name: .customLong("attr"),
            help: ArgumentHelp(
                "Attributes to print with each path (comma-separated, repeatable).",
                valueName: "names"),
            completion: .custom { _, _, typed in ShellCompletion.attributeList(typed) })
        var attributes: [String] = []

        @Flag(name: .long, help: "Print only the number of matches.")
        var count = false

        @Option(name: .long, help: ArgumentHelp("Print at most this many results.", valueName: "n"))
        var limit: Int?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Order of results (default: path; relevance for free text).",
                valueName: "key"))
        var sort: SortKey?

        @Flag(name: .long, help: "Reverse the order.")
        var reverse = false

        @Flag(
            name: .long,
            help: "After each path found by its words, a line of context around them (a \"snippet\" field with --json)."
        )
        var snippets = false

        @OptionGroup var indexOption: IndexOption

        func validate() throws {
            if let limit, limit < 0 { throw ValidationError("--limit takes a number of 0 or more") }
            if null && json { throw ValidationError("choose one of -0 and --json") }
            if snippets && (null || !attributes.isEmpty && !json || count) {
                throw ValidationError("--snippets goes with the plain list or --json, not with -0, --attr or --count")
            }
        }

        func run() throws {
            // Everything about the query is checked before the index is opened (exit 2).
            let shown = try parseAttributes(attributes)
            let parsed: FSFindQuery.Query
            do { parsed = try FSFindQuery.Query.parse(query) } catch { throw QueryFailure(error: error, query: query) }
            let context: QueryContext
            do { context = try QueryContext.fromEnvironment() } catch {
                throw FSFindError(.usage, error.message)
            }
            let compiled: CompiledQuery
            do { compiled = try CompiledQuery(parsed, context: context) } catch {
                throw QueryFailure(error: error, query: query)
            }
            let folders = onlyIn.map {
                PathBytes.realPath(PathBytes.bytes($0)) ?? PathBytes.absolute(PathBytes.bytes($0))
            }

            let index = try indexOption.open()
            let searcher = Searcher(index: index, text: try indexOption.openTextStore())
            let request = SearchRequest(scope: scope, onlyIn: folders, sort: sort, reverse: reverse, limit: limit)
            if count {
                // Counting needs no order: no relevance scores, no sort.
                var output = StandardOutput()
                output.write(line: String(try searcher.count(compiled, request: request)))
                try output.finish()
                return
            }
            let rows = try searcher.search(compiled, isFreeText: parsed.isFreeText, request: request)
            if rows.isEmpty {
                // A word no file holds may be a typo: say so, and name the nearest word that is
                // there (exit 0 all the same: no result is a result).
                for (word, suggestion) in try searcher.suggestions(for: compiled) {
                    StandardError.write("fsfind: no file holds \"\(word)\"; did you mean \"\(suggestion)\"?\n")
                }
            }
            let format: ResultWriter.Format = json ? .json : null ? .null : shown.isEmpty ? .lines : .attributes
            if !shown.isEmpty || json {
                try index.prepare(Set(shown.isEmpty ? ResultWriter.defaultJSONAttributes : shown))
            }
            var writer = ResultWriter(
                format: format, attributes: shown.isEmpty ? ResultWriter.defaultJSONAttributes : shown)
            let lines = snippets ? try searcher.snippets(for: compiled, rows: rows) : [:]
            for row in rows {
                writer.write(path: index.path(at: row), item: index.row(row), snippet: lines[row])
            }
            try writer.finish()
        }
    }
}
