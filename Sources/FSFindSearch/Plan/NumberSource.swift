import FSFindIndex
import FSFindModel
import FSFindQuery
import Foundation

/// Where one number or date attribute of a row lives: a Float64 cell, or the identity (size,
/// mtime, ctime) or the fsCreationDate cell (contentCreationDate) when the derived flag says the value
/// follows from it. Dates come out as seconds since
/// 2001, computed exactly as the row reader computes them.
package struct NumberSource {
    private enum Derived { case none, size, mtime, ctime, fsCreation }

    private let derived: Derived
    private let bit: UInt8
    private let flags: DerivedFlagsView?
    private let identities: IdentitiesView?
    private let cells: CellReader
    /// For contentCreationDate: the fsCreationDate column it may repeat.
    private let creationCells: CellReader?

    /// Nil when a section it needs is damaged: the caller then evaluates with the slow reader.
    package init?(_ attribute: Attribute, views: IndexViews) {
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
            creationCells = creation.reader()
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
        cells = column.reader()
    }

    /// The value, nil when absent.
    @inline(__always) package func value(_ row: Int) -> Double? {
        if let creationCells, let flags, flags.has(bit, row) {
            return creationCells.cell(row).map { Double(bitPattern: $0) }
        }
        if let flags, let identities, flags.has(bit, row) {
            switch derived {
            case .size: return Double(identities.size(row))
            case .ctime:
                return IndexFormat.modificationDate(nanos: identities.changeNanos(row)).timeIntervalSinceReferenceDate
            default:
                return IndexFormat.modificationDate(nanos: identities.modificationNanos(row))
                    .timeIntervalSinceReferenceDate
            }
        }
        return cells.cell(row).map { Double(bitPattern: $0) }
    }
}
