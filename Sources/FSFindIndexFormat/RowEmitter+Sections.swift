import FSFindModel

/// The sections made once every row is emitted: the per-row sections, the type table and the columns.
extension RowEmitter {
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
        // A few rows copied of many: their cells are looked up, not found by a walk of each column.
        let fewCopied =
            copiedCount * 16 < oldToNew.count ? oldToNew.indices.filter { copiedRow($0) != IndexFormat.absent32 } : nil
        // One column per attribute that any item has: dense, sparse or runs, whichever is smallest.
        for attribute in Attribute.allCases.sorted(by: { $0.indexCode < $1.indexCode })
        where !IndexFormat.typeAttributes.contains(attribute) {
            let staged = stagedCells(of: attribute, builder: &builder)
            let merged = try mergedCells(
                of: attribute, staged: staged, override: oldLastUsed, fewCopied: fewCopied, builder: &builder)
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
        let (encoding, numbering, count, length) = Self.encodingPlan(of: merged, rowCount: rowCount, width: width)
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
            try Self.appendNumbers(of: merged, in: numbering, rowCount: rowCount, to: &stream)
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

    /// The encoding a column is written in (the smallest; a dictionary only for 8-byte cells
    /// repeated across rows), its dictionary when that is the one, and the section's count and
    /// length.
    private static func encodingPlan(of merged: MergedColumn, rowCount: Int, width: Int) -> (
        encoding: ColumnEncoding, numbering: Numbering<UInt64>?, count: Int, length: Int
    ) {
        let rows = merged.rows
        let cells = merged.cells
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
        return (encoding, numbering, count, length)
    }

    /// A dictionary column's numbers, one per row in row order: each row's cell's number in
    /// `numbering`, the largest number the width holds for a row without one.
    private static func appendNumbers(
        of merged: MergedColumn, in numbering: Numbering<UInt64>, rowCount: Int, to stream: inout SectionStream
    ) throws(FSFindError) {
        let rows = merged.rows
        let cells = merged.cells
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
    }
}
