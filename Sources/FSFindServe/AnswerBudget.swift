import Synchronization

/// The bytes of answers written to clients that have not taken them yet, across the server.
///
/// An answer is held whole until its client reads it; twenty clients that ask for large answers
/// and never read took the server's memory to gigabytes (`benchmarks/RESULTS.md`, "`fsfind serve`
/// under a hostile local user"). Each answer is capped
/// (``FSFindElastic/ElasticEndpoint/maximumAnswerBytes``), an answer not taken within the request
/// limit closes its connection (``ConnectionGuard``), and this caps what all of them hold at once:
/// beyond it a large answer is refused with a 503, while small ones (Samba's pages of paths)
/// always go out.
final class AnswerBudget: Sendable {
    /// An answer this small is always written (at most one per connection is pending).
    static let smallAnswer = 64 * 1024

    private let limit: Int
    private let pending = Atomic<Int>(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes `bytes` from the budget; false (nothing taken) when a large answer does not fit.
    func take(_ bytes: Int) -> Bool {
        if bytes <= Self.smallAnswer {
            pending.add(bytes, ordering: .relaxed)
            return true
        }
        var current = pending.load(ordering: .relaxed)
        while current + bytes <= limit {
            let (exchanged, original) = pending.compareExchange(
                expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Gives back what ``take(_:)`` took, once the answer is written or its connection is gone.
    func giveBack(_ bytes: Int) {
        pending.subtract(bytes, ordering: .relaxed)
    }
}
