import FSFindModel
import Foundation

/// Items read in this run (new or changed), already encoded for the new file: each path as its
/// folder (shared by the folder's items) and its name, attribute values as cells, by column,
/// whose strings and lists are interned in the ``IndexBuilder``'s tables.
///
/// An ``IndexedItem`` holds its attributes in a dictionary, about half a kilobyte per file; a
/// first index of a million files kept a million of them until the write, and peaked at 2.2 GiB.
/// Staged as soon as they are read, the same items take their name plus about 70 bytes each.
/// Whole paths (104 bytes each on the million-entry benchmark tree, whose 1,009,061 entries lie
/// in 40,061 folders) took 101 MB of that run's peak; cells kept by item, and copied into
/// columns for the write, twice what they take now, by column, handed to the write once.
package struct StagedItems {
    /// Folders of staged items, end to end: `folderStarts[f]..<folderStarts[f + 1]` is folder
    /// `f`'s path, the bytes before the last `/` of its items' paths (empty for `/name`).
    private var folderBytes: [UInt8] = []
    private var folderStarts: [Int] = [0]
    private var folderIDs: [[UInt8]: UInt32] = [:]
    /// The folder the last item was in: the crawl stages a folder's items one after the other.
    private var lastFolder: UInt32 = Self.noFolder
    /// Item `i`'s folder, or ``noFolder`` when its path has no `/` (its name is the whole path).
    private var folderOf: [UInt32] = []
    /// `nameStarts[i]..<nameStarts[i + 1]` is item `i`'s name (after the last `/`) in `nameBytes`.
    private var nameBytes: [UInt8] = []
    private var nameStarts: [UInt32] = [0]
    private(set) var identities: [FileIdentity] = []
    /// The derived-flags byte (see ``DerivedFlag``).
    private(set) var flags: [UInt8] = []
    /// Entry in the builder's type table.
    private(set) var typeIDs: [UInt32] = []
    /// By attribute index code: the items that have a cell, and their cells.
    private var columns = [StagedColumn](repeating: StagedColumn(), count: 64)
    /// Whether ``takeColumn(_:)`` has handed any column over (the cells are then gone).
    private(set) var columnsTaken = false
    /// Problems by item: kind and reason string id.
    private(set) var problems: [Int: (kind: ItemProblem.Kind, reason: UInt32)] = [:]
    /// Text-store document numbers by item (``IndexedItem/textDocument``): few items have one.
    private(set) var textDocuments: [Int: UInt32] = [:]

    static let noFolder = UInt32.max
    private static let slash: [UInt8] = [UInt8(ascii: "/")]

    var count: Int { identities.count }

    /// Item `index`'s path.
    package func path(_ index: Int) -> [UInt8] {
        withPieces(index) { folder, slash, name in
            var path: [UInt8] = []
            path.reserveCapacity(folder.count + slash.count + name.count)
            path.append(contentsOf: folder)
            path.append(contentsOf: slash)
            path.append(contentsOf: name)
            return path
        }
    }

    /// Calls `body` with item `index`'s folder (as staged: the bytes before the last `/`, empty
    /// for `/name`) and name, or nil and the whole path for a path without a `/`; valid in `body`.
    func withFolderAndName<R>(_ index: Int, _ body: (UnsafeRawBufferPointer?, UnsafeRawBufferPointer) throws -> R)
        rethrows -> R
    {
        try nameBytes.withUnsafeBytes { names in
            let name = UnsafeRawBufferPointer(rebasing: names[Int(nameStarts[index])..<Int(nameStarts[index + 1])])
            let folder = folderOf[index]
            guard folder != Self.noFolder else { return try body(nil, name) }
            return try folderBytes.withUnsafeBytes { folders in
                try body(
                    UnsafeRawBufferPointer(
                        rebasing: folders[folderStarts[Int(folder)]..<folderStarts[Int(folder) + 1]]), name)
            }
        }
    }

    /// The id of item `index`'s folder (equal for items of one folder), ``noFolder`` without one.
    func folderID(_ index: Int) -> UInt32 { folderOf[index] }

    /// Item `index`'s path as three pieces: folder, `/` and name (the first two empty for a
    /// path without a `/`).
    private func withPieces<R>(
        _ index: Int, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> R
    ) rethrows -> R {
        try withFolderAndName(index) { folder, name in
            guard let folder else {
                return try body(UnsafeRawBufferPointer(start: nil, count: 0), .init(start: nil, count: 0), name)
            }
            return try Self.slash.withUnsafeBytes { slash in try body(folder, slash, name) }
        }
    }

    /// Byte order of the paths of items `a` and `b` (negative, zero, positive).
    package func comparePaths(_ a: Int, _ b: Int) -> Int {
        if folderOf[a] == folderOf[b], folderOf[a] != Self.noFolder {
            return withFolderAndName(a) { _, left in withFolderAndName(b) { _, right in Self.compare(left, right) } }
        }
        return withPieces(a) { a0, a1, a2 in
            withPieces(b) { b0, b1, b2 in
                Self.compare(Pieces(first: a0, second: a1, third: a2), Pieces(first: b0, second: b1, third: b2))
            }
        }
    }

    /// Byte order of item `index`'s path and `path`.
    func comparePath(_ index: Int, to path: UnsafeRawBufferPointer) -> Int {
        withPieces(index) { p0, p1, p2 in
            Self.compare(Pieces(first: p0, second: p1, third: p2), Pieces(first: path))
        }
    }

    mutating func append(
        path: [UInt8], identity: FileIdentity, flags: UInt8, typeID: UInt32,
        cells: [(Attribute, UInt64)], problem: (kind: ItemProblem.Kind, reason: UInt32)?, textDocument: UInt32? = nil
    ) throws(FSFindError) {
        let index = count
        guard index < Int(UInt32.max), nameBytes.count + path.count < Int(UInt32.max) else {
            throw FSFindError(.io, "cannot write the index: too many items")
        }
        if let problem { problems[index] = problem }
        if let textDocument { textDocuments[index] = textDocument }
        if let slash = path.lastIndex(of: UInt8(ascii: "/")) {
            folderOf.append(folderID(path[..<slash]))
            nameBytes.append(contentsOf: path[(slash + 1)...])
        } else {
            folderOf.append(Self.noFolder)
            nameBytes.append(contentsOf: path)
        }
        nameStarts.append(UInt32(nameBytes.count))
        identities.append(identity)
        self.flags.append(flags)
        typeIDs.append(typeID)
        for (attribute, value) in cells { columns[Int(attribute.indexCode)].append(UInt32(index), value) }
    }

    /// The id of `folder`, added when new.
    private mutating func folderID(_ folder: ArraySlice<UInt8>) -> UInt32 {
        if lastFolder != Self.noFolder,
            folder.elementsEqual(folderBytes[folderStarts[Int(lastFolder)]..<folderStarts[Int(lastFolder) + 1]])
        {
            return lastFolder
        }
        let key = Array(folder)
        if let known = folderIDs[key] {
            lastFolder = known
            return known
        }
        let id = UInt32(folderIDs.count)
        folderIDs[key] = id
        folderBytes.append(contentsOf: folder)
        folderStarts.append(folderBytes.count)
        lastFolder = id
        return id
    }

    /// Hands over the cells of attribute index code `code` and forgets them: the write takes
    /// each column once.
    mutating func takeColumn(_ code: Int) -> StagedColumn {
        columnsTaken = true
        defer { columns[code] = StagedColumn() }
        return columns[code]
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

    /// ``compare(_:_:)`` of two byte strings each given as pieces laid end to end.
    static func compare(_ a: Pieces, _ b: Pieces) -> Int {
        var (i, j) = (0, 0)
        var (offsetA, offsetB) = (0, 0)
        while true {
            while i < 3, offsetA == a[i].count {
                i += 1
                offsetA = 0
            }
            while j < 3, offsetB == b[j].count {
                j += 1
                offsetB = 0
            }
            guard i < 3 else { return j < 3 ? -1 : 0 }
            guard j < 3 else { return 1 }
            let (left, right) = (a[i], b[j])
            let length = min(left.count - offsetA, right.count - offsetB)
            // Both pieces have bytes left, so both have a base address.
            guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return 0 }
            let order = memcmp(leftBase + offsetA, rightBase + offsetB, length)
            if order != 0 { return Int(order) }
            offsetA += length
            offsetB += length
        }
    }

    /// Up to three byte strings read as one (a staged path: folder, `/`, name), without an array.
    struct Pieces {
        var first: UnsafeRawBufferPointer
        var second = UnsafeRawBufferPointer(start: nil, count: 0)
        var third = UnsafeRawBufferPointer(start: nil, count: 0)

        subscript(_ index: Int) -> UnsafeRawBufferPointer {
            switch index {
            case 0: first
            case 1: second
            default: third
            }
        }
    }
}
