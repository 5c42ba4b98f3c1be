import Foundation
import Testing

/// mdfind's spellings on `fsfind query` (issue 14, item 7, in part): several words are one query,
/// single-dash `-onlyin`, `-count`, `-name`, `-attr`, `-interpret`, `-literal`, and `-live` refused.
@Suite struct MdfindFlagsEndToEndTests {
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

    @Test func interpretLiteralAndLive() throws {
        // -interpret: the text is words, whatever it holds; -literal: a query, as always.
        #expect(try run(["-interpret", "tone == flac"]).status == 0)
        #expect(names(try run(["-literal", "fsName == \"tone.flac\""])) == ["tone.flac"])
        let live = try run(["-live", "tone"])
        #expect(live.status == 2 && live.stderr.contains("-live needs a live index"), "\(live.stderr)")
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
}
