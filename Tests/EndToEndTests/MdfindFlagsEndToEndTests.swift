import Foundation
import Testing

/// mdfind's spellings on `fsfind query` (issue 14, item 7, in part): several words are one query,
/// single-dash `-onlyin`, `-count`, `-name`, `-attr`, `-interpret`, `-literal` (`-live`: LiveQueryEndToEndTests).
@Suite(.ownThreads) struct MdfindFlagsEndToEndTests {
    let tree: FixtureTree

    init() throws {
        tree = try FixtureTree(withOddEntries: false)
        let run = try tree.buildIndex()
        #expect(run.status == 0, "\(run.stderr)")
    }

    private func run(_ arguments: [String]) throws -> RunResult {
        try FSFind.run(["query", "--index", tree.index] + arguments)
    }

    private func names(_ result: RunResult) -> [String] {
        result.lines.map { ($0 as NSString).lastPathComponent }
    }

    @Test func severalWordsAreOneQueryAndOnlyinComesAfterIt() throws {
        #expect(names(try run(["tone", "flac"])) == ["tone.flac"])
        let music = try run(["paris", "-onlyin", tree.root + "/Music", "-onlyin", tree.root + "/Pictures"])
        #expect(music.status == 0 && !music.lines.isEmpty, "\(music.stderr)")
        #expect(
            music.lines.allSatisfy { $0.hasPrefix(tree.root + "/Music/") || $0.hasPrefix(tree.root + "/Pictures/") })
    }

    @Test func nameCountAndAttr() throws {
        #expect(try run(["-name", "TONE", "-count"]).out == "6\n")
        #expect(names(try run(["-name", "flac", "duration > 2"])) == ["tone.flac"])
        let lines = try run(["-name", "tone.flac", "-attr", "kMDItemFSName", "-attr", "album"]).lines
        #expect(lines == [tree.root + "/Music/tone.flac   kMDItemFSName = tone.flac   album = (null)"], "\(lines)")
    }

    @Test func interpretAndLiteral() throws {
        // -interpret: the text is words, whatever it holds; -literal: a query, as always.
        #expect(try run(["-interpret", "tone == flac"]).status == 0)
        #expect(names(try run(["-literal", "fsName == \"tone.flac\""])) == ["tone.flac"])
        // -live: LiveQueryEndToEndTests.
        #expect(try run(["tone", "-onlyin"]).status == 2)
        #expect(try run(["tone", "-attr"]).status == 2)
        #expect(try run([]).status == 2)
    }

    @Test func anUnknownSpotlightAttributeWarnsAndMatchesNothing() throws {
        let result = try run(["kMDItemAppStoreCategory == \"Games\" || fsName == \"tone.flac\""])
        #expect(result.status == 0)
        #expect(names(result) == ["tone.flac"])
        #expect(
            result.stderr
                == "fsfind: warning: kMDItemAppStoreCategory is not an attribute fsfind has; as in mdfind, no item has it\n"
        )
        #expect(try run(["appStoreCategory == \"Games\""]).status == 2)
    }

    @Test func searchFieldKeywordsWorkInQuery() throws {
        #expect(try run(["--count", "kind:image"]).out == "7\n")
        // `kind:audio` filters as the audio scope does.
        let keyword = names(try run(["kind:audio", "paris"])).sorted()
        let scoped = names(try run(["--scope", "audio", "paris"])).sorted()
        #expect(!keyword.isEmpty && keyword == scoped)
        #expect(names(try run(["make:canon"])) == ["eiffel.jpg"])
        #expect(try run(["--count", "kind:image && pixelHeight > 2000"]).status == 0)
        let missing = try run(["kind:"])
        #expect(missing.status == 2 && missing.stderr.contains("kind: needs a value"), "\(missing.stderr)")
    }

    @Test func freeTextOperatorsAndFinderForms() throws {
        // mdfind's operators in free text: either, without (a dashed word is no option), groups.
        let either = names(try run(["flac|eiffel"])).sorted()
        #expect(either == ["eiffel.jpg", "tone.flac"], "\(either)")
        let without = names(try run(["tone", "-flac", "-wav"]))
        #expect(without.count == 4 && !without.contains("tone.flac") && !without.contains("tone.wav"), "\(without)")
        #expect(names(try run(["tone NOT flac NOT wav"])).sorted() == without.sorted())
        #expect(names(try run(["(flac | wav) tone"])).sorted() == ["tone.flac", "tone.wav"])
        let images = Int(try run(["-count", "kind:image"]).lines.first ?? "") ?? 0
        let audio = Int(try run(["-count", "kind:audio"]).lines.first ?? "") ?? 0
        #expect(images > 0 && audio > 0)
        #expect(try run(["-count", "kind:image OR kind:audio"]).out == "\(images + audio)\n")
        // Finder's RawQuery: `**` is name or content, `(true)` joins.
        #expect(names(try run(["(** == \"eiffel*\"cdw) && (true)"])) == ["eiffel.jpg"])
        #expect(try run(["** != \"tone\" && fsName == \"tone.flac\""]).lines.isEmpty)
        // Typos are errors with a caret, exit 2; a misspelt long option is not taken for a word.
        for bad in [["kind:nosuchkind"], ["flac |"], ["(flac"], ["tone", "--limt", "1"], ["$time.today(-30q)"]] {
            let result = try run(bad)
            #expect(result.status == 2, "\(bad): \(result.stderr)")
        }
        #expect(try run(["kind:nosuchkind"]).stderr.contains("no such kind"))
    }
}
