import Foundation
import Synchronization
import Testing

@testable import FSFindPlatform

/// fsfind's threads: a scoped run hands back every part's result in order, and threads are joined
/// when their value is released.
@Suite struct JoinedThreadsTests {
    @Test func aRunGivesEveryPartsResultInPartOrder() {
        for count in 0...5 {
            let ran = Atomic<Int>(0)
            let results = JoinedThreads.run(count: count, threads: count) { part, _ in
                ran.add(1, ordering: .relaxed)
                return part * part
            }
            #expect(results == (0..<count).map { $0 * $0 }, "\(count) parts")
            #expect(ran.load(ordering: .relaxed) == count, "each part once")
        }
    }

    /// More parts than threads: every part runs once, in order of results, each on one of the
    /// threads asked for, and a thread's parts run one after another (what a scan's thread keeps
    /// from part to part relies on it).
    @Test func aRunOnFewerThreadsGivesEachPartToOneOfThem() {
        for (count, threads) in [(0, 2), (1, 2), (8, 2), (7, 3), (3, 5)] {
            let busy = Mutex([Int](repeating: 0, count: max(1, threads)))
            let results = JoinedThreads.run(count: count, threads: threads) { part, worker in
                #expect(worker >= 0 && worker < min(threads, max(count, 1)), "\(part) on \(worker)")
                let alone = busy.withLock {
                    $0[worker] += 1
                    return $0[worker] == 1
                }
                #expect(alone, "one part at a time on \(worker)")
                usleep(1_000)
                busy.withLock { $0[worker] -= 1 }
                return [part, worker]
            }
            #expect(results.map { $0[0] } == Array(0..<count), "\(count) parts on \(threads)")
            #expect(results.first?[1] ?? 0 == 0, "part 0 on the calling thread")
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
}
