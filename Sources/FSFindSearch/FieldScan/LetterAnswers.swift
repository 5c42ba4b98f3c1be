import FSFindModel
import Foundation
import Synchronization

/// The answers of the one-letter fields, worked out ahead of the keys, and which key scans run now.
///
/// A field's first letter is its slowest key: it ranks the tens of thousands of rows that start a
/// word with the letter. A person reads the first list before typing, so the scan's thread works
/// out, once the session's summaries are made, the best rows of each letter that starts a word in
/// enough rows to be cut among the cores (``InteractiveScan/parallelRows``), most rows first.
/// The key then takes those rows and works out the rest as its scan does (its counts, its matches,
/// its suggestions). Exact: the session's index and clock do not change, and a word of one letter
/// asks nothing of the text store (shorter than ``FieldQuery/shortestInsideWord``, so it has no
/// forms either), so the scan made ahead without the store ranks the rows the key's own would.
final class LetterAnswers: Sendable {
    /// One letter's answer is kept under its start bit (``RowSignatures/startBit(_:)``), the scope
    /// it was ranked in and how many rows were kept.
    struct Key: Hashable, Sendable {
        let start: UInt64
        let scope: Scope
        let limit: Int
    }

    private let answers = Mutex<[Key: [Int]]>([:])
    /// Key scans running now: the work ahead stops for them.
    private let keysRunning = Atomic<Int>(0)
    /// When the last key scan ended (``DispatchTime``'s nanoseconds).
    private let lastKeyEnded = Atomic<UInt64>(0)

    init() {}

    /// The best rows of a one-letter field, best first, when they were worked out ahead.
    func rows(for key: Key) -> [Int]? { answers.withLock { $0[key] } }

    func keep(_ rows: [Int], for key: Key) { answers.withLock { $0[key] = rows } }

    /// Marks a key's scan as running until `body` returns, so the work ahead stops meanwhile.
    func keyScan<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        keysRunning.add(1, ordering: .sequentiallyConsistent)
        defer {
            lastKeyEnded.store(DispatchTime.now().uptimeNanoseconds, ordering: .sequentiallyConsistent)
            keysRunning.subtract(1, ordering: .sequentiallyConsistent)
        }
        return try body()
    }

    /// Whether a key's scan runs now: the work ahead stops.
    var keyScanRunning: Bool { keysRunning.load(ordering: .sequentiallyConsistent) > 0 }

    /// Waits until no key scan has run for `quiet`: a person typing presses the next key within a
    /// few hundred milliseconds, and the work ahead started between two keys would take the cores
    /// from the second one's scan.
    func waitForQuiet(_ quiet: Duration = .milliseconds(250)) {
        let quietNanoseconds =
            UInt64(quiet.components.seconds) * 1_000_000_000
            + UInt64(quiet.components.attoseconds / 1_000_000_000)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            let ended = lastKeyEnded.load(ordering: .sequentiallyConsistent)
            if !keyScanRunning, ended == 0 || now &- ended >= quietNanoseconds { return }
            usleep(20_000)
        }
    }
}
