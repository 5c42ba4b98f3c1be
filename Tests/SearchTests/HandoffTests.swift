import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindInteractive

/// A value worked out on a thread of its own is there for the reader once made, and taken once.
@Suite struct HandoffTests {
    @Test func aValueMadeElsewhereIsTakenOnce() throws {
        let handoff = Handoff<[Int]>()
        #expect(handoff.value == nil && handoff.take() == nil)
        handoff.fill { Array(0..<1000) }
        let deadline = Date().addingTimeInterval(10)
        while handoff.value == nil, Date() < deadline { usleep(1000) }
        #expect(handoff.value?.count == 1000)
        #expect(handoff.take()?.last == 999)
        #expect(handoff.take() == nil && handoff.value == nil)
    }

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
