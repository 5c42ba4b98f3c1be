import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// A one-letter field answered from the rows worked out ahead (``LetterAnswers``) shows what its
/// own scan shows: the rows, counts and matches, in the scope they were ranked in; another scope,
/// or another number of rows kept, is scanned.
@Suite struct LetterAnswersTests {
    let context = QueryContext(
        now: Date(timeIntervalSinceReferenceDate: 712_345_678), timeZone: TimeZone(identifier: "UTC")!)

    /// Works out, as the summaries' thread does, the answer of every letter that starts a word
    /// somewhere (not only in a letter's worth of rows for the cores).
    private func answerAhead(_ scan: InteractiveScan, scope: Scope) {
        var ahead = LettersAhead(
            reader: scan.reader, ranker: scan.ranker, limit: scan.limit, signatures: scan.signatures, scope: scope,
            context: context)
        ahead.leastRows = 1
        ahead.answer { scan.letters }
    }

    @Test func lettersAnsweredAheadAreTheirScansAnswers() throws {
        let folder = TemporaryFolder()
        // Names and words inside files that start words with many letters, so a letter has
        // several documents (two kept: which two is the ranking's) and the tree's folder.
        let (index, store) = try indexedTree(
            [
                "travel.txt": "we went to paris\n", "paris-trip.txt": "the louvre\n", "tables.txt": "tea\n",
                "shopping.txt": "buy bread and milk\n", "umbrella.txt": "nothing\n", "report 2024.txt": "q3\n",
                "Frédéric.txt": "une étude\n", "notes.txt": "the repair of the roof\n", "tree top.txt": "tall\n",
                "photo.txt": "paris at night\n",
            ], in: folder)
        for limit in [500, 2] {
            let plain = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), limit: limit, text: store)
            plain.summarize()
            let scan = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), limit: limit, text: store)
            scan.summarize()
            answerAhead(scan, scope: .document)
            var answered = 0
            for letter in "abcdefghijklmnopqrstuvwxyz" {
                let query = FieldQuery(chips: [], text: String(letter), context: context)
                for scope in [Scope.all, .document, .folder, .audio] {
                    let whole = try #require(try plain.run(query, scope: scope, onlyIn: nil))
                    let known = try #require(try scan.run(query, scope: scope, onlyIn: nil))
                    #expect(known == whole, "\(letter) \(scope) \(limit)")
                    // Answered ahead: no row visited; only in the scope it was ranked in.
                    let ahead = known.work.visited == 0 && !known.matched.isEmpty
                    #expect(ahead == (scope == .document && !whole.matched.isEmpty), "\(letter) \(scope) \(limit)")
                    if ahead { answered += 1 }
                }
            }
            #expect(answered >= 6)
            // The tree's folder starts a word with `t` and is no document: its scope is scanned.
            let folders = try #require(
                try scan.run(FieldQuery(chips: [], text: "t", context: context), scope: .folder, onlyIn: nil))
            #expect(folders.total == 1 && folders.rows.count == 1)
        }
    }

    /// What is kept is what the key shows: the answer is taken, not scanned again.
    @Test func aKeptAnswerIsShownAsItIs() throws {
        let folder = TemporaryFolder()
        let (index, store) = try indexedTree(["paris.txt": "louvre\n", "plan.txt": "map\n"], in: folder)
        let scan = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), text: store)
        scan.summarize()
        let query = FieldQuery(chips: [], text: "p", context: context)
        let scanned = try #require(try scan.run(query, scope: .all, onlyIn: nil))
        #expect(scanned.rows.count == 2)
        let filter = try #require(SignatureFilter(query))
        let start = try #require(filter.requiredStarts(content: nil).first)
        let letters = try #require(scan.letters)
        letters.keep([scanned.rows[1]], for: LetterAnswers.Key(start: start, scope: .all, limit: scan.limit))
        let known = try #require(try scan.run(query, scope: .all, onlyIn: nil))
        #expect(known.rows == [scanned.rows[1]])
        #expect(known.total == scanned.total && known.counts == scanned.counts && known.matched == scanned.matched)
    }
}
