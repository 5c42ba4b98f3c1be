import FSFindModel

/// How a column section stores its cells: the attribute's own cell (a 32-bit string or list id,
/// or a number's or date's Float64 bits), or, since format 4, a number column whose every value is
/// a small whole number as unsigned integers of 1, 2 or 4 bytes (a sample rate in 2, a channel
/// count in 1: 11 bytes per item of the million-entry benchmark tree, `docs/index-format.md`).
///
/// Every reader goes through ``load(_:at:)``, which gives an integer cell back as the Float64 bits
/// of its number, so above this type a packed column reads as the unpacked one did.
@usableFromInline struct CellLayout: Sendable, Equatable {
    /// Bytes per cell.
    @usableFromInline let width: Int
    /// Whether the cells are unsigned integers standing for the numbers they equal.
    @usableFromInline let integers: Bool

    /// The attribute's own layout: 32-bit ids for text and text lists, Float64 bits otherwise.
    init(unpacked attribute: Attribute) {
        width = attribute.indexCellWidth
        integers = false
    }

    private init(integerWidth: Int) {
        width = integerWidth
        integers = true
    }

    /// The layout a column's directory entry gives (the second byte of its `format` field):
    /// 0 for the attribute's own, 1, 2 or 4 for integers, which only a number column may have;
    /// nil for anything else (a damaged entry).
    init?(attribute: Attribute, packedWidth: UInt32) {
        switch packedWidth {
        case 0: self.init(unpacked: attribute)
        case 1, 2, 4:
            guard attribute.type == .number else { return nil }
            self.init(integerWidth: Int(packedWidth))
        default: return nil
        }
    }

    /// The `format` field's second byte for this layout.
    var packedWidth: UInt32 { integers ? UInt32(width) : 0 }

    /// The stored "absent" cell: all ones for integers, as for ids.
    var absent: UInt64 {
        if integers || width == 4 { return width == 8 ? .max : (1 << UInt64(8 * width)) - 1 }
        return IndexFormat.absent64
    }

    /// The cell at `position` of `cells` in the attribute's own form (an integer as its number's
    /// Float64 bits); nil when absent. Unchecked: the caller checked the cells' size.
    @inlinable @inline(__always) func load(_ cells: UnsafeRawBufferPointer, at position: Int) -> UInt64? {
        switch width {
        case 8:
            let raw = UInt64(littleEndian: cells.loadUnaligned(fromByteOffset: 8 * position, as: UInt64.self))
            return raw == IndexFormat.absent64 ? nil : raw
        case 4:
            let raw = UInt32(littleEndian: cells.loadUnaligned(fromByteOffset: 4 * position, as: UInt32.self))
            if raw == IndexFormat.absent32 { return nil }
            return integers ? Double(raw).bitPattern : UInt64(raw)
        case 2:
            let raw = UInt16(littleEndian: cells.loadUnaligned(fromByteOffset: 2 * position, as: UInt16.self))
            return raw == .max ? nil : Double(raw).bitPattern
        default:
            let raw = cells.load(fromByteOffset: position, as: UInt8.self)
            return raw == .max ? nil : Double(raw).bitPattern
        }
    }

    /// The same cell from a stored raw value (the checked reader loads it itself): nil when absent.
    func cell(fromStored raw: UInt64) -> UInt64? {
        guard raw != absent else { return nil }
        return integers ? Double(raw).bitPattern : raw
    }

    /// The narrowest integer layout that gives back each of `cells` (a number column's Float64
    /// bits, `absent` where absent) bit for bit; nil when one is not a whole number from 0 to
    /// 2³² − 2 (a negative zero, a fraction or NaN included), or the column is not of numbers.
    static func packed(for attribute: Attribute, cells: [UInt64], absent: UInt64) -> CellLayout? {
        guard attribute.type == .number else { return nil }
        var largest: UInt64 = 0
        for cell in cells where cell != absent {
            let number = Double(bitPattern: cell)
            guard let whole = UInt64(exactly: number), whole < UInt64(IndexFormat.absent32),
                Double(whole).bitPattern == cell
            else { return nil }
            largest = max(largest, whole)
        }
        return CellLayout(integerWidth: largest < 0xFF ? 1 : largest < 0xFFFF ? 2 : 4)
    }

    /// Appends `cell` (the attribute's own form; `ownAbsent`, the unpacked absent cell, where
    /// absent) in this layout.
    func append(_ cell: UInt64, ownAbsent: UInt64, to writer: inout ByteWriter) {
        var stored = cell
        if integers { stored = cell == ownAbsent ? absent : UInt64(Double(bitPattern: cell)) }
        switch width {
        case 8: writer.appendLittleEndian(stored)
        case 4: writer.appendLittleEndian(UInt32(truncatingIfNeeded: stored))
        case 2: writer.appendLittleEndian(UInt16(truncatingIfNeeded: stored))
        default: writer.append(UInt8(truncatingIfNeeded: stored))
        }
    }
}

extension SectionEntry {
    /// A column's encoding: the low byte of its `format` field.
    var columnEncoding: ColumnEncoding? { ColumnEncoding(rawValue: format & 0xFF) }

    /// How a column of `attribute` stores its cells (the `format` field's second byte); nil when
    /// the entry names a layout the attribute cannot have, or sets higher bits.
    func cellLayout(of attribute: Attribute) -> CellLayout? {
        guard format >> 16 == 0 else { return nil }
        return CellLayout(attribute: attribute, packedWidth: (format >> 8) & 0xFF)
    }
}
