import ArgumentParser
import FSFindModel
import FSFindSearch

/// `fsfind query`'s options, each declared once: its spellings, whether it takes a value, its
/// help and how its value lands in ``QueryOptions``. ArgumentParser's declarations in
/// ``FSFindCommand/Query`` take their names and help from here, and the quick reading
/// (``QueryOptions/quickParse(_:)``) reads the spellings and values from here; debug builds
/// compare the two readings on every command line the quick one accepts.
enum QueryOption: CaseIterable {
    case scope, onlyIn, name, null, json, attributes, count, mdfindAttributes, interpret, literal, live
    case limit, sort, reverse, snippets, explain
    /// `--index`, whose declaration is the shared ``IndexOption``.
    case index

    /// How it is written on the command line, in the order `--help` shows them.
    var spellings: [String] {
        switch self {
        case .scope: ["--scope"]
        case .onlyIn: ["--onlyin", "-onlyin"]
        case .name: ["-name"]
        case .null: ["-0", "--null"]
        case .json: ["--json"]
        case .attributes: ["--attr"]
        case .count: ["--count", "-count"]
        case .mdfindAttributes: ["-attr"]
        case .interpret: ["-interpret"]
        case .literal: ["-literal"]
        case .live: ["--live", "-live"]
        case .limit: ["--limit"]
        case .sort: ["--sort"]
        case .reverse: ["--reverse"]
        case .snippets: ["--snippets"]
        case .explain: ["--explain"]
        case .index: ["--index"]
        }
    }

    /// Whether the next argument is its value (an option) or it stands alone (a flag).
    var takesValue: Bool {
        switch self {
        case .scope, .onlyIn, .name, .attributes, .mdfindAttributes, .limit, .sort, .index: true
        default: false
        }
    }

    /// The option a spelling names, if any.
    static func named(_ spelling: String) -> QueryOption? {
        allCases.first { $0.spellings.contains(spelling) }
    }

    /// Sets what it stands for in `options` from `value` (ignored for a flag), as the parser
    /// would: a repeatable option's values collect, another's last value wins. False for a value
    /// the parser would refuse (left to it, so that it words the refusal).
    func apply(_ value: String, to options: inout QueryOptions) -> Bool {
        switch self {
        case .scope:
            guard let scope = Scope(rawValue: value) else { return false }
            options.scope = scope
        case .onlyIn: options.onlyIn.append(value)
        case .name: options.name = value
        case .null: options.null = true
        case .json: options.json = true
        case .attributes: options.attributes.append(value)
        case .count: options.count = true
        case .mdfindAttributes: options.mdfindAttributes.append(value)
        case .interpret: options.interpret = true
        case .literal: options.literal = true
        case .live: options.live = true
        case .limit:
            guard let number = Int(value) else { return false }
            options.limit = number
        case .sort:
            guard let key = SortKey(rawValue: value) else { return false }
            options.sort = key
        case .reverse: options.reverse = true
        case .snippets: options.snippets = true
        case .explain: options.explain = true
        case .index: options.index = value
        }
        return true
    }

    /// ArgumentParser's names for it, made from ``spellings``. Only the parser's declarations ask
    /// (the quick reading builds none of the parser's types: each costs start-up).
    var names: NameSpecification {
        NameSpecification(
            spellings.map { spelling -> NameSpecification.Element in
                if spelling.hasPrefix("--") { return .customLong(String(spelling.dropFirst(2))) }
                let name = spelling.dropFirst()
                return name.count == 1 ? .customShort(name.first!) : .customLong(String(name), withSingleDash: true)
            })
    }

    /// What `--help` says of it.
    var help: ArgumentHelp {
        switch self {
        case .scope: ArgumentHelp("Only items of this category.", valueName: "scope")
        case .onlyIn: ArgumentHelp("Only items at or below this folder (repeatable).", valueName: "dir")
        case .name:
            ArgumentHelp(
                "mdfind's -name: only items whose name contains this text (any case and accents).",
                valueName: "text")
        case .null: "End each path with NUL instead of a newline."
        case .json: "Print one JSON object per result (NDJSON)."
        case .attributes:
            ArgumentHelp("Attributes to print with each path (comma-separated, repeatable).", valueName: "names")
        case .count: "Print only the number of matches."
        case .mdfindAttributes:
            ArgumentHelp(
                "mdfind's -attr: after each path, 'NAME = value' for this attribute (repeatable).",
                valueName: "name")
        case .interpret: "mdfind's -interpret: read the query as words typed into a search field."
        case .literal: "mdfind's -literal: read the query as a query (what fsfind does anyway)."
        case .live:
            "Print the matches, then keep printing new ones (and removed ones, marked '- ') as the index changes, until Ctrl-C."
        case .limit: ArgumentHelp("Print at most this many results.", valueName: "n")
        case .sort: ArgumentHelp("Order of results (default: path; relevance for free text).", valueName: "key")
        case .reverse: "Reverse the order."
        case .snippets:
            "After each path found by its words, a line of context around them (a \"snippet\" field with --json)."
        case .explain:
            "Print how the query was read (its canonical form, and each -onlyin folder) instead of running it."
        case .index: IndexOption.help
        }
    }
}
