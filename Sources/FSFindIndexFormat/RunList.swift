/// A value per staged item, kept once per run of consecutive items with the same value: the
/// first item of each run and its value.
///
/// What a first index stages per item includes values that change seldom from one item to the
/// next: the folder (a crawl stages a folder's items one after the other), the device, the high
/// halves of inode numbers and sizes. Kept per item they cost 4 to 8 bytes each; as runs, a few
/// bytes per folder (`docs/pipeline.md`, "What grows with the tree"). Reading one is a binary
/// search over the runs.
struct RunList<Element: Equatable> {
    private var starts = ChunkedArray<UInt32>()
    private var values = ChunkedArray<Element>()
    private(set) var count = 0

    /// How many runs are kept.
    var runCount: Int { starts.count }

    /// Adds the value of the next item.
    mutating func append(_ value: Element) {
        defer { count += 1 }
        if let last = values.last, last == value { return }
        starts.append(UInt32(truncatingIfNeeded: count))
        values.append(value)
    }

    /// The value of item `index` (below ``count``).
    subscript(_ index: Int) -> Element {
        // The last run starting at or before `index`.
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if Int(starts[mid]) <= index { low = mid } else { high = mid }
        }
        return values[low]
    }
}
