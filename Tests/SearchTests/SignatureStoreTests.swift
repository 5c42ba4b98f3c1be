import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindPlatform
@testable import FSFindQuery
@testable import FSFindSearch

/// The row summaries, made on a thread of their own, arrive for the scans; the same thread then
/// lowers itself for the letters' answers (``LetterAnswers``).
@Suite struct SignatureStoreTests {
    @Test func summariesMadeInTheBackgroundArriveForTheScans() throws {
        let folder = TemporaryFolder()
        let path = folder.file("h.fsfind")
        try IndexWriter.write(
            IndexContents(roots: [], items: [Fixtures.item("/m/paris.mp3", n: 1)], createdAt: Date()), to: path)
        let scan = InteractiveScan(index: try IndexSnapshot(path: path), ranker: ResultRanker(now: Date()))
        let prepared = Handoff<Bool>()
        let context = QueryContext(now: Date(), timeZone: TimeZone(identifier: "UTC")!)
        scan.summarizeInBackground(answeringLettersIn: .all, context: context) {
            prepared.put(true)
        }
        let deadline = Date().addingTimeInterval(10)
        while scan.signatures.summaries == nil || prepared.value == nil, Date() < deadline { usleep(1000) }
        #expect(scan.signatures.summaries?.count == 1 && prepared.value == true)
    }
}
