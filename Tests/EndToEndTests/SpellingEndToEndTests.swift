import FSFindTestSupport
import Foundation
import Testing

/// "Did you mean": the real binary suggests the word a typo meant, from the words inside files
/// and from names, for each word of the query on its own, and never for a word that matches.
@Suite(.ownThreads) struct SpellingEndToEndTests {
    let tree: FixtureTree

    init() throws {
        tree = try FixtureTree(withOddEntries: false)
        let documents = tree.root + "/Documents/"
        try Data("A comparison of the quarterly figures.\nThe comparison holds.\n".utf8)
            .write(to: URL(fileURLWithPath: documents + "review.txt"))
        // A word only a name holds.
        try Data("pack light\n".utf8).write(to: URL(fileURLWithPath: documents + "kilimanjaro-itinerary.txt"))
        let run = try tree.buildIndex()
        #expect(run.status == 0, "\(run.stderr)")
    }

    func query(_ words: String...) throws -> (stdout: [String], stderr: [String]) {
        let run = try FSFind.run(["query", "--index", tree.index] + words)
        #expect(run.status == 0, "\(run.stderr)")
        return (run.lines, run.stderr.split(separator: "\n").map(String.init))
    }

    static func hint(_ word: String, _ suggestion: String) -> String {
        "fsfind: no file holds \"\(word)\"; did you mean \"\(suggestion)\"?"
    }

    @Test func aMissingLetterAndTwoSwappedLettersAreCorrected() throws {
        #expect(try query("quartely").stderr == [Self.hint("quartely", "quarterly")])
        #expect(try query("comparsion").stderr == [Self.hint("comparsion", "comparison")])
        // A word only a file's name holds, one letter wrong.
        #expect(try query("itinerery").stderr == [Self.hint("itinerery", "itinerary")])
        // Counted: the count on stdout, the hint on stderr all the same.
        let counted = try query("--count", "quartely")
        #expect(counted.stderr == [Self.hint("quartely", "quarterly")], "\(counted)")
        let right = try query("--count", "quarterly")
        #expect(right.stdout.count == 1 && right.stderr.isEmpty, "\(right)")
    }

    @Test func eachWordOfSeveralIsCorrectedOnItsOwn() throws {
        #expect(
            try query("quartely comparsion").stderr == [
                Self.hint("quartely", "quarterly"), Self.hint("comparsion", "comparison"),
            ])
        // `figures` matches: only the typo beside it gets a hint.
        #expect(try query("Comparsion figures").stderr == [Self.hint("comparsion", "comparison")])
    }

    @Test func aWordThatMatchesGetsNoSuggestion() throws {
        // The word, a form of it (the store's stems), the start of a word, a name's word.
        for words in ["quarterly", "comparison", "comparisons", "compar", "itinerary", "quarterly comparison"] {
            let run = try query(words)
            #expect(run.stderr.isEmpty, "\(words): \(run.stderr)")
            #expect(!run.stdout.isEmpty, "\(words)")
        }
        // Nothing near: no hint either, and still exit 0.
        #expect(try query("xylophonist").stderr.isEmpty)
    }
}
