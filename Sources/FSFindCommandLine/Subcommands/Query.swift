import ArgumentParser
import CPlatform
import FSFindIndexFormat
import FSFindIndexer
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
            commandName: "query",
            abstract: "Print the paths of indexed items that match a query.",
            discussion: """
                QUERY is Core Spotlight's query language, or plain words (free text).

                Examples:
                  fsfind query paris
                  fsfind query 'contentType == "audio"wc && duration > 300'
                  fsfind query 'InRange(contentModificationDate, $time.today(-10), $time.today)'
                  fsfind query --scope image 'acquisitionMake == "Canon"c' --json
                  fsfind query invoice contract -onlyin ~/Documents

                mdfind's spellings work too: several words are one query, and -onlyin, -count,
                -name, -attr, -interpret and -literal are taken as mdfind takes them.
                """)

        // `.allUnrecognized`: a word with a dash (`paris -draft`, `-kind:pdf`) is mdfind's "without",
        // not an unknown option; `validate()` still refuses a misspelt `--option`.
        @Argument(
            parsing: .allUnrecognized,
            help: ArgumentHelp("The query, or words to look for.", valueName: "query"),
            completion: .custom { words, index, typed in ShellCompletion.query(words: words, index: index, typed: typed)
            })
        var words: [String] = []

        @Option(name: .long, help: ArgumentHelp("Only items of this category.", valueName: "scope"))
        var scope: Scope = .all

        @Option(
            name: [.customLong("onlyin"), .customLong("onlyin", withSingleDash: true)],
            help: ArgumentHelp(
                "Only items at or below this folder (repeatable).",
                valueName: "dir"), completion: .directory)
        var onlyIn: [String] = []

        @Option(
            name: .customLong("name", withSingleDash: true),
            help: ArgumentHelp(
                "mdfind's -name: only items whose name contains this text (any case and accents).",
                valueName: "text"))
        var name: String?

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

        @Flag(name: [.long, .customLong("count", withSingleDash: true)], help: "Print only the number of matches.")
        var count = false

        @Option(
            name: .customLong("attr", withSingleDash: true),
            help: ArgumentHelp(
                "mdfind's -attr: after each path, 'NAME = value' for this attribute (repeatable).",
                valueName: "name"),
            completion: .custom { _, _, typed in ShellCompletion.attributeList(typed) })
        var mdfindAttributes: [String] = []

        @Flag(
            name: .customLong("interpret", withSingleDash: true),
            help: "mdfind's -interpret: read the query as words typed into a search field.")
        var interpret = false

        @Flag(
            name: .customLong("literal", withSingleDash: true),
            help: "mdfind's -literal: read the query as a query (what fsfind does anyway).")
        var literal = false

        @Flag(
            name: [.long, .customLong("live", withSingleDash: true)],
            help:
                "Print the matches, then keep printing new ones (and removed ones, marked '- ') as the index changes, until Ctrl-C."
        )
        var live = false

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

        @Flag(
            name: .long,
            help: "Print how the query was read (its canonical form, and each -onlyin folder) instead of running it.")
        var explain = false

        @OptionGroup var indexOption: IndexOption

        /// The options as a plain value: what runs the query, whichever way it was read
        /// (``QuickQuery``, or ``QueryOptions/quickParse(_:)`` without this parser).
        var options: QueryOptions {
            // The parser keeps a `--` among the words it did not recognise; it ends the options.
            let end = words.firstIndex(of: "--")
            var words = words
            if let end { words.remove(at: end) }
            return QueryOptions(
                words: words, optionsEnd: end, scope: scope, onlyIn: onlyIn, name: name, null: null, json: json,
                attributes: attributes,
                count: count, mdfindAttributes: mdfindAttributes, interpret: interpret, literal: literal, live: live,
                limit: limit, sort: sort, reverse: reverse, snippets: snippets, explain: explain,
                index: indexOption.index)
        }

        func validate() throws { try options.validate() }

        func run() throws { try options.run() }
    }
}
