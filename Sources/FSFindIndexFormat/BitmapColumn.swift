import FSFindModel

/// A column in format 4's bitmap encoding (``ColumnEncoding/bitmap``): which rows have a cell, one
/// bit per row, with the number of set bits before every 512th row, then the cells of those rows
/// in row order.
///
/// A sparse column spends 4 bytes per cell on its row number; a bitmap spends 1.06 bits per row of
/// the file whatever the cells, so it is the smaller one once more than one row in 30 has a cell:
/// the durations, codecs and bit rates of a third of the benchmark tree's million rows, its image
/// sizes, authors and creation dates (`benchmarks/RESULTS.md`, "Index format 4"). A row's cell is
/// found without a search: its bit, the count of its 512-row block, and at most 7 word popcounts.
@usableFromInline struct BitmapColumn {
    @usableFromInline let words: UnsafeRawBufferPointer
    @usableFromInline let ranks: UnsafeRawBufferPointer
    @usableFromInline let cells: UnsafeRawBufferPointer
    @usableFromInline let layout: CellLayout

    /// 64-bit words of the bitmap for `rows` rows.
    static func wordCount(rows: Int) -> Int { (rows + 63) / 64 }
    /// Counts, one per 512 rows.
    static func rankCount(rows: Int) -> Int { (rows + 511) / 512 }
    /// Where the cells start in the section: after the prefix, the words and the counts.
    static func cellsOffset(rows: Int) -> Int { 8 + 8 * wordCount(rows: rows) + 4 * rankCount(rows: rows) }

    /// The column of a verified section of a file of `rows` rows whose prefix counts `count`
    /// cells; nil unless the section holds them all and the bits and counts agree (checked once,
    /// a few microseconds for a million rows, so a row read needs no check).
    init?(_ section: UnsafeRawBufferPointer, rows: Int, count: Int, layout: CellLayout) {
        let cellsOffset = Self.cellsOffset(rows: rows)
        guard count >= 0, count <= rows, section.count >= cellsOffset + count * layout.width else { return nil }
        let wordCount = Self.wordCount(rows: rows)
        words = UnsafeRawBufferPointer(rebasing: section[8..<(8 + 8 * wordCount)])
        ranks = UnsafeRawBufferPointer(rebasing: section[(8 + 8 * wordCount)..<cellsOffset])
        cells = UnsafeRawBufferPointer(rebasing: section[cellsOffset..<(cellsOffset + count * layout.width)])
        self.layout = layout
        var seen = 0
        for w in 0..<wordCount {
            if w % 8 == 0, Int(Self.u32(ranks, w / 8)) != seen { return nil }
            let word = Self.u64(words, w)
            // No bit past the last row.
            if w == wordCount - 1, rows % 64 != 0, word >> UInt64(rows % 64) != 0 { return nil }
            seen += word.nonzeroBitCount
        }
        guard seen == count else { return nil }
    }

    @usableFromInline static func u64(_ bytes: UnsafeRawBufferPointer, _ index: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self))
    }

    @usableFromInline static func u32(_ bytes: UnsafeRawBufferPointer, _ index: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
    }

    /// Calls `body` with each row that has a cell, ascending, and its cell (nil when absent):
    /// the set bits walked in order, the cells read one after the other, none looked up by rank
    /// (a batch copying a delta's columns met every row of each otherwise).
    func forEachCell(_ body: (Int, UInt64?) throws(FSFindError) -> Void) throws(FSFindError) {
        var position = 0
        for wordIndex in 0..<(words.count / 8) {
            var word = Self.u64(words, wordIndex)
            while word != 0 {
                let row = wordIndex << 6 + word.trailingZeroBitCount
                try body(row, layout.load(cells, at: position))
                position += 1
                word &= word &- 1
            }
        }
    }

    /// The row's position among the cells; nil when it has no cell.
    @inlinable @inline(__always) func position(of row: Int) -> Int? {
        let wordIndex = row >> 6
        let word = Self.u64(words, wordIndex)
        let bit = UInt64(1) << UInt64(row & 63)
        guard word & bit != 0 else { return nil }
        var position = Int(Self.u32(ranks, row >> 9))
        var w = (row >> 9) << 3
        while w < wordIndex {
            position += Self.u64(words, w).nonzeroBitCount
            w += 1
        }
        return position + (word & (bit &- 1)).nonzeroBitCount
    }

    /// The row's cell in the attribute's own form; nil when it has none or it is absent.
    @inlinable @inline(__always) func cell(_ row: Int) -> UInt64? {
        guard let position = position(of: row) else { return nil }
        return layout.load(cells, at: position)
    }

    /// The words and counts that say which of `rowCount` rows, `present` (ascending), have a cell.
    static func encode(rows present: [UInt32], rowCount: Int, into writer: inout ByteWriter) {
        var words = [UInt64](repeating: 0, count: wordCount(rows: rowCount))
        for row in present { words[Int(row) >> 6] |= 1 << UInt64(row & 63) }
        for word in words { writer.appendLittleEndian(word) }
        var seen: UInt32 = 0
        for (index, word) in words.enumerated() {
            if index % 8 == 0 { writer.appendLittleEndian(seen) }
            seen += UInt32(word.nonzeroBitCount)
        }
    }
}
