import FSFindModel
import Foundation

/// Everything an index file holds, in memory: what ``IndexWriter`` writes and
/// ``IndexFile/allItems()`` plus ``IndexFile/roots()`` give back.
struct IndexContents: Sendable, Hashable {
    var roots: [IndexRoot]
    var items: [IndexedItem]
    var createdAt: Date
}
