import FSFindIndexFormat
import FSFindModel

/// Where one number or date attribute of a row lives: a Float64 cell, or the identity (size,
/// mtime, ctime) or the fsCreationDate cell (contentCreationDate) when the derived flag says the value
/// follows from it. Dates come out as seconds since
/// 2001, computed exactly as the row reader computes them.
struct NumberSource {
    private enum Derived { case none, size, mtime, ctime, fsCreation }

    private let derived: Derived
    private let bit: UInt8
    private let flags: DerivedFlagsView?
    private let identities: IdentitiesView?
    private let cells: CellReader
    /// For contentCreationDate: the fsCreationDate column it may repeat.
    private let creationCells: CellReader?

    /// Nil when a section it needs is damaged: the caller then evaluates with the slow reader.
    init?(_ attribute: Attribute, views: IndexViews) {
        guard attribute.type == .number || attribute.type == .date, let column = views.column(attribute) else {
            return nil
        }
        switch attribute {
        case .fileSize: derived = .size
        case .contentModificationDate: derived = .mtime
        case .attributeChangeDate: derived = .ctime
        case .contentCreationDate: derived = .fsCreation
        default: derived = .none
        }
        bit = DerivedFlag.bit(for: attribute)
        if derived == .fsCreation {
            guard let flags = views.flags, let creation = views.column(.fsCreationDate) else { return nil }
            self.flags = flags
            identities = nil
            creationCells = creation.withOwnCursor()
        } else if derived != .none {
            creationCells = nil
            guard let flags = views.flags, let identities = views.identities else { return nil }
            self.flags = flags
            self.identities = identities
        } else {
            flags = nil
            identities = nil
            creationCells = nil
        }
        cells = column.withOwnCursor()
    }

    /// Asks for what ``value(_:)`` of a modification or change date reads ahead of the read, in a
    /// scan over scattered rows (the recency lift's date is in the row's identity, a cache miss).
    @inline(__always) func prefetch(_ row: Int) {
        guard derived == .mtime || derived == .ctime else { return }
        identities?.prefetchModification(row)
    }

    /// The value, nil when absent.
    ///
    /// The views are reached by optional chaining, not bound: binding copies a view (and retains
    /// its mapping) on every call, a tenth of the interactive scan's time for the recency lift.
    @inline(__always) func value(_ row: Int) -> Double? {
        if flags?.has(bit, row) == true {
            if creationCells != nil { return creationCells?.cell(row).map { Double(bitPattern: $0) } }
            switch derived {
            case .size:
                if let size = identities?.size(row) { return Double(size) }
            case .ctime:
                if let seconds = identities?.changeSeconds(row) { return seconds }
            default:
                if let seconds = identities?.modificationSeconds(row) { return seconds }
            }
        }
        return cells.cell(row).map { Double(bitPattern: $0) }
    }
}
