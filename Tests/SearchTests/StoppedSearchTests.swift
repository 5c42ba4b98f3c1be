import FSFindTestSupport
import Foundation
import IndexFixtures
import Synchronization
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// A search told to stop ends with `.stopped`, unless it was asked to answer with what it found:
/// then it gives the matches of the rows it scanned before the stop (the desktop provider's time
/// budget, issue 41).
struct StoppedSearchTests {
    @Test func aStoppedSearchAnswersWithTheRowsItScannedWhenAsked() throws {
        let folder = TemporaryFolder()
        let path = folder.file("many.fsfind")
        // Three blocks of rows between two questions to `shouldStop`, every tenth file a match.
        let count = 3 * Searcher.rowsBetweenStopChecks
        let items = (0..<count).map { n in
            Fixtures.item(String(format: "/data/f%05d-%@.txt", n, n % 10 == 0 ? "paris" : "lyon"), n: UInt64(n))
        }
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let index = IndexSnapshot(try IndexFile(path: path))
        let query = try CompiledQuery(try Query.parse("paris"), context: QueryContext(now: Date(), timeZone: .gmt))
        let all = try Searcher(index: index).search(query, isFreeText: true, request: SearchRequest())
        #expect(all.count == (count + 9) / 10)

        // Stopped after the first block: the first block's matches, or `.stopped`.
        let asked = Mutex(0)
        var request = SearchRequest()
        request.scanThreads = 1
        request.shouldStop = {
            asked.withLock {
                $0 += 1
                return $0 > 1
            }
        }
        #expect(throws: FSFindError.self) {
            try Searcher(index: index).search(query, isFreeText: true, request: request)
        }
        asked.withLock { $0 = 0 }
        request.answersWhatItFoundWhenStopped = true
        let found = try Searcher(index: index).search(query, isFreeText: true, request: request)
        let names = Set(found.map { String(decoding: index.path(at: $0), as: UTF8.self) })
        let firstBlock = Set(
            (0..<Searcher.rowsBetweenStopChecks).map { index.path(at: $0) }.map {
                String(decoding: $0, as: UTF8.self)
            }.filter { $0.contains("paris") })
        #expect(!firstBlock.isEmpty && names == firstBlock, "\(names.count) of \(firstBlock.count)")
    }
}
