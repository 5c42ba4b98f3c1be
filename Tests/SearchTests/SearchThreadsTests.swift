import Foundation
import Synchronization
import Testing

@testable import FSFindDesktop
@testable import FSFindSearch

/// The threads the search stage starts: the desktop provider's worker ends its thread when dropped,
/// and a scan is cut into consecutive parts.
@Suite struct SearchThreadsTests {
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
        // Claimed chunks: consecutive and covering, one per thread below the smallest chunk's
        // rows, at most sixteen per thread.
        for (rows, threads, smallest) in [(10, 3, 1), (7, 4, 1), (100, 2, 1), (1_000_001, 2, 4096), (9000, 2, 4096)] {
            var scan = PartitionedScan(threads: threads)
            scan.smallestChunk = smallest
            let chunks = scan.chunks(rows: rows)
            #expect(chunks.first?.lowerBound == 0 && chunks.last?.upperBound == rows)
            #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$0.isEmpty })
            let expected = max(min(rows, threads), min(threads * PartitionedScan.chunksPerThread, rows / smallest))
            // Chunks of a rounded-up size: fewer when the rows do not divide evenly.
            #expect(chunks.count <= expected && chunks.count * 2 >= expected, "\(rows) rows on \(threads)")
        }
        #expect(PartitionedScan(parallelRows: 100).chunks(rows: 99) == [0..<99])
        // Every chunk is claimed by exactly one thread, whichever comes first.
        var claimed = PartitionedScan(threads: 4)
        claimed.smallestChunk = 1
        let taken = claimed.run(claiming: 1000) { _, claims in
            var mine: [Range<Int>] = []
            while let (_, positions) = claims.claim() { mine.append(positions) }
            return mine
        }
        #expect(taken.count == 4)
        #expect(taken.joined().sorted { $0.lowerBound < $1.lowerBound } == claimed.chunks(rows: 1000))
        // The search field's threshold: one part below it, one per core from it.
        let field = PartitionedScan(parallelRows: 100)
        #expect(field.parts(rows: 99).count == 1)
        #expect(field.parts(rows: 100).count == PartitionedScan.cores)
    }
}
