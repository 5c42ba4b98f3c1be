/// A column in format 5's dictionary encoding (``ColumnEncoding/dictionary``): each distinct cell
/// once, then per row the number of its cell among them, in the fewest bytes that number every
/// one (1 byte under 255 cells, 2 under 65,535, else 4; all ones when the row has none).
///
/// For a column whose rows repeat few values row after row in no order a run could catch: the
/// access and creation times of hard-linked files, one per inode however many links (the
/// benchmark tree's 969,000 files are links to 58,700 inodes: 2.5 bytes a row instead of 8).
@usableFromInline struct DictionaryColumn {
    @usableFromInline let values: UnsafeRawBufferPointer
    @usableFromInline let numbers: UnsafeRawBufferPointer
    @usableFromInline let layout: CellLayout
    @usableFromInline let count: Int
    @usableFromInline let numberWidth: Int

    /// Bytes per row's number for `count` distinct cells.
    static func numberWidth(count: Int) -> Int { count < 0xFF ? 1 : count < 0xFFFF ? 2 : 4 }

    /// Bytes of the section after its prefix: the cells and the rows' numbers.
    static func size(rows: Int, count: Int, width: Int) -> Int { count * width + rows * numberWidth(count: count) }

    /// The column of a verified section of a file of `rows` rows whose prefix counts `count`
    /// cells; nil unless the section holds them and every row's numbers. A number past the cells
    /// reads as absent, so a row read needs no other check.
    init?(_ section: UnsafeRawBufferPointer, rows: Int, count: Int, layout: CellLayout) {
        let width = Self.numberWidth(count: count)
        guard count >= 0, count <= rows, section.count >= 8 + Self.size(rows: rows, count: count, width: layout.width)
        else { return nil }
        let valuesEnd = 8 + count * layout.width
        values = UnsafeRawBufferPointer(rebasing: section[8..<valuesEnd])
        numbers = UnsafeRawBufferPointer(rebasing: section[valuesEnd..<(valuesEnd + rows * width)])
        self.layout = layout
        self.count = count
        numberWidth = width
    }

    /// The row's cell in the attribute's own form; nil when absent.
    @inlinable @inline(__always) func cell(_ row: Int) -> UInt64? {
        let number: Int
        switch numberWidth {
        case 1: number = Int(numbers.load(fromByteOffset: row, as: UInt8.self))
        case 2: number = Int(UInt16(littleEndian: numbers.loadUnaligned(fromByteOffset: 2 * row, as: UInt16.self)))
        default: number = Int(UInt32(littleEndian: numbers.loadUnaligned(fromByteOffset: 4 * row, as: UInt32.self)))
        }
        // The absent number (all ones) is past the cells too.
        guard number < count else { return nil }
        return layout.load(values, at: number)
    }
}
