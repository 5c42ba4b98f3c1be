import ArgumentParser
import FSFindModel
import FSFindQuery
import FSFindSearch

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

        // Names and help: ``QueryOption``, the table the quick reading reads too.
        @Option(name: QueryOption.scope.names, help: QueryOption.scope.help)
        var scope: Scope = .all

        @Option(name: QueryOption.onlyIn.names, help: QueryOption.onlyIn.help, completion: .directory)
        var onlyIn: [String] = []

        @Option(name: QueryOption.name.names, help: QueryOption.name.help)
        var name: String?

        @Flag(name: QueryOption.null.names, help: QueryOption.null.help)
        var null = false

        @Flag(name: QueryOption.json.names, help: QueryOption.json.help)
        var json = false

        @Option(
            name: QueryOption.attributes.names, help: QueryOption.attributes.help,
            completion: .custom { _, _, typed in ShellCompletion.attributeList(typed) })
        var attributes: [String] = []

        @Flag(name: QueryOption.count.names, help: QueryOption.count.help)
        var count = false

        @Option(
            name: QueryOption.mdfindAttributes.names, help: QueryOption.mdfindAttributes.help,
            completion: .custom { _, _, typed in ShellCompletion.attributeList(typed) })
        var mdfindAttributes: [String] = []

        @Flag(name: QueryOption.interpret.names, help: QueryOption.interpret.help)
        var interpret = false

        @Flag(name: QueryOption.literal.names, help: QueryOption.literal.help)
        var literal = false

        @Flag(name: QueryOption.live.names, help: QueryOption.live.help)
        var live = false

        @Option(name: QueryOption.limit.names, help: QueryOption.limit.help)
        var limit: Int?

        @Option(name: QueryOption.sort.names, help: QueryOption.sort.help)
        var sort: SortKey?

        @Flag(name: QueryOption.reverse.names, help: QueryOption.reverse.help)
        var reverse = false

        @Flag(name: QueryOption.snippets.names, help: QueryOption.snippets.help)
        var snippets = false

        @Flag(name: QueryOption.explain.names, help: QueryOption.explain.help)
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
