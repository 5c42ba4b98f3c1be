import Foundation

/// The scan's `shouldStop`, asked by one part's thread at a time; once it says stop, every part
/// stops at its next check without asking again.
///
/// Unchecked because the caller's `shouldStop` is not `@Sendable` (the search loop's question
/// about its own terminal), and safe to send: it is called, and `answer` read and written, only
/// under `lock`, so one part asks at a time; the scan does not keep it after it returns.
final class StopSignal: @unchecked Sendable {
    private let shouldStop: () -> Bool
    private let lock = NSLock()
    private var answer = false

    init(_ shouldStop: @escaping () -> Bool) { self.shouldStop = shouldStop }

    var stopped: Bool { lock.withLock { answer } }

    func ask() -> Bool {
        lock.withLock {
            if !answer { answer = shouldStop() }
            return answer
        }
    }
}
