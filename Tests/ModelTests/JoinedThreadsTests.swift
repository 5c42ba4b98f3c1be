import Foundation
import Synchronization
import Testing

@testable import FSFindDesktop
@testable import FSFindPlatform
@testable import FSFindSearch

/// fsfind's threads: a scoped run hands back every part's result in order, threads are joined
/// when their value is released, and a scan is cut into consecutive parts.
@Suite struct JoinedThreadsTests {
    @Test func aRunGivesEveryPartsResultInPartOrder() {
        for count in 0...5 {
            let ran = Atomic<Int>(0)
            let results = JoinedThreads.run(count: count) { part in
                ran.add(1, ordering: .relaxed)
                return part * part
            }
            #expect(results == (0..<count).map { $0 * $0 }, "\(count) parts")
            #expect(ran.load(ordering: .relaxed) == count, "each part once")
        }
    }

    @Test func threadsAreJoinedWhenTheirValueIsReleased() {
        let finished = Atomic<Int>(0)
        do {
            _ = JoinedThreads.start(count: 3) { _ in
                usleep(20_000)
                finished.add(1, ordering: .relaxed)
            }
        }
        #expect(finished.load(ordering: .relaxed) == 3)
    }

    @Test func aDesktopWorkerDroppedWithoutFinishingEndsItsThread() {
        let done = Atomic<Int>(0)
        do {
            let worker = SearchWorker()
            worker.submit { done.add(1, ordering: .relaxed) }
        }
        #expect(done.load(ordering: .relaxed) == 1, "what was queued runs before the thread ends")
    }

    @Test func aScanIsCutIntoConsecutivePartsOfAboutEqualRows() {
        let scan = PartitionedScan()
        #expect(scan.parts(rows: PartitionedScan.parallelRows - 1) == [0..<(PartitionedScan.parallelRows - 1)])
        #expect(PartitionedScan(threads: 3).parts(rows: 0) == [0..<0])
        for (rows, threads) in [(10, 3), (7, 4), (2, 4), (1_000_001, 4)] {
            let parts = PartitionedScan(threads: threads).parts(rows: rows)
            #expect(parts.count == min(rows, threads), "\(rows) rows on \(threads)")
            #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == rows)
            #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$0.isEmpty })
            #expect((parts.map(\.count).max() ?? 0) - (parts.map(\.count).min() ?? 0) <= threads)
        }
    }
}
