import FSFindModel
import Foundation

/// Items read in this run (new or changed), already encoded for the new file: each path as its
/// folder (shared by the folder's items) and its name, attribute values as cells, by column; the
/// names and the cells' strings and lists are interned in the ``IndexBuilder``'s tables, which
/// also orders and rebuilds the staged paths (``IndexBuilder/withStagedPathOrder(of:_:)``).
///
/// An ``IndexedItem`` holds its attributes in a dictionary, about half a kilobyte per file, and a
/// first index that kept every one until the write needed gigabytes. Staged as soon as they are
/// read, as a folder and a name and cells by column, the same items take a fraction of that, name
/// and strings included (`benchmarks/RESULTS.md`, "A million-entry first index under 256 MiB";
/// `docs/pipeline.md`).
struct StagedItems {
    /// Folders of staged items, each once: folder `f` is string `f`, the bytes before the last
    /// `/` of its items' paths (empty for `/name`).
    private var folders = StringTableBuilder()
    /// The folder the last item was in: the crawl stages a folder's items one after the other.
    private var lastFolder: UInt32 = Self.noFolder
    /// Each item's folder, or ``noFolder`` when its path has no `/` (its name is the whole path):
    /// as runs, since a folder's items come one after the other (4 bytes an item otherwise).
    private var folderOf = RunList<UInt32>()
    /// Item `i`'s name (after the last `/`; the whole path without one) in the builder's string
    /// table, where the write needs it: kept there, not beside it, it is not held twice.
    private var nameIDs = ChunkedArray<UInt32>()
    /// Identities without the device and with the low halves of inode and size; the rest,
    /// which runs of items share, is in ``highParts``.
    private var identities = ChunkedArray<StagedIdentity>()
    /// What consecutive items share and a few bytes hold for each: a tree lies on one file
    /// system or a few (the device took 8 of the 40 bytes of an identity), most inode numbers
    /// and sizes fit in 32 bits, and a type table has fewer than 65,536 entries.
    private var highParts = RunList<HighParts>()
    /// The derived-flags byte (see ``DerivedFlag``).
    private(set) var flags = ChunkedArray<UInt8>()
    /// The low 16 bits of the item's entry in the builder's type table (the rest in ``highParts``).
    private var typeLows = ChunkedArray<UInt16>()
    /// By attribute index code: the items that have a cell, and their cells.
    private var columns = [StagedColumn](repeating: StagedColumn(), count: 64)
    /// Whether ``takeColumn(_:)`` has handed any column over (the cells are then gone).
    private(set) var columnsTaken = false
    /// Problems by item: kind and reason string id.
    private(set) var problems: [Int: (kind: ItemProblem.Kind, reason: UInt32)] = [:]
    /// The items that have a text-store document (``IndexBuilder/stage(_:textDocument:)``), ascending, and
    /// their document numbers: 8 bytes an item with words, where a dictionary took about 24 and
    /// more while it grew (391,490 of the million synthetic items have words).
    private var documentItems = ChunkedArray<UInt32>()
    private var documentNumbers = ChunkedArray<UInt32>()

    static let noFolder = UInt32.max
    private static let slash: [UInt8] = [UInt8(ascii: "/")]

    var count: Int { identities.count }

    /// A ``FileIdentity`` without its device and the high halves of its inode and size: 24 bytes.
    struct StagedIdentity {
        var inodeLow: UInt32
        var sizeLow: UInt32
        var mtimeNanos: Int64
        var ctimeNanos: Int64
    }

    /// The parts of an item that runs of items share (``highParts``).
    struct HighParts: Equatable {
        var device: UInt64
        var inodeHigh: UInt32
        var sizeHigh: UInt32
        var typeHigh: UInt16
    }

    /// Item `index`'s text-store document number, nil when it has none.
    func textDocument(of index: Int) -> UInt32? {
        var low = 0
        var high = documentItems.count
        while low < high {
            let mid = (low + high) / 2
            if Int(documentItems[mid]) < index { low = mid + 1 } else { high = mid }
        }
        return low < documentItems.count && Int(documentItems[low]) == index ? documentNumbers[low] : nil
    }

    /// Item `index`'s identity.
    func identity(_ index: Int) -> FileIdentity {
        let (staged, high) = (identities[index], highParts[index])
        let size = UInt64(high.sizeHigh) << 32 | UInt64(staged.sizeLow)
        return FileIdentity(
            device: high.device, inode: UInt64(high.inodeHigh) << 32 | UInt64(staged.inodeLow),
            size: Int64(bitPattern: size), mtimeNanos: staged.mtimeNanos, ctimeNanos: staged.ctimeNanos)
    }

