import Foundation

/// The results of a scan split among threads (`Searcher`'s, the interactive search's): one slot
/// per part, each written by the thread of its part, read in part order once every part is done.
package final class PartSlots<Value>: @unchecked Sendable {
    // @unchecked: `slots` is read and written only under `lock`, and each value is handed from
    // the thread that made it to the one that reads it, never used by both.
    private var slots: [Value?]
    private let lock = NSLock()

    package init(count: Int) { slots = Array(repeating: nil, count: count) }

    package func store(_ value: Value?, at part: Int) { lock.withLock { slots[part] = value } }

    /// Every part's value, in part order (nil where a part stored none).
    package var all: [Value?] { lock.withLock { slots } }
}
