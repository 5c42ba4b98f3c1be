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
}
