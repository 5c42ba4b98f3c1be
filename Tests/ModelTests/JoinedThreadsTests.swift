import Foundation
import Synchronization
import Testing

@testable import FSFindPlatform

/// fsfind's threads: a scoped run hands back every part's result in order, its other threads
/// start on other cores than the caller's, and threads are joined when their value is released.
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

    /// A run's other threads may use every core the caller may but the one it was on, so they
    /// start beside it, not behind it; the caller's own cores are unchanged. Part 0 waits for
    /// part 1 to start, so part 1 runs on a thread of its own, not on the caller once it is done.
    @Test func aRunsOtherThreadsStartOffTheCallersCore() throws {
        let process = try Self.allowedCores()
        guard process.count > 1 else { return }
        let started = Atomic<Bool>(false)
        let cores = JoinedThreads.run(count: 2) { part -> Set<Int> in
            if part == 1 {
                started.store(true, ordering: .releasing)
            } else {
                for _ in 0..<10_000 where !started.load(ordering: .acquiring) { usleep(1000) }
            }
            return (try? Self.allowedCores()) ?? []
        }
        #expect(cores[0] == process)
        #expect(cores[1].count == process.count - 1 && cores[1].isSubset(of: process), "\(cores[1]) of \(process)")
    }

    /// The cores the calling thread may run on, from `/proc/thread-self/status` (`0-3`, `0,2`).
    static func allowedCores() throws -> Set<Int> {
        let status = try String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        var cores = Set<Int>()
        for range in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",") {
            let ends = range.split(separator: "-").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            if let first = ends.first { cores.formUnion(first...(ends.last ?? first)) }
        }
        return cores
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
