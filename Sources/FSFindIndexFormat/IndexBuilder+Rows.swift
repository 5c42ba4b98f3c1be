import FSFindModel
import Foundation

extension IndexBuilder {
    /// Encodes `rows` (in path-byte order, one per path) and `roots` as a complete file in memory.
    ///
    /// `oldLastUsed[r]`, when not ``IndexFormat/absent64``, replaces the `lastUsedDate` of a row
    /// copied from old row `r`: the access time is the one thing an unchanged file's crawl updates.
    ///
    /// With an `overlay` the file is a delta (``IndexOverlay``): its rows are read over a base.
    ///
    /// `textGeneration` names the text store whose document numbers the rows carry
    /// (``TextDocuments``); nil keeps the previous file's.
    package mutating func encode(
        rows: some RandomAccessCollection<RowSource>, oldLastUsed: [UInt64] = [], roots: [IndexRoot], createdAt: Date,
        overlay: IndexOverlay? = nil, textGeneration: UInt64? = nil
    ) throws(FSFindError) -> IndexImage {
        let sections = SectionList()
        try encode(
            rows: rows, oldLastUsed: oldLastUsed, roots: roots, overlay: overlay, textGeneration: textGeneration,
            into: sections)
        return try IndexImage(sections: sections.sections, itemCount: rows.count, createdAt: createdAt)
    }

    /// ``encode(rows:oldLastUsed:roots:createdAt:overlay:textGeneration:)`` written section by
    /// section into a temporary file beside `path`, each section let go once written, so the
    /// file is never whole in memory. The returned writer has flushed the file; its
    /// ``IndexFileWriter/commit()`` renames it over `path` (dropped without that, the file goes).
    package mutating func write(
        rows: some RandomAccessCollection<RowSource>, oldLastUsed: [UInt64] = [], roots: [IndexRoot], createdAt: Date,
        overlay: IndexOverlay? = nil, textGeneration: UInt64? = nil, replacing path: String
    ) throws(FSFindError) -> IndexFileWriter {
        let writer = try IndexFileWriter(replacing: path)
        try encode(
            rows: rows, oldLastUsed: oldLastUsed, roots: roots, overlay: overlay, textGeneration: textGeneration,
            into: writer)
        try writer.finish(itemCount: rows.count, createdAt: createdAt)
        return writer
    }

    /// Hands the file's sections to `sink` as they are made: the per-row sections, the type
    /// table, problems and columns, then the text documents, the roots and the overlay, and last
    /// the lists and strings, which every section before may add to.
    private mutating func encode(
        rows: some RandomAccessCollection<RowSource>, oldLastUsed: [UInt64], roots: [IndexRoot], overlay: IndexOverlay?,
        textGeneration: UInt64?, into sink: some SectionSink
    ) throws(FSFindError) {
        let add = { (section: EncodedSection) throws(FSFindError) in try sink.add(section) }
        // The staged cells are handed to the first encoding (``StagedItems/takeColumn(_:)``).
        guard !staged.columnsTaken else { throw FSFindError.broken("a builder's items were encoded twice") }
        // Row numbers stay below 2³¹: the builder tags a replaced row's number with the top bit.
        guard rows.count < Int(RowEmitter.replacedTag) else {
            throw FSFindError(
                .io, "cannot write an index of \(rows.count) items; at most \(RowEmitter.replacedTag - 1) fit")
        }
        var emitter = try RowEmitter(old: old, rows: rows, staged: staged, sink: sink)
        for (position, source) in rows.enumerated() {
            if source.staged >= 0 {
                try emitter.emitStaged(Int(source.staged), replacing: Int(source.old), row: position, builder: &self)
            } else {
                try emitter.emitOld(Int(source.old), row: position, builder: &self)
            }
        }
        unreadableWritten = emitter.problems.reduce(0) {
            $0 + ($1.kind == UInt32(ItemProblem.Kind.unreadable.rawValue) ? 1 : 0)
        }
        unparsableWritten = emitter.problems.reduce(0) {
            $0 + ($1.kind == UInt32(ItemProblem.Kind.unparsable.rawValue) ? 1 : 0)
        }
        try emitter.finish(oldLastUsed: oldLastUsed, builder: &self, into: sink)
        if !emitter.documentRows.isEmpty {
            let generation = textGeneration ?? emitter.oldDocuments?.generation ?? 0
            try TextDocuments.write(
                generation: generation, rows: emitter.documentRows, documents: emitter.documentNumbers, into: sink)
        }
        // Nothing below reads the rows: what the emitter holds goes before the strings are copied.
        emitter.release()
        try add(try encodeRoots(roots))
        if let overlay { try add(EncodedSection(kind: .overlay, bytes: overlay.encoded())) }
        try add(EncodedSection(kind: .lists, bytes: encodedLists()))
        // The largest table last, streamed when the sink can take it in pieces (not copied whole).
        try writeStrings(to: sink)
        try writeWords(to: sink)
    }

