import FSFindModel

/// Writes rows into the per-row sections and the columns, one row at a time, in row order.
///
/// Rows copied from the previous file are read straight from its mapped sections: the per-row
/// sections by index and problems through a cursor that only moves forward (copied rows come in
/// the old file's order, since both files are in path order). Their column cells are copied
/// afterwards, one old column at a time, and merged with the staged rows' cells.
struct RowEmitter {
    let old: IndexFile?
    var names: ByteWriter
    var flags: ByteWriter
    var identities: ByteWriter
    /// Where the three per-row sections go while the rows are emitted, when the sink streams:
    /// their lengths are known from the row count, so they are written a megabyte at a time
    /// instead of held whole (49 MB for a million rows).
    var namesPieces: SectionPieces?
    var flagsPieces: SectionPieces?
    var identitiesPieces: SectionPieces?
    /// How the identities are written: fitted to the rows being written before the first is.
    let identityLayout: IdentityLayout
    /// The distinct identities the rows number, when the layout is tabled.
    var identityTable: Numbering<FileIdentity>?
    /// Old rows below this have had their per-row pages given back (see ``flushPieces(all:oldRow:)``).
    var releasedBelow = 0
    var typeColumn: [UInt32] = []
    var problems: [(row: UInt32, kind: UInt32, reason: UInt32)] = []
    /// New row of each old row written: copied, or replaced (``replacedTag`` set). Copied rows'
    /// column cells are copied; any written row is a parent for the rows below it. One array
    /// for both (a million rows: 4 MB, not 8).
    var oldToNew: [UInt32]
    static let replacedTag: UInt32 = 1 << 31
    /// How many old rows were copied.
    var copiedCount = 0

    /// Lets go of the per-row tables once every section made from them is written.
    mutating func release() {
        oldToNew = []
        documentRows = []
        documentNumbers = []
        stagedWritten = []
        newRowOfStaged = []
        typeColumn = []
        problems = []
    }

    /// The new row old row `oldRow` was written as (copied or replaced), or ``IndexFormat/absent32``.
    func writtenRow(_ oldRow: Int) -> UInt32 {
        let value = oldToNew[oldRow]
        return value == IndexFormat.absent32 ? value : value & ~Self.replacedTag
    }

    /// The new row old row `oldRow` was copied to, or ``IndexFormat/absent32`` (not written, or replaced).
    func copiedRow(_ oldRow: Int) -> UInt32 {
        let value = oldToNew[oldRow]
        return value & Self.replacedTag != 0 ? IndexFormat.absent32 : value
    }
    /// Staged items in the order written (which is path order), for the parents of staged items.
    var stagedWritten: [Int32] = []
    var newRowOfStaged: [UInt32]
    var rowCount: Int
    /// The staged folder (``StagedItems/folderID(_:)``) whose row was last looked up, and its row.
    var lastFolderID = StagedItems.noFolder
    var lastFolderRow: UInt32 = IndexFormat.absent32

    // The previous file's sections, verified and checked.
    var oldRows: CheckedSections?
    var oldProblems: ProblemsView?
    var problemCursor = 0
    var oldColumns: [OldColumn] = []
    /// The previous file's text documents, and the next of its entries a copied row may have.
    var oldDocuments: TextDocuments?
    var documentCursor = 0
    /// Rows written with a text document, ascending, and their numbers.
    var documentRows: [UInt32] = []
    var documentNumbers: [UInt32] = []

    struct OldColumn {
        let attribute: Attribute
        let bytes: UnsafeRawBufferPointer
        let encoding: ColumnEncoding
        let layout: CellLayout
        let count: Int
        /// The bitmap encoding's rows, checked.
        let bitmap: BitmapColumn?
        /// The dictionary encoding's cells and numbers, checked.
        let dictionary: DictionaryColumn?
        var width: Int { layout.width }
    }

