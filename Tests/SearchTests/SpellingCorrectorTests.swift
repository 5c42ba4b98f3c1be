import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindModel
@testable import FSFindSearch
@testable import FSFindText

/// The spelling corrector: the words within two edits (a swap is one), fewest edits first, then
/// the most frequent; nothing for a word that is there.
@Suite struct SpellingCorrectorTests {
    private static func matches(_ word: String, _ words: [String], limit: Int = 2, fixed: Int = 0) throws
        -> [String: Int]
    {
        let vocabulary = SortedWords(Dictionary(uniqueKeysWithValues: words.map { ($0, 1) }))
        let found = try SpellingSearch(Array(word.utf8), limit: limit, fixedScalars: fixed).matches(in: vocabulary)
        return Dictionary(uniqueKeysWithValues: found.map { (String(decoding: $0.word, as: UTF8.self), $0.distance) })
    }

    @Test func theWalkFindsEveryKindOfEditAndCountsASwapAsOne() throws {
        let words = ["quarterly", "comparison", "compression", "quarter", "bread", "breadth", "zebra"]
        // A missing letter, two letters swapped, an extra letter, a wrong letter.
        #expect(try Self.matches("quartely", words) == ["quarterly": 1, "quarter": 2])
        #expect(try Self.matches("comparsion", words) == ["comparison": 1])
        #expect(try Self.matches("breaad", words) == ["bread": 1])
        #expect(try Self.matches("bredth", words) == ["breadth": 1])
        #expect(try Self.matches("brexd", words, limit: 1) == ["bread": 1])
        // The word itself is at distance 0; a word past the limit is not found.
        #expect(try Self.matches("zebra", words, limit: 1) == ["zebra": 0])
        #expect(try Self.matches("zzzzzz", words).isEmpty)
    }

    @Test func theWalkAgreesWithTheDistanceTableOnEveryWord() throws {
        // Every word of a small vocabulary against a brute-force optimal string alignment.
        let words = [
            "abc", "acb", "bac", "abcd", "abdc", "ab", "ba", "cab", "abcde", "aebcd", "xbcd", "éclair", "eclair",
        ]
        for target in ["abcd", "bacd", "acbd", "eclari", "ab", "abce"] {
            let expected = Dictionary(
                uniqueKeysWithValues: words.compactMap { word -> (String, Int)? in
                    let distance = Self.optimalStringAlignment(Array(target.unicodeScalars), Array(word.unicodeScalars))
                    return distance <= 2 ? (word, distance) : nil
                })
            #expect(try Self.matches(target, words) == expected, "\(target)")
        }
    }

    @Test func aRareWordOneEditAwayLosesToACommonOneAnEditFurther() throws {
        // The index's files hold typos too: `follwing` once, "following" far more often.
        let vocabulary = SortedWords(["follwing": 1, "following": 500, "flowing": 40])
        #expect(try SpellingCorrector([vocabulary]).suggestions(for: "follwiwng") == ["following"])
        // Less than a hundred times as common: the nearer word still ranks first.
        let close = SortedWords(["follwing": 10, "following": 500])
        #expect(try SpellingCorrector([close]).suggestions(for: "follwiwng") == ["follwing"])
    }

    @Test func fewerEditsComeFirstThenTheMoreFrequentWord() throws {
        let vocabulary = SortedWords(["the": 900, "tea": 5, "then": 300, "tech": 40, "receive": 20, "recipe": 80])
        let corrector = SpellingCorrector([vocabulary])
        // `teh`: "the" (a swap) and "tech" (a letter missing) are one edit; "the" is more frequent.
        #expect(try corrector.suggestions(for: "teh", count: 3) == ["the", "tech", "tea"])
        // `recieve`: one swap from "receive", more than two from the more frequent "recipe".
        #expect(try corrector.suggestions(for: "recieve") == ["receive"])
    }

    @Test func aWordThatIsThereGetsNoSuggestion() throws {
        let corrector = SpellingCorrector([SortedWords(["quarterly": 3, "quarter": 50])])
        #expect(try corrector.suggestions(for: "quarterly").isEmpty)
        #expect(try corrector.suggestions(for: "quartely") == ["quarterly"])
    }