    private mutating func encodeRoots(_ roots: [IndexRoot]) throws(FSFindError) -> EncodedSection {
        // A root the previous file had keeps its strings' ids, carried like the rows' strings:
        // looking its path up as a new string would hash the whole table.
        let known = (try? old?.rootStringIDs()) ?? []
        let oldRoots = (try? old?.roots()) ?? []
        var writer = ByteWriter()
        writer.appendLittleEndian(UInt32(roots.count))
        for root in roots {
            let match = zip(oldRoots, known).first {
                $0.0.path == root.path && $0.0.options.excludes == root.options.excludes
            }?.1
            if let match {
                writer.appendLittleEndian(try carriedString(match.path))
            } else {
                writer.appendLittleEndian(try newString(root.path))
            }
            writer.appendLittleEndian(UInt32(root.options.includeHidden ? 1 : 0))
            writer.appendLittleEndian(IndexFormat.bits(of: root.lastRefresh.timeIntervalSinceReferenceDate))
            writer.appendLittleEndian(UInt32(root.options.excludes.count))
            for (position, exclude) in root.options.excludes.enumerated() {
                if let match {
                    writer.appendLittleEndian(try carriedString(match.excludes[position]))
                } else {
                    writer.appendLittleEndian(try newString(exclude))
                }
            }
        }
        return EncodedSection(kind: .roots, bytes: writer.bytes)
    }

    private func encodedLists() -> [UInt8] {
        var writer = ByteWriter()
        writer.appendLittleEndian(UInt32(lists.values.count))
        var offset: UInt32 = 0
        writer.appendLittleEndian(offset)
        for list in lists.values {
            offset += UInt32(list.count)
            writer.appendLittleEndian(offset)
        }
        for list in lists.values { for id in list { writer.appendLittleEndian(id) } }
        return writer.bytes
    }
}

