import Foundation
import Testing

/// Runs a suite's tests on threads of their own instead of Swift concurrency's shared pool.
///
/// Swift Testing runs tests on the cooperative pool: one thread per core, two here. An end-to-end
/// test blocks its thread while it waits (for the fsfind it started, a watcher's batch, a terminal
/// to repaint), so two waiting tests held the whole pool and `swift test` used 1.1 of two cores.
/// A test in a suite with this trait prefers ``BlockingTestExecutor/shared`` (SE-0417: a task
/// executor preference, inherited by the test's child tasks), whose threads may block without
/// stalling the unit tests or one another.
struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(BlockingTestExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreads {
    /// Runs the tests on ``BlockingTestExecutor/shared`` (see ``OwnThreads``).
    static var ownThreads: Self { OwnThreads() }
}

/// A task executor of a few plain threads taking jobs in order: what the end-to-end tests run on.
///
/// More threads than cores, because its tests mostly wait: four waiting suites overlap as the
/// three test processes once did, without starving the CPU-bound unit tests of the
/// cooperative pool.
final class BlockingTestExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = BlockingTestExecutor(threads: 4)

    /// Guards `jobs`; signalled when one is added.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "end-to-end test \(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
