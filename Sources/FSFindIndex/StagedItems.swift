import FSFindModel
import Foundation

/// Items read in this run (new or changed), already encoded for the new file: paths end to end in
/// one byte array, attribute values as cells whose strings and lists are interned in the
/// ``IndexBuilder``'s tables.
///
/// An ``IndexedItem`` holds its attributes in a dictionary, about half a kilobyte per file; a
/// first index of a million files kept a million of them until the write, and peaked at 2.2 GiB.
/// Staged as soon as they are read, the same items take their path plus about 60 bytes each.
package struct StagedItems {
    private(set) var pathBytes: [UInt8] = []
    /// `pathStarts[i]..<pathStarts[i + 1]` is item `i`'s path in `pathBytes`.
    private(set) var pathStarts: [Int] = [0]
    private(set) var identities: [FileIdentity] = []
    /// The derived-flags byte (see ``DerivedFlag``).
    private(set) var flags: [UInt8] = []
    /// Entry in the builder's type table.
    private(set) var typeIDs: [UInt32] = []
    /// `cellStarts[i]..<cellStarts[i + 1]` are item `i`'s column cells.
    private(set) var cellStarts: [UInt32] = [0]
    private(set) var cellAttributes: [Attribute] = []
    private(set) var cellValues: [UInt64] = []
    /// Problems by item: kind and reason string id.
    private(set) var problems: [Int: (kind: ItemProblem.Kind, reason: UInt32)] = [:]
    /// Text-store document numbers by item (``IndexedItem/textDocument``): few items have one.
    private(set) var textDocuments: [Int: UInt32] = [:]

    var count: Int { identities.count }

    /// Item `index`'s path bytes; valid until the next `append`.
    func withPath<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try pathBytes.withUnsafeBytes { all in
            try body(UnsafeRawBufferPointer(rebasing: all[pathStarts[index]..<pathStarts[index + 1]]))
        }
    }

    package func path(_ index: Int) -> [UInt8] { Array(pathBytes[pathStarts[index]..<pathStarts[index + 1]]) }

    /// Byte order of the paths of items `a` and `b` (negative, zero, positive).
    package func comparePaths(_ a: Int, _ b: Int) -> Int {
        pathBytes.withUnsafeBytes { all in
            Self.compare(
                UnsafeRawBufferPointer(rebasing: all[pathStarts[a]..<pathStarts[a + 1]]),
                UnsafeRawBufferPointer(rebasing: all[pathStarts[b]..<pathStarts[b + 1]]))
        }
    }

    mutating func append(
        path: [UInt8], identity: FileIdentity, flags: UInt8, typeID: UInt32,
        cells: [(Attribute, UInt64)], problem: (kind: ItemProblem.Kind, reason: UInt32)?, textDocument: UInt32? = nil
    ) throws(FSFindError) {
        guard cellValues.count + cells.count < Int(UInt32.max) else {
            throw FSFindError(.io, "cannot write the index: too many attribute values")
        }
        if let problem { problems[count] = problem }
        if let textDocument { textDocuments[count] = textDocument }
        pathBytes.append(contentsOf: path)
        pathStarts.append(pathBytes.count)
        identities.append(identity)
        self.flags.append(flags)
        typeIDs.append(typeID)
        for (attribute, value) in cells {
            cellAttributes.append(attribute)
            cellValues.append(value)
        }
        cellStarts.append(UInt32(cellValues.count))
    }

    /// Unsigned byte-wise order, the index's row order.
    package static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let left = a.baseAddress, let right = b.baseAddress {
            let order = memcmp(left, right, common)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }
}
