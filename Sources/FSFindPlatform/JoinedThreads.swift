import Dispatch
import Foundation

/// Threads that are always joined: `start` runs `body` on `count` new threads, and `join()` returns
/// once every one of them has returned. The pipeline never leaves a thread running after the run
/// that started it (fd's `thread::scope` does the same).
package struct JoinedThreads: Sendable {
    private let group = DispatchGroup()

    /// Starts `count` threads running `body(index)`.
    package static func start(count: Int, _ body: @escaping @Sendable (Int) -> Void) -> JoinedThreads {
        let threads = JoinedThreads()
        for index in 0..<count {
            threads.group.enter()
            let group = threads.group
            Thread.detachNewThread {
                body(index)
                group.leave()
            }
        }
        return threads
    }

    /// Waits until every thread has returned from its body.
    package func join() { group.wait() }
}
