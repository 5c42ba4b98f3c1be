import Testing

/// `fsfind query`'s everyday options are read without ArgumentParser (`QueryOptions.quickParse`,
/// for the start-up); every other spelling still goes through the parser. Each pair below is
/// one command line in the quick form and the same in a form only the parser reads (`--opt=value`),
/// which must print the same and exit the same. The debug binary these tests run also parses
/// every quick reading both ways and stops on a difference, so a crash fails them too.
@Suite(.ownThreads) struct QuickParseEndToEndTests {
    let tree: FixtureTree

    init() throws {
        tree = try FixtureTree(withOddEntries: false)
        let run = try tree.buildIndex()
        #expect(run.status == 0, "\(run.stderr)")
    }

    private func run(_ arguments: [String]) throws -> RunResult {
        try FSFind.run(["query", "--index", tree.index] + arguments)
    }

    @Test(arguments: [
        (["tone"], ["tone", "--sort=path", "--sort", "relevance"]),
        (["--count", "tone"], ["--count", "tone", "--limit=9"]),
        (
            ["tone", "--sort", "name", "--reverse", "--limit", "3", "--limit", "2"],
            ["tone", "--sort=name", "--reverse", "--limit=2"]
        ),
        (["--scope", "audio", "paris", "--json"], ["--scope=audio", "paris", "--json"]),
        (["--attr", "title", "tone", "--attr", "duration"], ["--attr=title", "tone", "--attr=duration"]),
        (["-0", "--count", "--count", "kind:image"], ["--null", "--count", "kind:image"]),
        (["--snippets", "quarterly"], ["--snippets", "quarterly", "--limit=100"]),
        (["fsName == \"tone.*\"", "--sort", "size"], ["fsName == \"tone.*\"", "--sort=size"]),
        // mdfind's own spellings come from the same table (``QueryOption``).
        (["--count", "-name", "tone"], ["--count", "-name", "tone", "--limit=100"]),
        (["-interpret", "tone"], ["-interpret", "tone", "--sort=relevance"]),
        (
            ["fsName == \"tone.*\"", "-attr", "kMDItemFSSize"],
            ["fsName == \"tone.*\"", "-attr", "kMDItemFSSize", "--sort=path"]
        ),
        (["--explain", "tone", "-onlyin", "/"], ["--explain", "tone", "--onlyin=/"]),
    ])
    func theQuickReadingIsTheParsers(quick: [String], parsed: [String]) throws {
        let first = try run(quick)
        let second = try run(parsed)
        #expect(first.status == 0 && !first.lines.isEmpty, "\(quick): \(first.stderr)")
        #expect(first.status == second.status && first.out == second.out && first.stderr == second.stderr)
    }

    @Test func onlyinTheQuickWayAndTheParsersWay() throws {
        let music = tree.root + "/Music"
        let quick = try run(["--onlyin", music, "tone", "-onlyin", tree.root + "/Pictures"])
        let parsed = try run(["--onlyin=" + music, "tone", "--onlyin=" + tree.root + "/Pictures"])
        #expect(quick.status == 0 && quick.lines.count >= 2 && quick.out == parsed.out, "\(quick.stderr)")
    }

    /// What the quick reading leaves to the parser is refused in the parser's words.
    @Test(arguments: [
        ["--snippets", "--count", "tone"], ["--limit", "-1", "tone"], ["--limit", "many", "tone"],
        ["--scope", "nothing", "tone"], ["--sort", "colour", "tone"], ["--json", "-0", "tone"], ["--limit"],
        ["--index"], [],
    ])
    func refusalsAreTheParsers(arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 2 && result.out.isEmpty && !result.stderr.isEmpty, "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("quick parse"))
    }

    /// `--` ends the options: what follows is the query, a predicate or words, never an option,
    /// and the `--` itself is no part of it (it was read as a word, or as an unexpected `-`).
    @Test func doubleDashEndsTheOptions() throws {
        let predicate = try run(["--", "fsName == \"tone.*\""])
        let plain = try run(["fsName == \"tone.*\""])
        #expect(predicate.status == 0 && !predicate.lines.isEmpty && predicate.out == plain.out, "\(predicate.stderr)")
        let words = try run(["--count", "--", "tone"])
        let plainCount = try run(["--count", "tone"])
        #expect(words.status == 0 && words.out == plainCount.out, "\(words.stderr)")
        // After `--`, what looks like an option is a word: looked for, not obeyed.
        let dashed = try run(["--", "--count"])
        #expect(dashed.status == 0 && !dashed.lines.contains { Int($0) != nil }, "\(dashed.out) \(dashed.stderr)")
    }

    /// `--limit N` on a ranked search gives the first N rows of the whole ranked list, ties in
    /// path order: with N far below the matches, the rows are kept in a heap, not sorted.
    @Test(arguments: ["t", "s", "a"])
    func aLimitKeepsTheFirstRowsOfTheRankedList(word: String) throws {
        let all = try run([word])
        #expect(all.status == 0 && all.lines.count >= 16, "\(word): \(all.lines.count)")
        for limit in [0, 1] {
            let first = try run(["--limit", String(limit), word])
            #expect(first.lines == Array(all.lines.prefix(limit)), "\(word) --limit \(limit)")
        }
    }
}
