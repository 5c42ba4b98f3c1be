import Testing

@testable import FSFindCommandLine

/// `fsfind query`'s options are declared once (``QueryOption``): every spelling the table gives
/// the quick reading must read as ArgumentParser reads it, so a new option added to one and not
/// the other fails here.
@Suite struct QueryOptionTableTests {
    /// A value each option accepts.
    private static func value(for option: QueryOption) -> [String] {
        switch option {
        case .scope: ["audio"]
        case .onlyIn: ["/tmp"]
        case .name: ["tone"]
        case .attributes: ["title"]
        case .mdfindAttributes: ["kMDItemTitle"]
        case .limit: ["3"]
        case .sort: ["name"]
        case .index: ["/tmp/index.fsfind"]
        default: []
        }
    }

    @Test(arguments: QueryOption.allCases)
    func everySpellingReadsAsTheParserReadsIt(option: QueryOption) throws {
        #expect(option.takesValue == !Self.value(for: option).isEmpty)
        for spelling in option.spellings {
            let arguments = ["tone", spelling] + Self.value(for: option)
            let quick = try #require(QueryOptions.quickParse(arguments), "\(arguments)")
            let parsed = try #require(try QuickQuery.parseAsRoot(arguments) as? QuickQuery).query.options
            #expect(quick == parsed, "\(arguments)")
            #expect(quick != QueryOptions(words: ["tone"]), "\(arguments) changed nothing")
        }
    }

    /// Spellings the table does not have are the parser's to read or refuse.
    @Test(arguments: [["tone", "--name", "x"], ["tone", "-draft"], ["tone", "--limit=3"], ["--help"]])
    func otherSpellingsAreLeftToTheParser(arguments: [String]) {
        #expect(QueryOptions.quickParse(arguments) == nil)
    }
}
