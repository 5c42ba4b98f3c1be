/// The best `capacity` (row, score) pairs seen, kept in a min-heap so a million matches cost
/// O(n log k), not a full sort; higher scores win, then lower rows (path order). The search field
/// keeps its best rows with it, and a ranked search with a limit (``Searcher``) its first ones.
struct TopResults: Sendable {
    let capacity: Int
    private var heap: [(row: Int, score: Double)] = []

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        heap.reserveCapacity(min(self.capacity, 4096))
    }

    /// True when `a` ranks below `b`.
    @inline(__always) private static func worse(_ a: (row: Int, score: Double), _ b: (row: Int, score: Double)) -> Bool
    {
        a.score != b.score ? a.score < b.score : a.row > b.row
    }

    mutating func insert(row: Int, score: Double) {
        let entry = (row: row, score: score)
        if heap.count < capacity {
            heap.append(entry)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.worse(heap[child], heap[parent]) else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        } else if capacity > 0, Self.worse(heap[0], entry) {
            heap[0] = entry
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < heap.count, Self.worse(heap[left], heap[smallest]) { smallest = left }
                if right < heap.count, Self.worse(heap[right], heap[smallest]) { smallest = right }
                if smallest == parent { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }

    /// Scores below this cannot be kept: the worst kept score once full, else -∞.
    var floor: Double {
        if heap.count < capacity { return -.infinity }
        return capacity == 0 ? .infinity : heap[0].score
    }

    /// Whether a row later than `row` loses to the worst kept result when it scores only as much:
    /// ties go to the lower row, so such a row can be ruled out by a bound equal to ``floor``
    /// (true when nothing can be kept; false while there is room).
    @inline(__always) func tieLoses(after row: Int) -> Bool {
        if heap.count < capacity { return false }
        return capacity == 0 || row > heap[0].row
    }

    /// The kept (row, score) pairs, in no order: what another ``TopResults`` takes in to join two.
    var entries: [(row: Int, score: Double)] { heap }

    /// The rows, best first.
    func sortedRows() -> [Int] {
        heap.sorted { Self.worse($1, $0) }.map(\.row)
    }
}
