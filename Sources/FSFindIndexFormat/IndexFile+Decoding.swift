import FSFindModel
import Foundation

/// Row-level decoding over verified sections. Every read is bounds-checked and throws
/// ``IndexDamage`` on an inconsistency, which the public API turns into "absent" (row reads) or
/// `.indexCorrupt` (whole-file reads).
extension IndexFile {
    /// The bytes of a per-item section after its 8-byte prefix, checking it holds one record of
    /// `recordSize` bytes per item.
    func perItem(_ section: Int, recordSize: Int) throws(IndexDamage) -> UnsafeRawBufferPointer {
        let bytes = try self.bytes(of: section)
        guard Int(try bytes.littleEndianUInt32(at: 0)) == itemCount else { throw IndexDamage("row count") }
        return try bytes.slice(from: 8, count: try Checked.multiply(itemCount, recordSize))
    }

    // MARK: Strings and lists

    func stringBytes(_ id: UInt32) throws(IndexDamage) -> UnsafeRawBufferPointer {
        let bytes = try self.bytes(of: fixed.strings)
        let count = try bytes.littleEndianUInt32(at: 0)
        guard id < count else { throw IndexDamage("string id \(id)") }
        let start = try bytes.littleEndianUInt32(at: 4 + 4 * Int(id))
        let end = try bytes.littleEndianUInt32(at: 8 + 4 * Int(id))
        guard start <= end else { throw IndexDamage("string offsets") }
        let blob = 4 + 4 * (Int(count) + 1)
        return try bytes.slice(from: blob + Int(start), count: Int(end - start))
    }

    func string(_ id: UInt32) throws(IndexDamage) -> String {
        String(decoding: try stringBytes(id), as: UTF8.self)
    }

    func list(_ id: UInt32) throws(IndexDamage) -> [String] {
        let ids = try listElements(id)
        var result: [String] = []
        result.reserveCapacity(ids.count)
        for element in ids { result.append(try string(element)) }
        return result
    }

    /// List `id`'s elements as string ids, for copying the list into a new file.
    func listElements(_ id: UInt32) throws(IndexDamage) -> [UInt32] {
        let bytes = try self.bytes(of: fixed.lists)
        let count = try bytes.littleEndianUInt32(at: 0)
        guard id < count else { throw IndexDamage("list id \(id)") }
        let start = try bytes.littleEndianUInt32(at: 4 + 4 * Int(id))
        let end = try bytes.littleEndianUInt32(at: 8 + 4 * Int(id))
        guard start <= end else { throw IndexDamage("list offsets") }
        let elements = 4 + 4 * (Int(count) + 1)
        // Bound the element range by the section before reserving room for it.
        guard elements + 4 * Int(end) <= bytes.count else { throw IndexDamage("list elements") }
        var result: [UInt32] = []
        result.reserveCapacity(Int(end - start))
        for element in Int(start)..<Int(end) { result.append(try bytes.littleEndianUInt32(at: elements + 4 * element)) }
        return result
    }

    // MARK: Paths

    /// The names section, its length checked against the rows (a row's parent is checked where
    /// it is followed).
    private func checkedNames() throws(IndexDamage) -> NamesView {
        NamesView(records: RowRecords(try perItem(fixed.names, recordSize: 8), recordSize: 8))
    }

    /// The row's path: its names from the root down, one `/` between a name and the next (none
    /// after a name that ends in one), in one array made at its size. Joined a level at a time,
    /// each level copied the path so far into a new array, for every row the search screen lists.
    func pathBytes(at row: Int) throws(IndexDamage) -> [UInt8] {
        let names = try checkedNames()
        var chain: [UnsafeRawBufferPointer] = []
        var current = row
        while true {
            let parent = names.parent(current)
            chain.append(try stringBytes(names.nameID(current)))
            if parent == IndexFormat.absent32 { break }
            // Parents sort before their children, so the walk strictly descends and must end.
            guard Int(parent) < current else { throw IndexDamage("parent row") }
            current = Int(parent)
        }
        let slash = UInt8(ascii: "/")
        var path: [UInt8] = []
        path.reserveCapacity(chain.reduce(chain.count) { $0 + $1.count })
        for (level, name) in chain.reversed().enumerated() {
            if level > 0, path.last != slash { path.append(slash) }
            path.append(contentsOf: name)
        }
        return path
    }

