import Synchronization

/// The rows of recent searches, so that paging costs what a page costs.
///
/// Samba asks for a search's results 50 at a time (`from` 0, then 50, up to its `max results`),
/// each page a new request; without this every page ran the whole query again
/// (`benchmarks/RESULTS.md`, "Spotlight over SMB"). Entries hold at most ``ElasticEndpoint/maximumWindow``
/// rows (no request can page further) as `UInt32`, 40 KB each at most, and are keyed by the
/// query text and the generation of the index it ran on, so a replaced index is never answered
/// from an older one's rows.
final class ResultCache: Sendable {
    struct Key: Hashable, Sendable {
        var query: String
        var generation: Int
    }

    struct Entry: Sendable {
        /// The first rows, in the answer's order.
        var rows: [UInt32]
        /// How many rows the query matched in all.
        var total: Int
    }

    private let capacity: Int
    private let state = Mutex<(entries: [Key: Entry], order: [Key])>(([:], []))

    init(capacity: Int = 32) {
        self.capacity = capacity
    }

    func entry(_ key: Key) -> Entry? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            if let k = state.order.firstIndex(of: key) { state.order.remove(at: k) }
            state.order.append(key)
            return entry
        }
    }

    func store(_ entry: Entry, for key: Key) {
        state.withLock { state in
            if state.entries.updateValue(entry, forKey: key) == nil { state.order.append(key) }
            while state.order.count > capacity { state.entries[state.order.removeFirst()] = nil }
        }
    }
}
