import FSFindIndexFormat
import FSFindModel

/// Where one text or text-list attribute of a row lives: a string or list id in a column, the
/// row's name string when the derived flag says the value is the name, or — for the rare row whose
/// name is not a string of its own (a root, whose name is the tail of its path) — the slow reader.
struct TextSource {
    /// What a row holds for the attribute.
    enum Cell {
        case absent
        /// A string id, not yet checked against the strings section.
        case string(UInt32)
        /// A list id, not yet checked against the lists section.
        case list(UInt32)
        /// Read it with ``IndexFile/value(of:at:)``.
        case slow
    }

    let attribute: Attribute
    private let derivedBit: UInt8
    private let flags: DerivedFlagsView?
    private let names: NamesView?
    private let cells: CellReader
    private let isList: Bool
    /// True when no row of the file has the attribute (the file stores no cell of it): a scan
    /// need not ask.
    let isMissing: Bool

    /// Nil when a section it needs is damaged: the caller then evaluates with the slow reader.
    init?(_ attribute: Attribute, views: IndexViews) {
        guard attribute.type == .text || attribute.type == .textList, attribute != .path,
            !IndexFormat.typeAttributes.contains(attribute), let column = views.column(attribute)
        else { return nil }
        self.attribute = attribute
        derivedBit = DerivedFlag.bit(for: attribute)
        if derivedBit != 0 {
            guard let flags = views.flags, let names = views.names else { return nil }
            self.flags = flags
            self.names = names
        } else {
            flags = nil
            names = nil
        }
        cells = column.withOwnCursor()
        isList = attribute.type == .textList
        isMissing = derivedBit == 0 && cells.storedCount == 0
    }

    /// Whether some row's cell passes `test` (a string or a list id); true for a value the
    /// row's name stands for, which every row may have, and for a column that stores more cells
    /// than a sixteenth of `rows`: asking each of them first costs about what the scan's reads
    /// of them cost (a dictionary column stores its distinct values, few whatever the rows).
    func anyCell(rows: Int, _ test: (Cell) -> Bool) -> Bool {
        if derivedBit != 0 || cells.storedCount > rows / 16 { return true }
        return cells.anyCell { raw in
            let id = UInt32(truncatingIfNeeded: raw)
            return test(isList ? .list(id) : .string(id))
        }
    }

    /// Whether ``anyCell(rows:_:)`` asks the column's cells (else it answers true at once).
    func asksCells(rows: Int) -> Bool { derivedBit == 0 && cells.storedCount <= rows / 16 }

    /// Calls `body` with each cell the column stores (a string or a list id).
    func forEachStoredCell(_ body: (Cell) -> Void) {
        _ = cells.anyCell { raw in
            let id = UInt32(truncatingIfNeeded: raw)
            body(isList ? .list(id) : .string(id))
            return false
        }
    }

    @inline(__always) func cell(_ row: Int) -> Cell {
        if derivedBit != 0, let flags, let names, flags.has(derivedBit, row) {
            // The value is the last path component: the row's own name string, unless the row
            // has no parent and its "name" is the whole path.
            guard let id = names.ownNameID(row) else { return .slow }
            return .string(id)
        }
        guard let raw = cells.cell(row) else { return .absent }
        let id = UInt32(truncatingIfNeeded: raw)
        return isList ? .list(id) : .string(id)
    }
}

extension TextSource {
    /// Whether some value of the column may hold a string of `matched` (one bit per string id):
    /// from the strings its cells name when `views` keep them (a search session's, asked every
    /// key), else cell by cell.
    func mayHold(anyOf matched: FlatTable<UInt64>, lists: StringsView, views: IndexViews, rows: Int) -> Bool {
        guard asksCells(rows: rows) else { return true }
        if let named = views.namedStrings(self), named.count == matched.count {
            for word in 0..<named.count where named[word] & matched[word] != 0 { return true }
            return false
        }
        return anyCell(rows: rows) { Self.cell($0, holdsAnyOf: matched, lists: lists) }
    }

    /// Whether `cell` names a string of `matched`, itself or among its list's elements.
    private static func cell(_ cell: Cell, holdsAnyOf matched: FlatTable<UInt64>, lists: StringsView) -> Bool {
        func isMatched(_ id: UInt32) -> Bool {
            Int(id >> 6) < matched.count && matched[Int(id >> 6)] & (1 << UInt64(id & 63)) != 0
        }
        switch cell {
        case .string(let id): return isMatched(id)
        case .list(let id):
            guard let elements = lists.list(id) else { return false }
            for i in 0..<elements.count where isMatched(elements[i]) { return true }
            return false
        case .absent: return false
        case .slow: return true
        }
    }
}
