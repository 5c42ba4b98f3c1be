import FSFindModel
import FSFindPlatform
import Foundation
import Synchronization

/// Unchecked-per-read views of verified sections, for scans that touch every row.
///
/// The per-row readers are `@inlinable`: the query plans (`FSFindSearch`) call them once per row
/// and cell, and a call across the module boundary costs a retain and release of the reader each
/// time (`benchmarks/RESULTS.md`, "Stage targets and the streaming pipeline": the free-text query
/// most).
///
/// A row read through an ``IndexReader`` checks the section, its counts and every offset on each
/// call and builds a `String`; over a million rows that is most of a query's time. These views
/// check a section's shape once, when they are made, so a row read is one load. Any section whose
/// shape the checks refuse gives no view (nil), and the caller falls back to the reader's
/// ``IndexReader/value(of:at:)`` for it (see `docs/query-plan.md`); a reader refuses such a
/// section when it is made, so that fallback serves a cell a view leaves to it (`.slow`).
extension IndexFile {
    /// The names section: per row, parent row and name string id.
    package func namesView() -> NamesView? {
        (try? RowRecords(perItem(fixed.names, recordSize: 8), recordSize: 8)).map(NamesView.init)
    }

    /// The derived-flags section: one byte per row.
    package func derivedFlagsView() -> DerivedFlagsView? {
        (try? RowRecords(perItem(fixed.derivedFlags, recordSize: 1), recordSize: 1)).map(DerivedFlagsView.init)
    }

    /// The problems section, its count checked against its length.
    func problemsView() throws(IndexDamage) -> ProblemsView {
        try ProblemsView(try bytes(of: fixed.problems))
    }

    /// The identities section, in its layout (``IdentityLayout``); nil when damaged, or when a
    /// row numbers an entry past the identity table (checked here, once for all rows).
    package func identitiesView() -> IdentitiesView? {
        guard let records = try? identityRecords() else { return nil }
        if records.layout.tabled {
            switch identityNumbersChecked.load(ordering: .acquiring) {
            case 1: return IdentitiesView(records)
            case 2: return nil
            default: break
            }
            let count = UInt32(records.entryCount)
            let rows = RowRecords(records.rows, recordSize: records.layout.recordSize)
            var largest: UInt32 = 0
            if rows.recordSize == 2 {
                for row in 0..<itemCount { largest = max(largest, UInt32(rows.u16(row))) }
            } else {
                for row in 0..<itemCount { largest = max(largest, rows.u32(row)) }
            }
            let inside = itemCount == 0 || largest < count
            identityNumbersChecked.store(inside ? 1 : 2, ordering: .releasing)
            guard inside else { return nil }
        }
        return IdentitiesView(records)
    }

    /// The type column: per row, the type-table entry (u16 or u32).
    package func typeColumnView() -> TypeColumnView? {
        let width = typeColumnWidth
        guard let records = try? RowRecords(perItem(fixed.typeColumn, recordSize: width), recordSize: width),
            let count = try? decodeTypeCount()
        else { return nil }
        return TypeColumnView(records: records, typeCount: count)
    }

    /// The strings section.
    package func stringsView() -> StringsView? {
        guard let bytes = try? bytes(of: fixed.strings) else { return nil }
        return StringsView(bytes)
    }

    /// The lists section.
    package func listsView() -> StringsView? {
        guard let bytes = try? bytes(of: fixed.lists) else { return nil }
        return StringsView(bytes)
    }

    /// `attribute`'s cells, read row by row: a reader of none when the file has no column for it
    /// (every row absent), nil when its section is damaged in a way the row reader would turn
    /// into "absent" row by row. How the column is encoded stays inside this type.
    package func cells(of attribute: Attribute) -> CellReader? { columnView(attribute)?.reader() }

