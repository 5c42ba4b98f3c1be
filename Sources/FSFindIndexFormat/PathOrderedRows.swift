/// Rows in path-byte order, found by path: an index file, or a base and its delta read as one.
/// Internal: the other targets ask the two types for ``IndexFile/rows(within:)`` and
/// ``IndexSnapshot/rows(within:)``, which share this search.
protocol PathOrderedRows {
    var itemCount: Int { get }
    /// The row holding `path`.
    func rowIndex(ofPath path: [UInt8]) -> Int?
    /// The first row whose path is not below `path` in byte order.
    func lowerBound(_ path: [UInt8]) -> Int
}

extension PathOrderedRows {
    /// Rows at `folder` or below it: the row of `folder` itself and the block of paths starting
    /// with `folder/` (contiguous in path order), found by binary search.
    func pathRows(within folder: [UInt8]) -> [Range<Int>] {
        if folder == [UInt8(ascii: "/")] { return [0..<itemCount] }
        var ranges: [Range<Int>] = []
        if let own = rowIndex(ofPath: folder) { ranges.append(own..<(own + 1)) }
        // Paths under `folder` are those from `folder/` up to, not including, `folder0` ('0' is '/' + 1).
        let start = lowerBound(folder + [UInt8(ascii: "/")])
        let end = lowerBound(folder + [UInt8(ascii: "0")])
        if start < end { ranges.append(start..<end) }
        return ranges
    }
}