/// One section's bytes and directory fields, before placement in the file.
struct EncodedSection {
    var kind: SectionKind
    var param: UInt32 = 0
    var format: UInt32 = 0
    var bytes: [UInt8]
}

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

    private static func header(count: Int, recordSize: Int) -> ByteWriter {
        var writer = ByteWriter()
        writer.bytes.reserveCapacity(8 + count * recordSize + 8)
        writer.appendLittleEndian(UInt32(count))
        writer.appendLittleEndian(UInt32(0))
        return writer
    }

    // MARK: Copied rows

    mutating func emitOld(_ oldRow: Int, row: Int, builder: inout IndexBuilder) throws(FSFindError) {
        guard let old, let rows = oldRows else {
            throw FSFindError(.io, "internal error: no previous index to copy from")
        }
        let newRow = UInt32(row)
        oldToNew[oldRow] = newRow
        // Row `oldRow` is inside every per-row section, checked by `CheckedSections`; the problem
        // cursor stays below the count checked in `init`.
        let oldParent = rows.parent(oldRow)
        let nameID = rows.nameID(oldRow)
        if oldParent == IndexFormat.absent32 {
            names.appendLittleEndian(oldParent)
            names.appendLittleEndian(try builder.carriedString(nameID))
        } else if Int(oldParent) < oldRow, writtenRow(Int(oldParent)) != IndexFormat.absent32 {
            names.appendLittleEndian(writtenRow(Int(oldParent)))
            names.appendLittleEndian(try builder.carriedString(nameID))
        } else {
            // The parent is not in the new file: the name becomes the whole path.
            names.appendLittleEndian(IndexFormat.absent32)
            names.appendLittleEndian(try builder.newString(old.path(at: oldRow)))
        }
        flags.append(rows.flags.byte(oldRow))
        try identityLayout.append(rows.identity(oldRow), table: identityTable, to: &identities)
        typeColumn.append(try builder.carriedType(rows.typeID(oldRow)))
        while let oldProblems, problemCursor < oldProblems.count {
            let problemRow = oldProblems.row(problemCursor)
            if problemRow > oldRow { break }
            if problemRow == oldRow {
                let reason = try builder.carriedString(oldProblems.reason(problemCursor))
                problems.append((newRow, oldProblems.kind(problemCursor), reason))
            }
            problemCursor += 1
        }
        // Copied rows come in the old file's order: its entries are met by a forward cursor.
        while let oldDocuments, documentCursor < oldDocuments.count {
            let entry = oldDocuments.entry(documentCursor)
            if entry.row > oldRow { break }
            if entry.row == oldRow {
                documentRows.append(newRow)
                documentNumbers.append(entry.document)
            }
            documentCursor += 1
        }
        try flushPieces(oldRow: oldRow)
    }

    /// One column's cells in the new file, as (new row, cell) in row order: the cells of the rows
    /// copied from `column` of the previous file (string and list ids carried into the new
    /// tables) merged with `staged`, the staged rows' cells. For `lastUsedDate`, a copied row's
    /// entry in `override` (when not ``IndexFormat/absent64``) replaces its old cell, also when
    /// the previous file has no such column. Also counts the runs of equal cells over all rows
    /// (absent rows included), which the run encoding needs, without keeping them.
    ///
    /// Made in one walk into one pair of arrays: the copied cells are not collected apart and then
    /// merged (a column of a million rows was 12 MB twice, on top of its encoded bytes).
    private func mergedCells(
        of attribute: Attribute, staged: (rows: [UInt32], cells: [UInt64]), override: [UInt64],
        builder: inout IndexBuilder
    ) throws(FSFindError) -> MergedColumn {
        let column = oldColumns.first(where: { $0.attribute == attribute })
        let absent = attribute.indexCellWidth == 4 ? UInt64(IndexFormat.absent32) : IndexFormat.absent64
        var merged = MergedColumn(absent: absent)
        var nextStaged = 0
        func add(_ row: UInt32, _ cell: UInt64) {
            while nextStaged < staged.rows.count, staged.rows[nextStaged] < row {
                merged.append(staged.rows[nextStaged], staged.cells[nextStaged])
                nextStaged += 1
            }
            merged.append(row, cell)
        }
        let overrides = attribute == .lastUsedDate && !override.isEmpty
        guard column != nil || overrides else {
            var whole = MergedColumn(absent: absent, rows: staged.rows, cells: staged.cells)
            whole.finish(rowCount: rowCount)
            return whole
        }
        var nextOverride = 0
        func addOverrides(before oldRow: Int) {
            // Copied rows with a new access time but no old cell, up to `oldRow`.
            guard overrides else { return }
            while nextOverride < oldRow {
                if override[nextOverride] != IndexFormat.absent64, copiedRow(nextOverride) != IndexFormat.absent32 {
                    add(copiedRow(nextOverride), override[nextOverride])
                }
                nextOverride += 1
            }
        }
        if let column {
            let bytes = column.bytes
            let kind = column.attribute.type
            let cells = UnsafeRawBufferPointer(
                rebasing: bytes[(column.encoding == .sparse || column.encoding == .runs ? 8 + 4 * column.count : 8)...]
            )
            // The column's size was checked against its count in `init`, so these reads stay inside
            // it. Dense and run columns are walked row by row, sparse ones entry by entry.
            let byRow = column.encoding != .sparse
            let entries = byRow ? oldToNew.count : column.count
            var run = -1
            func runStart(_ index: Int) -> Int {
                index < column.count
                    ? Int(bytes.loadUnaligned(fromByteOffset: 8 + 4 * index, as: UInt32.self).littleEndian) : Int.max
            }
            merged.reserve(min(entries, rowCount) + staged.rows.count)
            for entry in 0..<entries {
                let oldRow =
                    byRow
                    ? entry : Int(bytes.loadUnaligned(fromByteOffset: 8 + 4 * entry, as: UInt32.self).littleEndian)
                if column.encoding == .runs { while runStart(run + 1) <= oldRow { run += 1 } }
                guard oldRow < oldToNew.count, oldRow >= nextOverride else { continue }
                addOverrides(before: oldRow)
                if overrides { nextOverride = oldRow + 1 }
                let newRow = copiedRow(oldRow)
                guard newRow != IndexFormat.absent32 else { continue }
                if overrides, override[oldRow] != IndexFormat.absent64 {
                    add(newRow, override[oldRow])
                    continue
                }
                // In the attribute's own form (a packed integer as its number's bits); nil when absent.
                let cell: UInt64?
                switch column.encoding {
                case .dense: cell = column.layout.load(cells, at: oldRow)
                case .sparse: cell = column.layout.load(cells, at: entry)
                case .runs: cell = run >= 0 ? column.layout.load(cells, at: run) : nil
                case .bitmap: cell = column.bitmap?.cell(oldRow)
                case .dictionary: cell = column.dictionary?.cell(oldRow)
                }
                guard let raw = cell else { continue }
                switch kind {
                case .text: add(newRow, UInt64(try builder.carriedString(UInt32(truncatingIfNeeded: raw))))
                case .textList: add(newRow, UInt64(try builder.carriedList(UInt32(truncatingIfNeeded: raw))))
                case .number, .date: add(newRow, raw)
                }
            }
        }
        addOverrides(before: oldToNew.count)
        while nextStaged < staged.rows.count {
            merged.append(staged.rows[nextStaged], staged.cells[nextStaged])
            nextStaged += 1
        }
        merged.finish(rowCount: rowCount)
        return merged
    }

    // MARK: Staged rows

    mutating func emitStaged(_ index: Int, replacing oldRow: Int, row: Int, builder: inout IndexBuilder)
        throws(FSFindError)
    {
        let newRow = UInt32(row)
        if oldRow >= 0, oldRow < oldToNew.count { oldToNew[oldRow] = newRow | Self.replacedTag }
        newRowOfStaged[index] = newRow
        let (parent, name) = try parentAndName(ofStaged: index, row: newRow, builder: &builder)
        names.appendLittleEndian(parent)
        names.appendLittleEndian(name)
        stagedWritten.append(Int32(index))

        let items = builder.staged
        flags.append(items.flags[index])
        try identityLayout.append(items.identity(index), table: identityTable, to: &identities)
        typeColumn.append(items.typeIDs[index])
        // Its column cells are written with each column (``stagedCells(of:builder:)``).
        if let problem = items.problems[index] {
            problems.append((newRow, UInt32(problem.kind.rawValue), problem.reason))
        }
        if let document = items.textDocument(of: index) {
            documentRows.append(newRow)
            documentNumbers.append(document)
        }
        try flushPieces()
    }

    /// (parent row, name string id) for staged item `index`: the parent is the row of its
    /// folder when that is in the new file (and the path is that folder's path + `/` + name);
    /// otherwise there is no parent and the name is the whole path.
    private mutating func parentAndName(ofStaged index: Int, row: UInt32, builder: inout IndexBuilder)
        throws(FSFindError) -> (UInt32, UInt32)
    {
        let items = builder.staged
        // The reader rebuilds the path by `join`: a path without a `/`, one ending in `/`, or
        // `/a//b` (staged in folder `/a/`) would not come back from a parent and a name.
        let folder: [UInt8]?? = builder.withStagedFolderAndName(index) { folder, name in
            guard let folder, !name.isEmpty, folder.last != UInt8(ascii: "/") else { return nil }
            // The items of one folder come one after the other: its row is looked up once.
            if items.folderID(index) == lastFolderID, lastFolderRow != IndexFormat.absent32 { return .some(nil) }
            return folder.isEmpty ? [UInt8(ascii: "/")] : Array(folder)
        }
        guard let folder else { return (IndexFormat.absent32, try builder.newString(builder.stagedPath(index))) }
        var parent = lastFolderRow
        if let folder {
            parent = folderRow(folder, builder: builder)
            lastFolderID = parent == IndexFormat.absent32 ? StagedItems.noFolder : items.folderID(index)
            lastFolderRow = parent
        }
        guard parent != IndexFormat.absent32, parent < row else {
            return (IndexFormat.absent32, try builder.newString(builder.stagedPath(index)))
        }
        return (parent, items.nameID(index))
    }

    /// The new row of the item at `folder`, among rows written so far; ``IndexFormat/absent32``.
    private func folderRow(_ folder: [UInt8], builder: IndexBuilder) -> UInt32 {
        var found = IndexFormat.absent32
        // Staged items written so far are in path order: binary search them.
        folder.withUnsafeBytes { target in
            var low = 0
            var high = stagedWritten.count
            while low < high {
                let mid = low + (high - low) / 2
                let order = builder.compareStagedPath(Int(stagedWritten[mid]), to: target)
                if order == 0 {
                    found = newRowOfStaged[Int(stagedWritten[mid])]
                    return
                }
                if order < 0 { low = mid + 1 } else { high = mid }
            }
        }
        if found == IndexFormat.absent32, let old, let oldRow = old.rowIndex(ofPath: folder), oldRow < oldToNew.count {
            found = writtenRow(oldRow)
        }
        return found
    }

    /// The staged rows' cells of one column, in row order: taken from the staged items (which
    /// then no longer hold them) one column at a time, so the cells are never held twice.
    private func stagedCells(of attribute: Attribute, builder: inout IndexBuilder) -> (rows: [UInt32], cells: [UInt64])
    {
        let column = builder.takeStagedColumn(Int(attribute.indexCode))
        var rows: [UInt32] = []
        var cells: [UInt64] = []
        rows.reserveCapacity(column.count)
        cells.reserveCapacity(column.count)
        var ordered = true
        column.forEachCell { item, cell in
            // An item staged twice (overlapping roots) is written once: the other has no row.
            let row = newRowOfStaged[Int(item)]
            guard row != IndexFormat.absent32 else { return }
            if let last = rows.last, last > row { ordered = false }
            rows.append(row)
            cells.append(cell)
        }
        guard !ordered else { return (rows, cells) }
        // Staged in crawl order, written in path order: sorted by row, cells following.
        var keys = rows.indices.map { UInt64(rows[$0]) << 32 | UInt64($0) }
        keys.sort()
        let unsorted = cells
        for (position, key) in keys.enumerated() {
            rows[position] = UInt32(key >> 32)
            cells[position] = unsorted[Int(key & 0xFFFF_FFFF)]
        }
        return (rows, cells)
    }

    // MARK: Sections

    /// The per-row sections, the type table and the columns.
    mutating func finish(oldLastUsed: [UInt64], builder: inout IndexBuilder, into sink: some SectionSink)
        throws(FSFindError)
    {
        let add = { (section: EncodedSection) throws(FSFindError) in try sink.add(section) }
        let types = builder.types.values
        // The old file's per-row sections have been read: their pages can go (the strings and
        // lists are still read by the columns' carried ids, so they stay).
        if let old {
            old.releasePages(
                ofSections: [
                    old.fixed.names, old.fixed.derivedFlags, old.fixed.identities, old.fixed.typeColumn,
                    old.fixed.problems,
                ] + (old.fixed.textDocuments.map { [$0] } ?? []))
        }
        // Each section is let go as soon as it is handed over; streamed ones are finished.
        if let namesPieces, let flagsPieces, let identitiesPieces {
            try flushPieces(all: true)
            try namesPieces.finish()
            try flagsPieces.finish()
            try identitiesPieces.finish()
        } else {
            try add(EncodedSection(kind: .names, bytes: names.bytes))
            try add(EncodedSection(kind: .derivedFlags, bytes: flags.bytes))
            try add(EncodedSection(kind: .identities, format: identityLayout.bits, bytes: identities.bytes))
        }
        names = ByteWriter()
        flags = ByteWriter()
        identities = ByteWriter()
        if let entries = identityTable?.values {
            var table = Self.header(count: entries.count, recordSize: identityLayout.entrySize)
            for identity in entries { identityLayout.appendEntry(identity, to: &table) }
            identityTable = nil
            try add(EncodedSection(kind: .identityTable, bytes: table.bytes))
        }
        var table = Self.header(count: types.count, recordSize: 16)
        for entry in types { for id in entry { table.appendLittleEndian(id) } }
        try add(EncodedSection(kind: .typeTable, bytes: table.bytes))
        // Type ids take 1 byte while there are at most 256 combinations (there are dozens: 35 on
        // the benchmark tree, 100 in /usr), 2 up to 65,536.
        let typeWidth: UInt32 = types.count <= 0x100 ? 1 : types.count <= 0x1_0000 ? 2 : 4
        var typeBytes = Self.header(count: rowCount, recordSize: Int(typeWidth))
        for id in typeColumn {
            switch typeWidth {
            case 1: typeBytes.append(UInt8(id))
            case 2: typeBytes.appendLittleEndian(UInt16(id))
            default: typeBytes.appendLittleEndian(id)
            }
        }
        typeColumn = []
        try add(EncodedSection(kind: .typeColumn, format: typeWidth, bytes: typeBytes.bytes))
        var problemBytes = Self.header(count: problems.count, recordSize: 12)
        for problem in problems {
            problemBytes.appendLittleEndian(problem.row)
            problemBytes.appendLittleEndian(problem.kind)
            problemBytes.appendLittleEndian(problem.reason)
        }
        try add(EncodedSection(kind: .problems, bytes: problemBytes.bytes))
        // One column per attribute that any item has: dense, sparse or runs, whichever is smallest.
        for attribute in Attribute.allCases.sorted(by: { $0.indexCode < $1.indexCode })
        where !IndexFormat.typeAttributes.contains(attribute) {
            let staged = stagedCells(of: attribute, builder: &builder)
            let merged = try mergedCells(of: attribute, staged: staged, override: oldLastUsed, builder: &builder)
            if let old, let section = old.columns[attribute] {
                old.releasePages(ofSections: [section, old.fixed.strings, old.fixed.lists])
            }
            guard !merged.rows.isEmpty else { continue }
            try Self.writeColumn(attribute, merged, rowCount: rowCount, into: sink)
        }
    }

    /// Writes one column in the smallest of the four encodings, a megabyte at a time when the
    /// sink streams (a dense date column of a million rows is 8 MB); a number column whose values
    /// are all small whole numbers as integers of 1, 2 or 4 bytes (``CellLayout``).
    static func writeColumn(
        _ attribute: Attribute, _ merged: MergedColumn, rowCount: Int, into sink: some SectionSink
    )
        throws(FSFindError)
    {
        let rows = merged.rows
        let cells = merged.cells
        let layout =
            CellLayout.packed(for: attribute, cells: cells, absent: merged.absent) ?? CellLayout(unpacked: attribute)
        let width = layout.width
        func append(_ stream: inout SectionStream, _ cell: UInt64) throws(FSFindError) {
            layout.append(cell, ownAbsent: merged.absent, to: &stream.writer)
            try stream.flushIfFull()
        }
        let denseSize = rowCount * width
        let sparseSize = rows.count * (4 + width)
        let runsSize = merged.runCount * (4 + width)
        let bitmapSize = BitmapColumn.cellsOffset(rows: rowCount) - 8 + rows.count * width
        var encoding: ColumnEncoding =
            runsSize < denseSize && runsSize < sparseSize ? .runs : sparseSize < denseSize ? .sparse : .dense
        if bitmapSize < min(denseSize, sparseSize, runsSize) { encoding = .bitmap }
        // Dictionary: only for 8-byte cells (a date's or a number's bits) repeated across rows.
        var numbering: Numbering<UInt64>?
        if width == 8, rows.count >= Numbering<UInt64>.minimumRows {
            numbering = Numbering(limit: rowCount / 2)
            for cell in cells where cell != merged.absent {
                if numbering?.add(cell) == false {
                    numbering = nil
                    break
                }
            }
        }
        if let numbering,
            DictionaryColumn.size(rows: rowCount, count: numbering.count, width: width)
                < min(denseSize, sparseSize, runsSize, bitmapSize)
        {
            encoding = .dictionary
        }
        let count: Int
        let length: Int
        switch encoding {
        case .dense: (count, length) = (rowCount, 8 + denseSize)
        case .sparse: (count, length) = (rows.count, 8 + sparseSize)
        case .runs: (count, length) = (merged.runCount, 8 + runsSize)
        case .bitmap: (count, length) = (rows.count, 8 + bitmapSize)
        case .dictionary:
            let distinct = numbering?.count ?? 0
            (count, length) = (distinct, 8 + DictionaryColumn.size(rows: rowCount, count: distinct, width: width))
        }
        var stream = try SectionStream(
            .column, param: attribute.indexCode, format: encoding.rawValue | layout.packedWidth << 8,
            length: length, sink: sink)
        stream.writer.appendLittleEndian(UInt32(count))
        stream.writer.appendLittleEndian(UInt32(0))
        switch encoding {
        case .runs:
            // The starts, then the cells: the runs are found again in each walk, not kept.
            var starts = true
            while true {
                try merged.forEachRun { (start, cell) throws(FSFindError) in
                    if starts {
                        stream.writer.appendLittleEndian(start)
                        try stream.flushIfFull()
                    } else {
                        try append(&stream, cell)
                    }
                }
                if !starts { break }
                starts = false
            }
        case .sparse:
            for row in rows {
                stream.writer.appendLittleEndian(row)
                try stream.flushIfFull()
            }
            for cell in cells { try append(&stream, cell) }
        case .bitmap:
            BitmapColumn.encode(rows: rows, rowCount: rowCount, into: &stream.writer)
            try stream.flushIfFull()
            for cell in cells { try append(&stream, cell) }
        case .dictionary:
            guard let numbering else { throw FSFindError(.io, "internal error: a dictionary column without its cells") }
            for cell in numbering.values { try append(&stream, cell) }
            let numberWidth = DictionaryColumn.numberWidth(count: numbering.count)
            let absentNumber: UInt32 = numberWidth == 4 ? .max : (1 << UInt32(8 * numberWidth)) - 1
            var next = 0
            for row in 0..<rowCount {
                var number = absentNumber
                if next < rows.count, Int(rows[next]) == row {
                    if cells[next] != merged.absent {
                        guard let found = numbering.number(of: cells[next]) else {
                            throw FSFindError(.io, "internal error: a cell missing from its column's dictionary")
                        }
                        number = found
                    }
                    next += 1
                }
                switch numberWidth {
                case 1: stream.writer.append(UInt8(truncatingIfNeeded: number))
                case 2: stream.writer.appendLittleEndian(UInt16(truncatingIfNeeded: number))
                default: stream.writer.appendLittleEndian(number)
                }
                try stream.flushIfFull()
            }
        case .dense:
            var next = 0
            for row in 0..<rowCount {
                if next < rows.count, Int(rows[next]) == row {
                    try append(&stream, cells[next])
                    next += 1
                } else {
                    try append(&stream, merged.absent)
                }
            }
        }
        try stream.finish(into: sink)
    }
}