    init(old: IndexFile?, rows: some RandomAccessCollection<RowSource>, staged: StagedItems, sink: some SectionSink)
        throws(FSFindError)
    {
        self.old = old
        let rowCount = rows.count
        self.rowCount = rowCount
        let stagedCount = staged.count
        // Fitted to the rows this file will hold, so a watcher's small delta over a million-row
        // base reads only its own rows' identities. (A copied row out of range fails when copied.)
        let oldIdentities = old?.identitiesView()
        let oldCount = old?.itemCount ?? 0
        let (layout, device, table) = IdentityLayout.fitting(rows: rowCount) { visit in
            for source in rows {
                if let index = source.stagedIndex {
                    if index < stagedCount { visit(staged.identity(index)) }
                } else if let oldIdentities, let row = source.copiedRow, row >= 0, row < oldCount {
                    visit(oldIdentities.identity(row))
                }
            }
        }
        identityLayout = layout
        identityTable = table
        namesPieces = try sink.reserve(.names, length: 8 + 8 * rowCount)
        flagsPieces = try sink.reserve(.derivedFlags, length: 8 + rowCount)
        identitiesPieces = try sink.reserve(
            .identities, param: 0, format: layout.bits, length: layout.headerSize + layout.recordSize * rowCount)
        if namesPieces != nil {
            names = Self.counted(rowCount)
            flags = Self.counted(rowCount)
            identities = Self.counted(rowCount)
        } else {
            names = Self.header(count: rowCount, recordSize: 8)
            flags = Self.header(count: rowCount, recordSize: 1)
            identities = Self.header(count: rowCount, recordSize: layout.recordSize)
        }
        if layout.sharedDevice { identities.appendLittleEndian(device) }
        typeColumn.reserveCapacity(rowCount)
        oldToNew = Array(repeating: IndexFormat.absent32, count: old?.itemCount ?? 0)
        newRowOfStaged = Array(repeating: IndexFormat.absent32, count: stagedCount)
        guard let old else { return }
        oldDocuments = try old.textDocuments()
        do throws(IndexDamage) {
            oldRows = try CheckedSections(old)
            oldProblems = try old.problemsView()
            for (attribute, section) in old.columns.sorted(by: { $0.key.indexCode < $1.key.indexCode })
            where !IndexFormat.typeAttributes.contains(attribute) {
                let bytes = try old.bytes(of: section)
                let count = Int(try bytes.littleEndianUInt32(at: 0))
                guard let encoding = old.sections[section].columnEncoding,
                    let layout = old.sections[section].cellLayout(of: attribute)
                else {
                    throw IndexDamage("\(attribute.name) column encoding")
                }
                let width = layout.width
                let dense = encoding == .dense
                var bitmap: BitmapColumn?
                var dictionary: DictionaryColumn?
                if encoding == .bitmap {
                    bitmap = BitmapColumn(bytes, rows: old.itemCount, count: count, layout: layout)
                    guard bitmap != nil else { throw IndexDamage("\(attribute.name) column bitmap") }
                } else if encoding == .dictionary {
                    dictionary = DictionaryColumn(bytes, rows: old.itemCount, count: count, layout: layout)
                    guard dictionary != nil else { throw IndexDamage("\(attribute.name) column dictionary") }
                } else {
                    let needed = try Checked.add(8, try Checked.multiply(count, dense ? width : 4 + width))
                    guard !dense || count == old.itemCount, needed <= bytes.count else {
                        throw IndexDamage("\(attribute.name) column size")
                    }
                }
                oldColumns.append(
                    OldColumn(
                        attribute: attribute, bytes: bytes, encoding: encoding, layout: layout, count: count,
                        bitmap: bitmap, dictionary: dictionary))
            }
        } catch {
            throw old.damaged(error)
        }
    }

    /// A per-row section's 8-byte prefix alone, for a streamed section (its rows follow in pieces).
    private static func counted(_ count: Int) -> ByteWriter {
        var writer = ByteWriter()
        writer.bytes.reserveCapacity(Self.piece + 64)
        writer.appendLittleEndian(UInt32(count))
        writer.appendLittleEndian(UInt32(0))
        return writer
    }

    /// How much of a streamed per-row section waits before it is written (as for every section).
    static let piece = SectionStream.piece

    /// Writes what the streamed per-row sections hold once a piece's worth waits (`all`: what
    /// is left, at the end), and gives back the old file's per-row pages below `oldRow`: the rows
    /// are copied in the old file's order, so those pages are not read again. Every 16,384 rows
    /// (about 1 MB of per-row sections): every 65,536, a fold of 1M held 6 MB more of them.
    mutating func flushPieces(all: Bool = false, oldRow: Int? = nil) throws(FSFindError) {
        if let namesPieces, let flagsPieces, let identitiesPieces {
            if all || identities.bytes.count >= Self.piece {
                try identitiesPieces.write(identities.bytes)
                identities.bytes.removeAll(keepingCapacity: true)
                try namesPieces.write(names.bytes)
                names.bytes.removeAll(keepingCapacity: true)
                try flagsPieces.write(flags.bytes)
                flags.bytes.removeAll(keepingCapacity: true)
            }
        }
        if let old, let oldRow, oldRow - releasedBelow >= 1 << 14 {
            old.releaseRowPages(releasedBelow..<oldRow)
            // The names' strings are read about in row order too; any still needed come back.
            old.releasePages(ofSections: [old.fixed.strings])
            releasedBelow = oldRow
        }
    }

    /// A per-row section's 8-byte prefix, with room for `count` records of `recordSize` bytes after it.
    static func header(count: Int, recordSize: Int) -> ByteWriter {
        var writer = ByteWriter()
        writer.bytes.reserveCapacity(8 + count * recordSize + 8)
        writer.appendLittleEndian(UInt32(count))
        writer.appendLittleEndian(UInt32(0))
        return writer
    }
}