    /// The rows whose path is not valid UTF-8 (a name anywhere up the chain is not), ascending:
    /// one pass over the names, each row's answer its parent's (an earlier row's) or its own name's.
    func rowsWithoutUTF8Paths() throws(IndexDamage) -> [Int] {
        let names = try checkedNames()
        var invalid = [Bool](repeating: false, count: itemCount)
        var rows: [Int] = []
        for row in 0..<itemCount {
            let parent = names.parent(row)
            if parent != IndexFormat.absent32 {
                guard Int(parent) < row else { throw IndexDamage("parent row") }
                if invalid[Int(parent)] {
                    invalid[row] = true
                    rows.append(row)
                    continue
                }
            }
            let name = try stringBytes(names.nameID(row))
            // Names are nearly always ASCII: only the rest is decoded.
            if name.contains(where: { $0 >= 0x80 }), String(validating: name, as: UTF8.self) == nil {
                invalid[row] = true
                rows.append(row)
            }
        }
        return rows
    }

    /// The byte order of the row's path against `target` (negative, zero, positive, as
    /// ``IndexFormat/compare(_:_:)``), without building the path: the names up the parent chain
    /// are compared in place. A binary search by path makes ~20 of these per lookup, and mapping
    /// the text store's hits to rows makes one lookup per hit (173,000 for a common word on a
    /// million items), so the allocation of each path was most of such a query.
    func comparePath(at row: Int, with target: UnsafeRawBufferPointer) throws(IndexDamage) -> Int {
        try pathComparer().compare(row, with: target)
    }

    /// A ``PathComparer`` over this file's names and strings, for many comparisons in a row (a
    /// search): the sections are looked up and checked once, not at every comparison.
    func pathComparer() throws(IndexDamage) -> PathComparer {
        let names = try checkedNames()
        guard let strings = StringsView(try bytes(of: fixed.strings)) else { throw IndexDamage("string table") }
        return PathComparer(file: self, names: names, strings: strings)
    }

    /// The last path component's bytes, without rebuilding the path when the row has a parent.
    func nameBytes(at row: Int) throws(IndexDamage) -> [UInt8] {
        let names = try checkedNames()
        if names.hasParent(row) { return Array(try stringBytes(names.nameID(row))) }
        return Array(IndexFormat.lastComponent(try pathBytes(at: row)))
    }

    // MARK: Identity, problems, roots

    func decodeIdentity(at row: Int) throws(IndexDamage) -> FileIdentity {
        let records = try identityRecords()
        guard row >= 0, row < itemCount else { throw IndexDamage("row \(row)") }
        guard let entry = records.entry(ofRow: row) else { throw IndexDamage("identity number") }
        return records.layout.identity(in: records.entries, row: entry, device: records.device)
    }

    /// The identities section in its layout, sizes checked: the rows' records, and the table's
    /// entries when the rows number them (else the rows' records again).
    func identityRecords() throws(IndexDamage) -> IdentityRecords {
        guard let layout = IdentityLayout(format: sections[fixed.identities].format) else {
            throw IndexDamage("identity layout")
        }
        let bytes = try self.bytes(of: fixed.identities)
        guard Int(try bytes.littleEndianUInt32(at: 0)) == itemCount else { throw IndexDamage("row count") }
        let device = layout.sharedDevice ? try bytes.littleEndianUInt64(at: 8) : 0
        let rows = try bytes.slice(from: layout.headerSize, count: try Checked.multiply(itemCount, layout.recordSize))
        guard layout.tabled else {
            return IdentityRecords(layout: layout, device: device, rows: rows, entries: rows, entryCount: itemCount)
        }
        guard let table = fixed.identityTable else { throw IndexDamage("identity table") }
        let tableBytes = try self.bytes(of: table)
        let count = Int(try tableBytes.littleEndianUInt32(at: 0))
        let entries = try tableBytes.slice(from: 8, count: try Checked.multiply(count, layout.entrySize))
        return IdentityRecords(layout: layout, device: device, rows: rows, entries: entries, entryCount: count)
    }

