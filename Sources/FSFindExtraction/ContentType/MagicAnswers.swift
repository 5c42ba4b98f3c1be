import FSFindText
import Synchronization

/// The MIME types of small files already identified in one run, found again by their bytes: a
/// copy of such a file gets its answer without libmagic.
///
/// libmagic's answer for a file is a function of the bytes it reads, the file's size and whether
/// an execute bit is set (the `${x?…:…}` MIME types of ELF objects); a file no longer than
/// ``Magic/firstRead`` is read whole, so its ``Key`` names the answer `file --mime-type` gives.
/// Copies are common in real trees (headers vendored twice, licences, a package's files shipped
/// in two places). The digest is keyed with a key drawn per run, so nobody can make a file share
/// another's digest and borrow its type.
///
/// Bounded: a table of ``slotCount`` slots, each holding the last key that fell in it, so memory
/// does not grow with the tree. Shared by a run's identify threads.
final class MagicAnswers: Sendable {
    /// What names one answer: the whole file's digest, its size and its execute bit.
    struct Key: Equatable {
        let digest: KeyedDigest
        let size: UInt32
        let isExecutable: Bool
    }

    /// Slots in the table: a copy whose original was pushed out of its slot by another file is
    /// identified by libmagic again (`benchmarks/RESULTS.md`, "Copies of small files identified
    /// once", counts what that loses on `/usr`).
    static let slotCount = 1 << 16

    /// The key files are digested under.
    let digestKey = KeyedDigest.Key.random()

    private struct Slot {
        var key: Key
        /// 1 + the answer's position in `answers`.
        var answer: UInt16
    }

    private struct Table {
        var slots: [Slot?] = []
        /// Every distinct answer once, so a slot holds two bytes rather than a string.
        var answers: [String] = []
        var positions: [String: UInt16] = [:]
    }

    private let table = Mutex(Table())

    init() {}

    /// The answer stored for `key`, if it is still in its slot.
    func answer(for key: Key) -> String? {
        table.withLock { table in
            guard !table.slots.isEmpty, let slot = table.slots[Self.slot(of: key)], slot.key == key else {
                return nil
            }
            return table.answers[Int(slot.answer) - 1]
        }
    }

    /// Keeps `answer` for `key`, in place of whatever its slot held.
    func remember(_ answer: String, for key: Key) {
        table.withLock { table in
            let position: UInt16
            if let known = table.positions[answer] {
                position = known
            } else {
                guard table.answers.count < Int(UInt16.max) else { return }
                table.answers.append(answer)
                position = UInt16(table.answers.count)
                table.positions[answer] = position
            }
            if table.slots.isEmpty { table.slots = [Slot?](repeating: nil, count: Self.slotCount) }
            table.slots[Self.slot(of: key)] = Slot(key: key, answer: position)
        }
    }

    private static func slot(of key: Key) -> Int {
        Int(truncatingIfNeeded: key.digest.first) & (slotCount - 1)
    }
}
