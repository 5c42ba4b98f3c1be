import FSFindModel

/// Rows staged by this refresh: their parents, names and column cells.
extension RowEmitter {
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
        typeColumn.append(items.typeID(index))
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
    func stagedCells(of attribute: Attribute, builder: inout IndexBuilder) -> (rows: [UInt32], cells: [UInt64]) {
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
}
