import ArgumentParser
import FSFindModel
import FSFindSearch

extension QueryOptions {
    /// The everyday forms of `fsfind query` read without ArgumentParser: words, and the options a
    /// script or a shell alias passes (`--count`, `--json`, `-0`, `--limit N`, `--scope S`,
    /// `--sort K`, `--reverse`, `--snippets`, `--attr X`, `--onlyin D`, `--index F`), each spelt
    /// apart from its value. Nil for anything else, which the parser then reads as before.
    ///
    /// ArgumentParser builds its view of a command by reflection, and each generic type it meets
    /// the first time costs the runtime a scan of all 6,874 conformance records of the binary:
    /// half of the CPU time of a query on a small index (`benchmarks/RESULTS.md`, "Start-up").
    /// What is read here is read as the parser reads it — words in order wherever they stand, a
    /// repeated option's last value, a repeated flag once — and debug builds parse every command
    /// line this accepts both ways and stop if the two differ (``checkedAgainstParser(_:)``), so
    /// every end-to-end test of `fsfind query` checks the equivalence.
    static func quickParse(_ arguments: [String]) -> Self? {
        var options = Self()
        var position = 0
        while position < arguments.count {
            let argument = arguments[position]
            position += 1
            if argument == "--" {
                // The end of the options: the rest is the query, as the parser reads it.
                options.optionsEnd = options.words.count
                options.words += arguments[position...]
                break
            }
            guard argument.hasPrefix("-") else {
                options.words.append(argument)
                continue
            }
            switch argument {
            case "--count", "-count": options.count = true
            case "--json": options.json = true
            case "-0", "--null": options.null = true
            case "--reverse": options.reverse = true
            case "--snippets": options.snippets = true
            default:
                // An option with its value in the next argument; a value that looks like an
                // option is left to the parser, which says what it makes of it.
                guard position < arguments.count, !arguments[position].hasPrefix("-") else { return nil }
                let value = arguments[position]
                position += 1
                switch argument {
                case "--limit":
                    guard let number = Int(value) else { return nil }
                    options.limit = number
                case "--scope":
                    guard let scope = Scope(rawValue: value) else { return nil }
                    options.scope = scope
                case "--sort":
                    guard let key = SortKey(rawValue: value) else { return nil }
                    options.sort = key
                case "--index": options.index = value
                case "--onlyin", "-onlyin": options.onlyIn.append(value)
                case "--attr": options.attributes.append(value)
                default: return nil
                }
            }
        }
        do {
            try IndexOption.validate(explicit: options.index)
            try options.validate()
        } catch {
            // The parser words the refusal.
            return nil
        }
        return options
    }

    /// In debug builds, this quick reading of `arguments` compared with ArgumentParser's; a
    /// difference stops the program, naming both. Release builds return the reading as it is.
    func checkedAgainstParser(_ arguments: [String]) -> Self {
        #if DEBUG
            let parsed = ((try? QuickQuery.parseAsRoot(arguments)) as? QuickQuery)?.query.options
            guard parsed == self else {
                fatalError(
                    "fsfind query's quick parse of \(arguments) read \(self), the parser "
                        + "\(parsed.map { "\($0)" } ?? "refused them")")
            }
        #endif
        return self
    }
}