    @Test func occurrencesAddUpAcrossVocabulariesAndTheFirstLetterMayBeWrong() throws {
        // Names say "report" once, files write "resort" often; "report" is in both.
        let names = SortedWords(["report": 2])
        let words = SortedWords(["resort": 3, "report": 2])
        #expect(try SpellingCorrector([words]).suggestions(for: "reeort", count: 2) == ["resort", "report"])
        #expect(try SpellingCorrector([names, words]).suggestions(for: "reeort", count: 2) == ["report", "resort"])
        // A wrong, missing, extra or swapped first letter is one edit too.
        let corrector = SpellingCorrector([SortedWords(["kernel": 4])])
        for typo in ["jernel", "ernel", "skernel", "ekrnel"] {
            #expect(try corrector.suggestions(for: typo) == ["kernel"], "\(typo)")
        }
    }

    @Test func shortWordsTakeOneEditAndTheShortestAreNotCorrected() throws {
        let corrector = SpellingCorrector([SortedWords(["cart": 10, "card": 1])])
        #expect(try corrector.suggestions(for: "cat") == ["cart"])
        // Four letters: one edit at most, so `cxxt` (two from "cart") gets nothing.
        #expect(try corrector.suggestions(for: "cxxt").isEmpty)
        #expect(try corrector.suggestions(for: "ca").isEmpty)
    }

    @Test func spellingWordsAreFoldedDistinctAndWordLike() {
        var words: [String] = []
        SpellingWords.forEach(in: SpellingWords.distinct(in: "Quarterly REPORT, quarterly café\nv2 abc_def ab sha1")) {
            words.append(String(decoding: $0, as: UTF8.self))
        }
        #expect(Set(words) == ["quarterly", "report", "cafe", "abc", "def"])
        #expect(words.count == 5)
    }

    @Test func theASCIICutterCutsAsValueWordsCuts() {
        let text = "fooBar HTTPServer x264 abc_def ab THE the\tquickBrownFOX 1st " + String(repeating: "long", count: 9)
        var fast = WordTally()
        Array(text.utf8).withUnsafeBytes { SpellingWords.addASCII($0, to: &fast) }
        var general = Set<String>()
        var cutter = ValueWords()
        Array(text.utf8).withUnsafeBytes { bytes in
            cutter.forEach(in: bytes) { word, _ in
                if SpellingWords.keeps(word) { general.insert(String(decoding: word, as: UTF8.self)) }
            }
        }
        var cut = Set<String>()
        fast.forEachWord { word, _ in cut.insert(String(decoding: word, as: UTF8.self)) }
        #expect(cut == general)
        #expect(cut == ["foo", "bar", "httpserver", "abc", "def", "the", "quick", "brown", "fox"])
    }

    @Test func aTallyCountsEachWordOnceThroughItsGrowth() {
        var tally = WordTally()
        for round in 0..<3 {
            for n in 0..<1000 { Array("w\(n)".utf8).withUnsafeBytes { tally.add($0, round == 2 ? -1 : 1) } }
        }
        #expect(tally.count == 1000)
        var counts: [String: Int] = [:]
        tally.forEachWord { word, count in counts[String(decoding: word, as: UTF8.self)] = count }
        #expect(counts.count == 1000 && counts.values.allSatisfy { $0 == 1 } && counts["w999"] == 1)
        // The list is the words in the order first added, each followed by a newline.
        #expect(tally.list.starts(with: Array("w0\nw1\nw2\n".utf8)))
    }

    @Test func theStoreCountsTheDocumentsThatHoldEachWordAndForgetsRemovedOnes() throws {
        let folder = TemporaryFolder()
        let store = try TextStore(path: folder.file("t.text"), create: true)
        let identity = FileIdentity(device: 1, inode: 1, size: 1, mtimeNanos: 1, ctimeNanos: 1)
        let other = FileIdentity(device: 1, inode: 2, size: 1, mtimeNanos: 1, ctimeNanos: 1)
        try store.write { writer throws(FSFindError) in
            try writer.add(
                source: DocumentSource(identity: identity, type: "public.plain-text"),
                text: "Quarterly comparison, quarterly")
            try writer.add(source: DocumentSource(identity: other, type: "public.plain-text"), text: "quarterly")
        }
        let table = try #require(try store.spellingTable())
        #expect(try table.documents(holding: Array("quarterly".utf8)) == 2)
        #expect(try table.documents(holding: Array("comparison".utf8)) == 1)
        #expect(try table.firstWord(atOrAfter: Array("quartely".utf8)) == Array("quarterly".utf8))
        try store.write { writer throws(FSFindError) in
            _ = try writer.removeUnnamed(among: nil) { _, kept in kept == other }
        }
        #expect(try table.documents(holding: Array("quarterly".utf8)) == 1)
        #expect(try table.documents(holding: Array("comparison".utf8)) == 0)
    }

    /// The optimal string alignment distance, the whole table: what the walk must agree with.
    private static func optimalStringAlignment(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