    /// `attribute`'s column: `.missing` when the file has none (every row absent), nil when its
    /// section is damaged in a way the row reader would turn into "absent" row by row.
    func columnView(_ attribute: Attribute) -> ColumnView? {
        guard let section = columns[attribute] else { return .missing }
        guard let bytes = try? bytes(of: section), let count = try? bytes.littleEndianUInt32(at: 0) else { return nil }
        guard let layout = sections[section].cellLayout(of: attribute), let encoding = sections[section].columnEncoding
        else { return nil }
        let width = layout.width
        if encoding == .dense {
            guard Int(count) == itemCount, let cells = try? bytes.slice(from: 8, count: width * itemCount) else {
                return nil
            }
            return .dense(cells, layout: layout)
        }
        let k = Int(count)
        if encoding == .bitmap {
            return BitmapColumn(bytes, rows: itemCount, count: k, layout: layout).map(ColumnView.bitmap)
        }
        if encoding == .dictionary {
            return DictionaryColumn(bytes, rows: itemCount, count: k, layout: layout).map(ColumnView.dictionary)
        }
        guard let rows = try? bytes.slice(from: 8, count: 4 * k),
            let cells = try? bytes.slice(from: 8 + 4 * k, count: width * k)
        else { return nil }
        // The row reader binary-searches the rows (sparse) or run starts (runs); a cursor gives
        // the same answers only when they strictly ascend, as the writer writes them.
        var previous: Int64 = -1
        for i in 0..<k {
            let row = Int64(rows.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self).littleEndian)
            guard row > previous else { return nil }
            previous = row
        }
        let column = SparseColumn(rows: rows, cells: cells, layout: layout)
        return encoding == .runs ? .runs(column) : .sparse(column)
    }
}

/// Fixed-size per-row records of a verified section, its size already checked against the rows.
@usableFromInline struct RowRecords {
    @usableFromInline let bytes: UnsafeRawBufferPointer
    @usableFromInline let recordSize: Int

    @usableFromInline init(_ bytes: UnsafeRawBufferPointer, recordSize: Int) {
        self.bytes = bytes
        self.recordSize = recordSize
    }

    @inlinable func byte(_ row: Int) -> UInt8 {
        bytes.load(fromByteOffset: row, as: UInt8.self)
    }

    @inlinable func u32(_ row: Int, _ field: Int = 0) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: row * recordSize + field, as: UInt32.self))
    }

    @inlinable func u16(_ row: Int) -> UInt16 {
        UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: row * recordSize, as: UInt16.self))
    }

    @inlinable func u64(_ row: Int, _ field: Int = 0) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: row * recordSize + field, as: UInt64.self))
    }

    /// Asks for the cache line of `row`'s field `field` ahead of its read (``prefetchForReading(_:)``).
    @inlinable @inline(__always) func prefetch(_ row: Int, _ field: Int = 0) {
        let offset = row &* recordSize &+ field
        guard let base = bytes.baseAddress, offset >= 0, offset < bytes.count else { return }
        prefetchForReading(base + offset)
    }
}

/// The names section row by row: whether a row has a parent, and its name's string id.
package struct NamesView {
    @usableFromInline let records: RowRecords

    /// False for a root, whose name string is its whole path.
    @inlinable func hasParent(_ row: Int) -> Bool { records.u32(row, 0) != IndexFormat.absent32 }

    /// The row's parent row, ``IndexFormat/absent32`` for none.
    @inlinable func parent(_ row: Int) -> UInt32 { records.u32(row, 0) }

    /// The row's name as a string id (for a root: its path).
    @inlinable func nameID(_ row: Int) -> UInt32 { records.u32(row, 4) }

    /// The string id of the row's name, the last component of its path; nil for a root, whose
    /// name string is its whole path.
    @inlinable @inline(__always) package func ownNameID(_ row: Int) -> UInt32? {
        hasParent(row) ? nameID(row) : nil
    }

    /// Asks for the row's record ahead of its read, in a scan over scattered rows.
    @inlinable @inline(__always) package func prefetch(_ row: Int) { records.prefetch(row) }
}

/// The derived-flags section: which of a row's values are not stored but derived from the row's
/// name or identity (``DerivedFlag``).
package struct DerivedFlagsView {
    @usableFromInline let records: RowRecords

    /// True when any bit of `flags` is set for `row` (never for 0).
    @inlinable package func has(_ flags: UInt8, _ row: Int) -> Bool { records.byte(row) & flags != 0 }
}

