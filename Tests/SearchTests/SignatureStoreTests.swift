import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindPlatform
@testable import FSFindSearch

/// The row summaries, made on a thread of their own, arrive for the scans.
@Suite struct SignatureStoreTests {
    @Test func summariesMadeInTheBackgroundArriveForTheScans() throws {
        let folder = TemporaryFolder()
        let path = folder.file("h.fsfind")
        try IndexWriter.write(
            IndexContents(roots: [], items: [Fixtures.item("/m/paris.mp3", n: 1)], createdAt: Date()), to: path)
        let scan = InteractiveScan(index: try IndexSnapshot(path: path), ranker: ResultRanker(now: Date()))
        let prepared = Handoff<Bool>()
        scan.summarizeInBackground { prepared.put(true) }
        let deadline = Date().addingTimeInterval(10)
        while scan.signatures.summaries == nil, Date() < deadline { usleep(1000) }
        #expect(scan.signatures.summaries?.count == 1 && prepared.value == true)
    }
}