    func decodeProblem(at row: Int) throws(IndexDamage) -> ItemProblem? {
        let problems = try problemsView()
        guard let entry = problems.entry(of: row) else { return nil }
        guard let kind = ItemProblem.Kind(rawValue: UInt8(truncatingIfNeeded: problems.kind(entry))) else {
            throw IndexDamage("problem kind")
        }
        return ItemProblem(kind, try string(problems.reason(entry)))
    }

    func decodeRoots() throws(IndexDamage) -> [IndexRoot] {
        var cursor = ByteCursor(try bytes(of: fixed.roots))
        let count = Int(try cursor.readLittleEndianUInt32())
        var roots: [IndexRoot] = []
        for _ in 0..<count {
            let path = Array(try stringBytes(try cursor.readLittleEndianUInt32()))
            let flags = try cursor.readLittleEndianUInt32()
            let refreshed = Date(
                timeIntervalSinceReferenceDate: Double(bitPattern: try cursor.readLittleEndianUInt64()))
            let excludeCount = Int(try cursor.readLittleEndianUInt32())
            // Each exclude takes 4 bytes: refuse a count the section cannot hold before looping.
            guard excludeCount <= cursor.remaining / 4 else { throw IndexDamage("exclude count") }
            var excludes: [String] = []
            for _ in 0..<excludeCount { excludes.append(try string(try cursor.readLittleEndianUInt32())) }
            roots.append(
                IndexRoot(
                    path: path, options: CrawlOptions(includeHidden: flags & 1 != 0, excludes: excludes),
                    lastRefresh: refreshed))
        }
        return roots
    }

    /// The string ids of each root's path and excludes, in the order of ``decodeRoots()``.
    func rootStringIDs() throws(IndexDamage) -> [(path: UInt32, excludes: [UInt32])] {
        var cursor = ByteCursor(try bytes(of: fixed.roots))
        let count = Int(try cursor.readLittleEndianUInt32())
        var roots: [(path: UInt32, excludes: [UInt32])] = []
        for _ in 0..<count {
            let path = try cursor.readLittleEndianUInt32()
            try cursor.skipBytes(12)  // flags, lastRefresh
            let excludeCount = Int(try cursor.readLittleEndianUInt32())
            guard excludeCount <= cursor.remaining / 4 else { throw IndexDamage("exclude count") }
            var excludes: [UInt32] = []
            for _ in 0..<excludeCount { excludes.append(try cursor.readLittleEndianUInt32()) }
            roots.append((path, excludes))
        }
        return roots
    }

    // MARK: Attribute values

    /// The item's value for `attribute`, nil when it has none.
    func decodeValue(of attribute: Attribute, at row: Int) throws(IndexDamage) -> AttributeValue? {
        if IndexFormat.derivedAttributes.contains(attribute) {
            let flags = try perItem(fixed.derivedFlags, recordSize: 1)
            if try flags.byte(at: row) & DerivedFlag.bit(for: attribute) != 0 {
                switch attribute {
                case .path: return .text(String(decoding: try pathBytes(at: row), as: UTF8.self))
                case .fsName, .displayName: return .text(String(decoding: try nameBytes(at: row), as: UTF8.self))
                case .contentCreationDate: return try decodeValue(of: .fsCreationDate, at: row)
                default:
                    return IndexFormat.derivedValue(
                        of: attribute, path: [], name: [], identity: try decodeIdentity(at: row))
                }
            }
        } else if let position = IndexFormat.typeAttributes.firstIndex(of: attribute) {
            let typeID = try decodeTypeID(at: row)
            let table = try bytes(of: fixed.typeTable)
            guard typeID < (try table.littleEndianUInt32(at: 0)) else { throw IndexDamage("type id") }
            let id = try table.littleEndianUInt32(at: 8 + 16 * Int(typeID) + 4 * position)
            return id == IndexFormat.absent32 ? nil : try decode(cell: UInt64(id), as: attribute)
        }
        guard let column = columns[attribute], let cell = try cell(in: column, of: attribute, row: row) else {
            return nil
        }
        return try decode(cell: cell, as: attribute)
    }

