import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindIndexFormat
@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// The session's table of recency lifts gives each row the lift its date gives through the row
/// reader, to the bit, and a scan that reads it ranks as one that reads every row's date.
@Suite struct RecencyLiftsTests {
    let now = Date(timeIntervalSinceReferenceDate: 780_000_000)

    /// Forty files named alike (a field's words rank them the same), modified from a day after
    /// `now` (lifted fully) back to most of a year before it, at fractions of a second.
    private func tree(in folder: TemporaryFolder) throws -> IndexSnapshot {
        var files: [String: String] = [:]
        var modified: [String: Date] = [:]
        for n in 0..<40 {
            files["fig\(n % 10) \(n).txt"] = "x\n"
            modified["fig\(n % 10) \(n).txt"] = now.addingTimeInterval(86_400 - Double(n * n) * 16_789.123_4)
        }
        return try indexedTree(files, in: folder, modified: modified).index
    }

    @Test func aRowsLiftIsTheOneItsDateGives() throws {
        let folder = TemporaryFolder()
        let index = try tree(in: folder)
        let ranker = ResultRanker(now: now)
        let reader = try index.readerOfEverything()
        var lifted = Set<UInt64>()
        for file in reader.fileReaders {
            let lifts = try #require(RecencyLifts(views: IndexViews(reader: file), ranker: ranker))
            #expect(lifts.count == file.itemCount)
            for row in 0..<file.itemCount {
                let expected = ranker.recency(file.row(row))
                #expect(lifts.lift(row).bitPattern == expected.bitPattern, "row \(row)")
                lifted.insert(expected.bitPattern)
            }
        }
        // The dates differ, and so do their lifts: the comparison above is not of one number.
        #expect(lifted.count > 30)
    }

    @Test func aScanReadingTheLiftsRanksAsOneReadingTheDates() throws {
        let folder = TemporaryFolder()
        let index = try tree(in: folder)
        let context = QueryContext(now: now, timeZone: TimeZone(identifier: "UTC")!)
        for limit in [3, 500] {
            let dates = InteractiveScan(index: index, ranker: ResultRanker(now: now), limit: limit)
            let lifts = InteractiveScan(index: index, ranker: ResultRanker(now: now), limit: limit)
            lifts.summarize()
            #expect(lifts.signatures.current?.lifts.allSatisfy { $0 != nil } == true)
            for field in ["f", "fi", "fig", "fig3", "ig", "txt", "x"] {
                let query = FieldQuery(SearchField(field), context: context)
                let expected = try #require(try dates.run(query, scope: .all, onlyIn: nil))
                let found = try #require(try lifts.run(query, scope: .all, onlyIn: nil))
                #expect(found == expected, "\(field), limit \(limit)")
            }
        }
    }
}
