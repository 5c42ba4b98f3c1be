import FSFindModel

/// Rows copied from the previous file: their per-row records, problems and column cells.
extension RowEmitter {
    mutating func emitOld(_ oldRow: Int, row: Int, builder: inout IndexBuilder) throws(FSFindError) {
        guard let old, let rows = oldRows else {
            throw FSFindError(.io, "internal error: no previous index to copy from")
        }
        let newRow = UInt32(row)
        oldToNew[oldRow] = newRow
        copiedCount += 1
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
    ///
    /// `fewCopied`, when given, lists the copied old rows (ascending) because they are few: their
    /// cells are then looked up one by one, not found by walking the whole old column (a batch's
    /// in-memory file copies a row or two of a delta of thousands).
    func mergedCells(
        of attribute: Attribute, staged: (rows: [UInt32], cells: [UInt64]), override: [UInt64],
        fewCopied: [Int]?, builder: inout IndexBuilder
    ) throws(FSFindError) -> MergedColumn {
        let column = oldColumns.first(where: { $0.attribute == attribute })
        let absent = attribute.indexCellWidth == 4 ? UInt64(IndexFormat.absent32) : IndexFormat.absent64
        var out = MergedColumn.Interleaving(absent: absent, staged: staged)
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
                    out.add(copiedRow(nextOverride), override[nextOverride])
                }
                nextOverride += 1
            }
        }
        if let column, !overrides, try addCellsQuickly(of: column, fewCopied: fewCopied, builder: &builder, to: &out) {
            // Done without a walk of every old row.
        } else if let column {
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
            out.merged.reserve(min(entries, rowCount) + staged.rows.count)
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
                    out.add(newRow, override[oldRow])
                    continue
                }
                guard let raw = Self.oldCell(of: column, cells, row: oldRow, entry: entry, run: run) else { continue }
                out.add(newRow, try Self.carried(raw, kind: kind, into: &builder))
            }
        }
        addOverrides(before: oldToNew.count)
        return out.finish(rowCount: rowCount)
    }

    /// Adds the cells of the copied rows of `column` into `out` without a walk of every old
    /// row, when there is such a way: few rows copied (each looked up), or a bitmap column (its
    /// set bits walked). False, having added nothing, when there is none.
    private func addCellsQuickly(
        of column: OldColumn, fewCopied: [Int]?, builder: inout IndexBuilder, to out: inout MergedColumn.Interleaving
    ) throws(FSFindError) -> Bool {
        let kind = column.attribute.type
        if let fewCopied {
            for oldRow in fewCopied {
                guard let raw = Self.oldCell(of: column, row: oldRow) else { continue }
                out.add(copiedRow(oldRow), try Self.carried(raw, kind: kind, into: &builder))
            }
            return true
        }
        guard let bitmap = column.bitmap else { return false }
        try bitmap.forEachCell { (oldRow, raw) throws(FSFindError) in
            guard oldRow < oldToNew.count, let raw else { return }
            let newRow = copiedRow(oldRow)
            guard newRow != IndexFormat.absent32 else { return }
            out.add(newRow, try Self.carried(raw, kind: kind, into: &builder))
        }
        return true
    }

    /// One old row's cell in the attribute's own form (a packed integer as its number's bits); nil
    /// when absent. `entry` is the sparse column's entry, `run` the run the row falls in.
    @inline(__always)
    private static func oldCell(
        of column: OldColumn, _ cells: UnsafeRawBufferPointer, row: Int, entry: Int, run: Int
    ) -> UInt64? {
        switch column.encoding {
        case .dense: column.layout.load(cells, at: row)
        case .sparse: column.layout.load(cells, at: entry)
        case .runs: run >= 0 ? column.layout.load(cells, at: run) : nil
        case .bitmap: column.bitmap?.cell(row)
        case .dictionary: column.dictionary?.cell(row)
        }
    }

    /// Old row `row`'s cell found on its own (a binary search in a sparse or run column); nil
    /// when absent. The column's size was checked against its count in `init`.
    private static func oldCell(of column: OldColumn, row: Int) -> UInt64? {
        let bytes = column.bytes
        let indexed = column.encoding == .sparse || column.encoding == .runs
        let cells = UnsafeRawBufferPointer(rebasing: bytes[(indexed ? 8 + 4 * column.count : 8)...])
        func entryRow(_ index: Int) -> Int {
            Int(bytes.loadUnaligned(fromByteOffset: 8 + 4 * index, as: UInt32.self).littleEndian)
        }
        /// The number of entries whose row is at most `row`.
        func entriesThrough() -> Int {
            var (low, high) = (0, column.count)
            while low < high {
                let middle = (low + high) / 2
                if entryRow(middle) <= row { low = middle + 1 } else { high = middle }
            }
            return low
        }
        switch column.encoding {
        case .dense: return column.layout.load(cells, at: row)
        case .sparse:
            let entry = entriesThrough() - 1
            return entry >= 0 && entryRow(entry) == row ? column.layout.load(cells, at: entry) : nil
        case .runs:
            let run = entriesThrough() - 1
            return run >= 0 ? column.layout.load(cells, at: run) : nil
        case .bitmap: return column.bitmap?.cell(row)
        case .dictionary: return column.dictionary?.cell(row)
        }
    }

    /// A copied cell as the new file writes it: string and list ids carried into the new tables.
    @inline(__always)
    private static func carried(
        _ raw: UInt64, kind: AttributeType, into builder: inout IndexBuilder
    ) throws(FSFindError) -> UInt64 {
        switch kind {
        case .text: UInt64(try builder.carriedString(UInt32(truncatingIfNeeded: raw)))
        case .textList: UInt64(try builder.carriedList(UInt32(truncatingIfNeeded: raw)))
        case .number, .date: raw
        }
    }
}