    /// Item `index`'s entry in the builder's type table.
    func typeID(_ index: Int) -> UInt32 { UInt32(highParts[index].typeHigh) << 16 | UInt32(typeLows[index]) }

    /// Calls `body` with a reader of the staged folders (``StringTableBuilder/withReader(_:)``).
    func withFolderReader<R>(_ body: (StringTableBuilder.Reader) -> R) -> R { folders.withReader(body) }

    /// The id of item `index`'s folder (equal for items of one folder), ``noFolder`` without one.
    func folderID(_ index: Int) -> UInt32 { folderOf[index] }

    /// The string id of item `index`'s name.
    func nameID(_ index: Int) -> UInt32 { nameIDs[index] }

    mutating func append(
        path: [UInt8], nameID: UInt32, identity: FileIdentity, flags: UInt8, typeID: UInt32,
        cells: [(Attribute, UInt64)], problem: (kind: ItemProblem.Kind, reason: UInt32)?, textDocument: UInt32? = nil
    ) throws(FSFindError) {
        let index = count
        guard index < Int(UInt32.max) else {
            throw FSFindError(.io, "cannot write the index: too many items")
        }
        if let problem { problems[index] = problem }
        if let textDocument {
            // Items are appended in index order, so the list stays ascending.
            documentItems.append(UInt32(index))
            documentNumbers.append(textDocument)
        }
        if let slash = path.lastIndex(of: UInt8(ascii: "/")) {
            let folder = path[..<slash].withUnsafeBytes { raw in
                Result { () throws(FSFindError) in try folderID(raw) }
            }
            folderOf.append(try folder.get())
        } else {
            folderOf.append(Self.noFolder)
        }
        nameIDs.append(nameID)
        let size = UInt64(bitPattern: identity.size)
        highParts.append(
            HighParts(
                device: identity.device, inodeHigh: UInt32(truncatingIfNeeded: identity.inode >> 32),
                sizeHigh: UInt32(truncatingIfNeeded: size >> 32), typeHigh: UInt16(truncatingIfNeeded: typeID >> 16)))
        identities.append(
            StagedIdentity(
                inodeLow: UInt32(truncatingIfNeeded: identity.inode), sizeLow: UInt32(truncatingIfNeeded: size),
                mtimeNanos: identity.mtimeNanos, ctimeNanos: identity.ctimeNanos))
        self.flags.append(flags)
        typeLows.append(UInt16(truncatingIfNeeded: typeID))
        for (attribute, value) in cells {
            let code = Int(attribute.indexCode)
            if columns[code].count == 0 { columns[code] = StagedColumn(for: attribute) }
            columns[code].append(UInt32(index), value)
        }
    }

    /// The id of `folder`, added when new.
    private mutating func folderID(_ folder: UnsafeRawBufferPointer) throws(FSFindError) -> UInt32 {
        if lastFolder != Self.noFolder,
            folders.withBytes(Int(lastFolder), { StagedItems.compare($0, folder) == 0 })
        {
            return lastFolder
        }
        lastFolder = try folders.id(folder)
        return lastFolder
    }

    /// Hands over the cells of attribute index code `code` and forgets them: the write takes
    /// each column once.
    mutating func takeColumn(_ code: Int) -> StagedColumn {
        columnsTaken = true
        defer { columns[code] = StagedColumn() }
        return columns[code]
    }

    /// A path as pieces: `folder` (nil: none), `slash` (a `/`) and `name`.
    static func pieces(
        folder: UnsafeRawBufferPointer?, slash: UnsafeRawBufferPointer, name: UnsafeRawBufferPointer
    ) -> Pieces {
        guard let folder else { return Pieces(first: name) }
        return Pieces(first: folder, second: slash, third: name)
    }

    /// Calls `body` with `path` as pieces: `folder` (nil: none), `/` and `name`.
    static func withPieces<R>(
        folder: UnsafeRawBufferPointer?, name: UnsafeRawBufferPointer, _ body: (Pieces) -> R
    ) -> R {
        slash.withUnsafeBytes { body(pieces(folder: folder, slash: $0, name: name)) }
    }

    /// Unsigned byte-wise order, the index's row order.
    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
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