/// The identities section row by row: the values a derived size or modification date reads.
/// Every row's entry is inside the records (checked when the view is made).
package struct IdentitiesView {
    /// The identity records: one per row, or the table's entries.
    @usableFromInline let records: RowRecords
    /// Per row, the number of its entry (2 or 4 bytes) when tabled; unused otherwise.
    @usableFromInline let numbers: RowRecords
    /// 0 (not tabled: a row is its own entry), 2 or 4.
    @usableFromInline let numberWidth: Int
    @usableFromInline let sizeOffset: Int
    @usableFromInline let narrowSizes: Bool
    @usableFromInline let modificationOffset: Int
    let layout: IdentityLayout
    /// The device every row shares, when the layout stores it once.
    let device: UInt64

    init(_ identities: IdentityRecords) {
        let layout = identities.layout
        records = RowRecords(identities.entries, recordSize: layout.entrySize)
        numbers = RowRecords(identities.rows, recordSize: layout.recordSize)
        numberWidth = layout.tabled ? layout.recordSize : 0
        self.layout = layout
        device = identities.device
        sizeOffset = layout.sizeOffset
        narrowSizes = layout.narrowSizes
        modificationOffset = layout.modificationOffset
    }

    /// The record holding row `row`'s identity.
    @inlinable @inline(__always) func entry(_ row: Int) -> Int {
        switch numberWidth {
        case 0: row
        case 2: Int(numbers.u16(row))
        default: Int(numbers.u32(row))
        }
    }

    /// The file size in bytes.
    @inlinable package func size(_ row: Int) -> Int64 {
        let entry = entry(row)
        return narrowSizes
            ? Int64(records.u32(entry, sizeOffset)) : Int64(bitPattern: records.u64(entry, sizeOffset))
    }

    /// The modification time in nanoseconds since 1970.
    @inlinable func modificationNanos(_ row: Int) -> Int64 {
        Int64(bitPattern: records.u64(entry(row), modificationOffset))
    }

    /// Asks for what ``modificationNanos(_:)`` of the row reads ahead of the read, in a scan over
    /// scattered rows: the row's entry number when tabled (the entry depends on it), else its entry.
    @inlinable @inline(__always) package func prefetchModification(_ row: Int) {
        if numberWidth == 0 { records.prefetch(row, modificationOffset) } else { numbers.prefetch(row) }
    }

    /// The status-change time (ctime) in nanoseconds since 1970.
    @inlinable func changeNanos(_ row: Int) -> Int64 {
        Int64(bitPattern: records.u64(entry(row), modificationOffset + 8))
    }

    /// The modification date in seconds since 2001, exactly as the row reader's date has it.
    @inlinable package func modificationSeconds(_ row: Int) -> Double {
        IndexFormat.modificationDate(nanos: modificationNanos(row)).timeIntervalSinceReferenceDate
    }

    /// The status-change date in seconds since 2001, exactly as the row reader's date has it.
    @inlinable package func changeSeconds(_ row: Int) -> Double {
        IndexFormat.modificationDate(nanos: changeNanos(row)).timeIntervalSinceReferenceDate
    }

    /// The row's whole identity.
    func identity(_ row: Int) -> FileIdentity {
        layout.identity(in: records.bytes, row: entry(row), device: device)
    }
}

/// The type column with the table's size, so an entry past the table reads as unknown.
package struct TypeColumnView {
    @usableFromInline let records: RowRecords
    package let typeCount: Int

    /// The row's type-table entry, nil when it is past the table (damage).
    @inlinable package func typeID(_ row: Int) -> Int? {
        let id: Int
        switch records.recordSize {
        case 1: id = Int(records.byte(row))
        case 2: id = Int(records.u16(row))
        default: id = Int(records.u32(row))
        }
        return id < typeCount ? id : nil
    }
}

