import Foundation

/// Everything an index file holds, in memory: what ``IndexWriter`` writes and
/// ``IndexFile/allItems()`` plus ``IndexFile/roots()`` give back.
public struct IndexContents: Sendable, Hashable {
    public var roots: [IndexRoot]
    public var items: [IndexedItem]
    public var createdAt: Date

    public init(roots: [IndexRoot], items: [IndexedItem], createdAt: Date) {
        self.roots = roots
        self.items = items
        self.createdAt = createdAt
    }
}
