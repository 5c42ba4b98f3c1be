import Synchronization

/// One value worked out on a thread of its own and taken by the thread that waits for it (the
/// search loop between keys, a scan when it starts), so the work never holds a key.
package final class Handoff<Value: Sendable>: Sendable {
    private let slot = Mutex<Value?>(nil)

    package init() {}

    /// Leaves `value` to be taken.
    package func put(_ value: Value) { slot.withLock { $0 = value } }

    /// The value, nil until it is put; it stays for the next reader.
    package var value: Value? { slot.withLock { $0 } }

    /// The value, once: nil until it is put and after it was taken.
    package func take() -> Value? {
        slot.withLock { value in
            defer { value = nil }
            return value
        }
    }

    /// Works `make` out on a new thread and leaves its result here.
    ///
    /// The thread is not joined: the value may be worked out at idle priority (the search loop's
    /// catalog), and the key that opens another index and drops this hand-off must not wait for
    /// it. It ends when `make` returns, holding nothing but what `make` reads.
    package func fill(with make: @escaping @Sendable () -> Value) {
        JoinedThreads.detached { [self] in put(make()) }
    }
}
