import ArgumentParser

extension QueryOptions {
    /// `fsfind query`'s command line read without ArgumentParser: words, and every option of the
    /// table (``QueryOption``) spelt apart from its value. Nil for anything else (`--opt=value`,
    /// `--help`, a misspelt option, a value the option refuses), which the parser then reads.
    ///
    /// ArgumentParser builds its view of a command by reflection, and each generic type it meets
    /// the first time costs the runtime a scan of all 6,874 conformance records of the binary:
    /// half of the CPU time of a query on a small index (`benchmarks/RESULTS.md`, "Start-up: the
    /// C++ runtime linked in, the query's options read without ArgumentParser").
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
            // Anything not in the table (`-draft`, mdfind's "without"; a misspelt option) is the
            // parser's to read.
            guard let option = QueryOption.named(argument) else { return nil }
            var value = ""
            if option.takesValue {
                // A value that looks like an option is left to the parser, which says what it
                // makes of it.
                guard position < arguments.count, !arguments[position].hasPrefix("-") else { return nil }
                value = arguments[position]
                position += 1
            }
            guard option.apply(value, to: &options) else { return nil }
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
