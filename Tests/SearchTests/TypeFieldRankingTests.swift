import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// A field of type tests alone, answered from its accepted rows without a plan per row
/// (``TypeFieldRanking``), finds, counts and ranks what a scan of every row does, with few rows
/// kept (so the ranking by recency decides which) and many.
@Suite struct TypeFieldRankingTests {
    let context = QueryContext(
        now: Date(timeIntervalSinceReferenceDate: 712_345_678), timeZone: TimeZone(identifier: "UTC")!)

    @Test func typeFieldsAreRankedByRecencyAsTheScanRanksThem() throws {
        let folder = TemporaryFolder()
        let text: [Attribute: AttributeValue] = [
            .contentType: .text("public.plain-text"), .kind: .text("Plain text document"),
            .contentTypeTree: .textList(["public.plain-text", "public.text", "public.data", "public.item"]),
        ]
        // Songs, texts and folders of many ages, interleaved, within the weeks the lift tells apart.
        func modified(_ hours: Int) -> [Attribute: AttributeValue] {
            [.contentModificationDate: .date(context.now.addingTimeInterval(-3600 * Double(hours)))]
        }
        var items = [Fixtures.item("/t", folder: true, n: 1)]
        for k in 0..<30 {
            let age = 7 * k % 61
            items.append(Fixtures.item("/t/song\(k).mp3", modified(age), n: UInt64(2 + 4 * k)))
            items.append(Fixtures.item("/t/note\(k).txt", text.merging(modified(age + 3)) { $1 }, n: UInt64(3 + 4 * k)))
            if k % 5 == 0 {
                items.append(Fixtures.item("/t/dir\(k)", folder: true, modified(age + 1), n: UInt64(4 + 4 * k)))
            }
        }
        let path = folder.file("types.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let index = IndexSnapshot(try IndexFile(path: path))
        for limit in [3, 500] {
            var everyRow = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), limit: limit)
            everyRow.readsTypesFirst = false
            for field in ["kind:a", "kind:audio", "kind:plain", "kind:folder", "kind:zzz"] {
                // A new scan for each, so none answers from the last field's answer.
                let ranked = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), limit: limit)
                ranked.summarize()
                for scope in [Scope.all, .audio, .document, .folder] {
                    let query = FieldQuery(chips: [], text: field, context: context)
                    let whole = try #require(try everyRow.run(query, scope: scope, onlyIn: nil))
                    let answer = try #require(try ranked.run(query, scope: scope, onlyIn: nil))
                    #expect(answer == whole, "\(field) \(scope) \(limit)")
                    // No row was scored: the accepted rows were ranked by their lifts alone (`kind:zzz`
                    // names no type: a plain comparison, scanned).
                    guard field != "kind:zzz" else { continue }
                    #expect(
                        answer.work.scored == 0 && answer.work.visited == whole.matched.count,
                        "\(field) \(scope) \(limit) \(answer.work)")
                }
            }
        }
    }
}