/// One column's cells for the new file, in row order, with the number of runs of equal cells
/// they make over all rows (absent rows included): what choosing the encoding needs.
struct MergedColumn {
    /// The column's absent cell.
    let absent: UInt64
    private(set) var rows: [UInt32] = []
    private(set) var cells: [UInt64] = []
    private(set) var runCount = 0
    private var lastRow = -1
    private var lastCell: UInt64?

    init(absent: UInt64) { self.absent = absent }

    /// The column of exactly these cells (rows ascending), taken over without a copy: a first
    /// index stages every row, and copying each column's staged cells cost 12 MB per column.
    init(absent: UInt64, rows: [UInt32], cells: [UInt64]) {
        self.absent = absent
        for (row, cell) in zip(rows, cells) { countRun(row, cell) }
        self.rows = rows
        self.cells = cells
    }

    mutating func reserve(_ count: Int) {
        rows.reserveCapacity(count)
        cells.reserveCapacity(count)
    }

    /// Adds the cell of `row`, which comes after every row added before.
    mutating func append(_ row: UInt32, _ cell: UInt64) {
        countRun(row, cell)
        rows.append(row)
        cells.append(cell)
    }

    /// Counts the runs that the cell of `row` (after every row counted before) starts.
    private mutating func countRun(_ row: UInt32, _ cell: UInt64) {
        if Int(row) > lastRow + 1, lastCell != absent {
            runCount += 1  // absent rows in between
            lastCell = absent
        }
        if cell != lastCell {
            runCount += 1
            lastCell = cell
        }
        lastRow = Int(row)
    }

    /// After the last cell: counts the run of absent rows at the end, if any.
    mutating func finish(rowCount: Int) {
        if lastRow < rowCount - 1, lastCell != absent { runCount += 1 }
        lastRow = rowCount - 1
        lastCell = absent
    }

    /// Calls `body` with each run's first row and cell, in row order (``runCount`` calls).
    func forEachRun(_ body: (UInt32, UInt64) throws(FSFindError) -> Void) throws(FSFindError) {
        var previous: UInt64?
        var last = -1
        for (index, row) in rows.enumerated() {
            if Int(row) > last + 1, previous != absent {
                try body(UInt32(last + 1), absent)
                previous = absent
            }
            if cells[index] != previous {
                try body(row, cells[index])
                previous = cells[index]
            }
            last = Int(row)
        }
        if last < lastRow, previous != absent { try body(UInt32(last + 1), absent) }
    }
}