    /// The row's entry in the type table (not checked against the table's size).
    func decodeTypeID(at row: Int) throws(IndexDamage) -> UInt32 {
        switch typeColumnWidth {
        case 1: UInt32(try perItem(fixed.typeColumn, recordSize: 1).slice(from: row, count: 1)[0])
        case 2: UInt32(try perItem(fixed.typeColumn, recordSize: 2).littleEndianUInt16(at: 2 * row))
        default: try perItem(fixed.typeColumn, recordSize: 4).littleEndianUInt32(at: 4 * row)
        }
    }

    /// Bytes per row of the type column: its `format`, 1 (format 5), 2 or 4 (checked when the
    /// directory was read).
    var typeColumnWidth: Int { Int(sections[fixed.typeColumn].format) }

    /// The number of type-table entries.
    func decodeTypeCount() throws(IndexDamage) -> Int {
        Int(try bytes(of: fixed.typeTable).littleEndianUInt32(at: 0))
    }

    /// The raw cell of `row` in a column section, nil when absent.
    private func cell(in section: Int, of attribute: Attribute, row: Int) throws(IndexDamage) -> UInt64? {
        let bytes = try self.bytes(of: section)
        let count = Int(try bytes.littleEndianUInt32(at: 0))
        guard let layout = sections[section].cellLayout(of: attribute) else { throw IndexDamage("cell layout") }
        let width = layout.width
        func load(_ offset: Int) throws(IndexDamage) -> UInt64 {
            switch width {
            case 8: try bytes.littleEndianUInt64(at: offset)
            case 4: UInt64(try bytes.littleEndianUInt32(at: offset))
            case 2: UInt64(try bytes.littleEndianUInt16(at: offset))
            default: UInt64(try bytes.slice(from: offset, count: 1)[0])
            }
        }
        let raw: UInt64
        switch sections[section].columnEncoding {
        case .dense?:
            guard count == itemCount else { throw IndexDamage("row count") }
            raw = try load(8 + width * row)
        case .sparse?:
            guard let found = try Self.search(bytes, count: count, for: row, exact: true) else { return nil }
            raw = try load(try Checked.add(8 + 4 * count, width * found))
        case .bitmap?:
            // The row's bit, the count of its 512-row block, the bits before it in the block.
            guard count <= itemCount, row >= 0, row < itemCount else { throw IndexDamage("row count") }
            let words = BitmapColumn.wordCount(rows: itemCount)
            let word = try bytes.littleEndianUInt64(at: 8 + 8 * (row >> 6))
            let bit = UInt64(1) << UInt64(row & 63)
            guard word & bit != 0 else { return nil }
            var position = Int(try bytes.littleEndianUInt32(at: 8 + 8 * words + 4 * (row >> 9)))
            for w in ((row >> 9) << 3)..<(row >> 6) {
                position += try bytes.littleEndianUInt64(at: 8 + 8 * w).nonzeroBitCount
            }
            position += (word & (bit &- 1)).nonzeroBitCount
            guard position < count else { throw IndexDamage("bitmap count") }
            raw = try load(try Checked.add(BitmapColumn.cellsOffset(rows: itemCount), width * position))
        case .dictionary?:
            // The row's number, then the cell it numbers (all ones, or any number past the cells: absent).
            guard count <= itemCount, row >= 0, row < itemCount else { throw IndexDamage("row count") }
            let numbers = try Checked.add(8, try Checked.multiply(count, width))
            let number: Int
            switch DictionaryColumn.numberWidth(count: count) {
            case 1: number = Int(try bytes.slice(from: numbers + row, count: 1)[0])
            case 2: number = Int(try bytes.littleEndianUInt16(at: numbers + 2 * row))
            default: number = Int(try bytes.littleEndianUInt32(at: numbers + 4 * row))
            }
            guard number < count else { return nil }
            raw = try load(8 + width * number)
        case .runs?:
            // The run holding `row`: the last one starting at or before it.
            guard let found = try Self.search(bytes, count: count, for: row, exact: false) else { return nil }
            raw = try load(try Checked.add(8 + 4 * count, width * found))
        case nil:
            throw IndexDamage("column encoding")
        }
        return layout.cell(fromStored: raw)
    }