/// The strings (or lists) section: a count, offsets and a blob of bytes (or of u32 string ids).
/// Each id is checked as the row reader checks it, returning nil where that one would throw.
package struct StringsView {
    package let count: Int
    @usableFromInline let offsets: UnsafeRawBufferPointer
    @usableFromInline let blob: UnsafeRawBufferPointer

    init?(_ bytes: UnsafeRawBufferPointer) {
        guard let count = try? bytes.littleEndianUInt32(at: 0),
            let offsets = try? bytes.slice(from: 4, count: 4 * (Int(count) + 1))
        else { return nil }
        self.count = Int(count)
        self.offsets = offsets
        self.blob = UnsafeRawBufferPointer(rebasing: bytes[(4 + 4 * (Int(count) + 1))...])
    }

    /// String id `id`'s bytes (for lists: its elements, 4 bytes each), nil when out of bounds.
    @inlinable package func bytes(_ id: UInt32, elementSize: Int = 1) -> UnsafeRawBufferPointer? {
        let i = Int(id)
        guard i < count else { return nil }
        let start = Int(UInt32(littleEndian: offsets.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)))
        let end = Int(UInt32(littleEndian: offsets.loadUnaligned(fromByteOffset: 4 * i + 4, as: UInt32.self)))
        guard start <= end, end * elementSize <= blob.count else { return nil }
        return UnsafeRawBufferPointer(rebasing: blob[(start * elementSize)..<(end * elementSize)])
    }
}

/// One list's elements (string ids), as ``StringsView/list(_:)`` finds them in the lists section.
package struct ListElements {
    @usableFromInline let bytes: UnsafeRawBufferPointer

    @usableFromInline init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    @inlinable package var count: Int { bytes.count / 4 }

    /// Element `i`'s string id; `i` must be below ``count``.
    @inlinable package subscript(_ i: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self))
    }
}

extension StringsView {
    /// List `id`'s elements, for a view of the lists section; nil when out of bounds.
    @inlinable package func list(_ id: UInt32) -> ListElements? {
        bytes(id, elementSize: 4).map(ListElements.init)
    }
}

/// A column's cells in their encoding, checked once (``IndexFile/cells(of:)`` reads them).
enum ColumnView {
    /// The file has no section for the attribute.
    case missing
    case dense(UnsafeRawBufferPointer, layout: CellLayout)
    case sparse(SparseColumn)
    /// Run starts and their cells, laid out as a sparse column's rows and cells.
    case runs(SparseColumn)
    case bitmap(BitmapColumn)
    case dictionary(DictionaryColumn)

    /// A reader with its own cursor (sparse columns are walked, not searched, by a forward scan).
    func reader() -> CellReader {
        switch self {
        case .missing: CellReader(kind: .missing)
        case .dense(let cells, let layout): CellReader(kind: .dense(cells, layout: layout))
        case .sparse(let column): CellReader(kind: .sparse(column))
        case .runs(let column): CellReader(kind: .runs(column))
        case .bitmap(let column): CellReader(kind: .bitmap(column))
        case .dictionary(let column): CellReader(kind: .dictionary(column))
        }
    }
}

/// A sparse column: ascending rows, then their cells.
@usableFromInline struct SparseColumn {
    @usableFromInline let rows: UnsafeRawBufferPointer
    @usableFromInline let cells: UnsafeRawBufferPointer
    @usableFromInline let layout: CellLayout

    @inlinable var count: Int { rows.count / 4 }

    @inlinable func row(at i: Int) -> Int {
        Int(UInt32(littleEndian: rows.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)))
    }
}