    /// Binary search over the ascending u32 rows after a column's prefix: the entry equal to
    /// `row` (`exact`), or the last entry at or below it.
    private static func search(_ bytes: UnsafeRawBufferPointer, count: Int, for row: Int, exact: Bool)
        throws(IndexDamage)
        -> Int?
    {
        var low = 0
        var high = count
        while low < high {
            let mid = low + (high - low) / 2
            let candidate = Int(try bytes.littleEndianUInt32(at: 8 + 4 * mid))
            if candidate == row { return mid }
            if candidate < row { low = mid + 1 } else { high = mid }
        }
        return exact || low == 0 ? nil : low - 1
    }

    private func decode(cell: UInt64, as attribute: Attribute) throws(IndexDamage) -> AttributeValue {
        switch attribute.type {
        case .text: .text(try string(UInt32(truncatingIfNeeded: cell)))
        case .textList: .textList(try list(UInt32(truncatingIfNeeded: cell)))
        case .number: .number(Double(bitPattern: cell))
        case .date: .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: cell)))
        }
    }
}

/// Compares rows' paths with a target in place (``IndexFile/comparePath(at:with:)``), the
/// sections in hand.
struct PathComparer {
    let file: IndexFile
    let names: NamesView
    let strings: StringsView

    /// The byte order of row `row`'s path against `target`: negative, zero, positive.
    func compare(_ row: Int, with target: UnsafeRawBufferPointer) throws(IndexDamage) -> Int {
        // The chain of name ids, the row's own first; deeper than this falls back to the path.
        let limit = 64
        let result = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: limit) { chain -> Int? in
            var depth = 0
            var current = row
            while true {
                guard depth < limit else { return nil }
                chain[depth] = names.nameID(current)
                depth += 1
                let parent = names.parent(current)
                if parent == IndexFormat.absent32 { break }
                guard Int(parent) < current else { return nil }
                current = Int(parent)
            }
            let slash = UInt8(ascii: "/")
            var position = 0
            var endsInSlash = false
            for level in stride(from: depth - 1, through: 0, by: -1) {
                // As ``pathBytes(at:)`` joins them: one `/` between parent and name, none after a `/`.
                if level != depth - 1, !endsInSlash {
                    guard position < target.count else { return 1 }
                    if target[position] != slash { return slash < target[position] ? -1 : 1 }
                    position += 1
                    endsInSlash = true
                }
                guard let bytes = strings.bytes(chain[level]) else { return nil }
                guard !bytes.isEmpty else { continue }
                let available = target.count - position
                let common = min(available, bytes.count)
                if common > 0, let left = bytes.baseAddress, let right = target.baseAddress {
                    let order = Int(memcmp(left, right + position, common))
                    if order != 0 { return order }
                }
                if bytes.count > available { return 1 }  // the target ended first: the path is longer
                position += bytes.count
                endsInSlash = bytes[bytes.count - 1] == slash
            }
            return position == target.count ? 0 : -1
        }
        if let result { return result }
        // Deeper than the chain holds, or damaged: the slow way says which.
        return IndexFormat.compare(try file.pathBytes(at: row), Array(target))
    }
}