/// Reads one column's raw cells row by row. For a sparse column it keeps a cursor, so rows asked
/// for in ascending order (every scan) cost O(1) each; going back costs one binary search.
package final class CellReader {
    @usableFromInline enum Kind {
        case missing
        case dense(UnsafeRawBufferPointer, layout: CellLayout)
        case sparse(SparseColumn)
        case runs(SparseColumn)
        case bitmap(BitmapColumn)
        case dictionary(DictionaryColumn)
    }

    @usableFromInline let kind: Kind
    /// The first column position whose row is ≥ the last row asked for. A pointer rather than a
    /// `var`, so the per-row reads skip Swift's dynamic exclusivity checks (see ``FlatTable``).
    @usableFromInline let cursorStorage = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    @inlinable var cursor: Int {
        @inline(__always) get { cursorStorage.pointee }
        @inline(__always) set { cursorStorage.pointee = newValue }
    }

    init(kind: Kind) {
        self.kind = kind
        cursorStorage.initialize(to: 0)
    }

    /// A reader of the same cells with a cursor of its own, for a second source reading the
    /// column in its own order (the column's checks are not made again).
    package func withOwnCursor() -> CellReader { CellReader(kind: kind) }

    deinit { cursorStorage.deallocate() }

    /// The row's raw cell, nil when absent (no cell, or the absent marker).
    @inlinable @inline(__always) package func cell(_ row: Int) -> UInt64? {
        switch kind {
        case .missing:
            return nil
        case .dense(let cells, let layout):
            return layout.load(cells, at: row)
        case .sparse(let column), .runs(let column):
            let position: Int?
            if case .runs = kind { position = run(holding: row, in: column) } else { position = find(row, in: column) }
            guard let position else { return nil }
            return column.layout.load(column.cells, at: position)
        case .bitmap(let column):
            return column.cell(row)
        case .dictionary(let column):
            return column.cell(row)
        }
    }

    /// How many cells the column stores: every row's for a dense column, the present rows' for a
    /// sparse or bitmap one, the distinct values for a dictionary.
    package var storedCount: Int {
        switch kind {
        case .missing: 0
        case .dense(let cells, let layout): layout.width > 0 ? cells.count / layout.width : 0
        case .sparse(let column), .runs(let column): column.count
        case .bitmap(let column): column.layout.width > 0 ? column.cells.count / column.layout.width : 0
        case .dictionary(let column): column.count
        }
    }

    /// Whether some stored cell passes `test`, each cell looked at once in storage order (a
    /// dictionary column's distinct values, a sparse one's present cells): what a query asks
    /// before a scan, so a column none of whose values can match is not read for every row.
    package func anyCell(_ test: (UInt64) -> Bool) -> Bool {
        func any(_ cells: UnsafeRawBufferPointer, _ layout: CellLayout, count: Int) -> Bool {
            for position in 0..<count {
                if let cell = layout.load(cells, at: position), test(cell) { return true }
            }
            return false
        }
        switch kind {
        case .missing: return false
        case .dense(let cells, let layout):
            return layout.width > 0 && any(cells, layout, count: cells.count / layout.width)
        case .sparse(let column), .runs(let column): return any(column.cells, column.layout, count: column.count)
        case .bitmap(let column):
            return column.layout.width > 0
                && any(column.cells, column.layout, count: column.cells.count / column.layout.width)
        case .dictionary(let column): return any(column.values, column.layout, count: column.count)
        }
    }

    /// The position of `row` among the column's rows, moving the cursor to the first row ≥ `row`.
    @inlinable @inline(__always) func find(_ row: Int, in column: SparseColumn) -> Int? {
        let count = column.count
        if cursor > 0, column.row(at: cursor - 1) >= row {
            cursor = lowerBound(row, in: column, from: 0, to: cursor)
        } else if cursor + 16 < count, column.row(at: cursor + 16) < row {
            cursor = lowerBound(row, in: column, from: cursor + 16, to: count)
        } else {
            while cursor < count, column.row(at: cursor) < row { cursor += 1 }
        }
        return cursor < count && column.row(at: cursor) == row ? cursor : nil
    }

    /// The position of the run holding `row` (the last start ≤ `row`), nil before the first run;
    /// the cursor moves to it.
    @inlinable @inline(__always) func run(holding row: Int, in column: SparseColumn) -> Int? {
        let count = column.count
        if cursor < count, column.row(at: cursor) <= row {
            if cursor + 16 < count, column.row(at: cursor + 16) <= row {
                cursor = lowerBound(row + 1, in: column, from: cursor + 16, to: count) - 1
            } else {
                while cursor + 1 < count, column.row(at: cursor + 1) <= row { cursor += 1 }
            }
        } else {
            let next = lowerBound(row + 1, in: column, from: 0, to: count)
            guard next > 0 else { return nil }
            cursor = next - 1
        }
        return cursor
    }

    @usableFromInline func lowerBound(_ row: Int, in column: SparseColumn, from: Int, to: Int) -> Int {
        var low = from
        var high = to
        while low < high {
            let mid = low + (high - low) / 2
            if column.row(at: mid) < row { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
