import FSFindModel
import Foundation

extension IndexFile {
    /// Whether this file is in the format this build writes (a refresh may copy it as it is).
    var isCurrentFormat: Bool { formatVersion == Int(IndexFormat.version) }

    /// This file again, section for section, with only its roots' refresh times and its creation
    /// time new: what a refresh that found nothing changed writes. Re-encoding every row held one
    /// thread alone after the crawl, a good part of such a refresh (`benchmarks/RESULTS.md`, "A
    /// refresh that finds nothing changed copies the file"); the copy is a write of its bytes.
    ///
    /// `refreshed` holds a time per root, in the file's order; `lastUsed`, when given, a
    /// `lastUsedDate` cell per row (``IndexFormat/absent64``: the stored one), so a refresh that
    /// found only access times new writes that column again and copies the rest. Every section is
    /// checked (its checksum) as it is read; the copy goes to a temporary file beside `path` that
    /// ``IndexFileWriter/commit()`` renames over it, as a written file does; its problem counts
    /// are this file's.
    func copy(refreshed: [Date], lastUsed: [UInt64]? = nil, createdAt: Date, replacing path: String)
        throws(FSFindError) -> WrittenIndex
    {
        // What a written refresh would find while carrying the rows (an id past its table): a
        // file damaged behind good checksums is not copied on, but rebuilt as a write would be.
        do throws(IndexDamage) {
            try checkReferences()
        } catch {
            throw damaged(error)
        }
        let accessed = try lastUsed.map { cells throws(FSFindError) in try lastUsedColumn(cells) }
        let writer = try IndexFileWriter(replacing: path)
        /// A section's checked bytes, and for the roots their copy with the new times.
        func read(_ index: Int) throws(FSFindError) -> (UnsafeRawBufferPointer, roots: [UInt8]?) {
            do throws(IndexDamage) {
                let bytes = try self.bytes(of: index)
                return (bytes, index == fixed.roots ? try Self.roots(bytes, refreshed: refreshed) : nil)
            } catch {
                throw damaged(error)
            }
        }
        for index in sections.indices where sections[index].kind != .padding {
            let entry = sections[index]
            if accessed != nil, entry.kind == .column, entry.param == Attribute.lastUsedDate.indexCode { continue }
            let (bytes, roots) = try read(index)
            guard
                let pieces = try writer.reserve(
                    entry.kind, param: entry.param, format: entry.format, length: entry.length)
            else { throw FSFindError.broken("the index writer does not stream") }
            if let roots {
                try pieces.write(roots)
            } else {
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + SectionStream.piece)
                    try pieces.write(Array(bytes[start..<end]))
                    start = end
                }
            }
            try pieces.finish()
            releasePages(ofSections: [index])
        }
        if let accessed, !accessed.rows.isEmpty {
            try RowEmitter.writeColumn(.lastUsedDate, accessed, rowCount: itemCount, into: writer)
        }
        try writer.finish(itemCount: itemCount, createdAt: createdAt)
        let (unreadable, unparsable) = try problemCounts()
        return WrittenIndex(
            file: writer, items: itemCount, unreadable: unreadable, unparsable: unparsable, copied: true)
    }

    /// Checks every string, list and type id the rows, the type table, the lists and the problems
    /// hold against its table, as a refresh that writes the rows again does while carrying them;
    /// the names (``CheckedSections``) and the roots (``roots()``) are checked by the refresh.
    func checkReferences() throws(IndexDamage) {
        guard let strings = stringsView(), let lists = listsView(), let types = typeColumnView() else {
            throw IndexDamage("section shape")
        }
        for id in 0..<lists.count {
            guard let elements = lists.list(UInt32(id)) else { throw IndexDamage("list \(id)") }
            for i in 0..<elements.count where Int(elements[i]) >= strings.count {
                throw IndexDamage("string id \(elements[i])")
            }
        }
        let table = try bytes(of: fixed.typeTable)
        for entry in 0..<types.typeCount {
            for (position, attribute) in IndexFormat.typeAttributes.enumerated() {
                let id = try table.littleEndianUInt32(at: 8 + 16 * entry + 4 * position)
                let limit = attribute.type == .textList ? lists.count : strings.count
                guard id == IndexFormat.absent32 || Int(id) < limit else { throw IndexDamage("type table id \(id)") }
            }
        }
        for row in 0..<itemCount where types.typeID(row) == nil { throw IndexDamage("type id") }
        for attribute in columns.keys where attribute.type == .text || attribute.type == .textList {
            guard let reader = columnView(attribute)?.reader() else { throw IndexDamage("\(attribute.name) column") }
            let limit = attribute.type == .textList ? lists.count : strings.count
            for row in 0..<itemCount {
                if let cell = reader.cell(row), cell >= UInt64(limit) {
                    throw IndexDamage("\(attribute.name) id \(cell)")
                }
            }
        }
        let problems = try problemsView()
        for entry in 0..<problems.count {
            guard Int(problems.reason(entry)) < strings.count, problems.row(entry) < itemCount,
                ItemProblem.Kind(rawValue: UInt8(truncatingIfNeeded: problems.kind(entry))) != nil
            else { throw IndexDamage("problem \(entry)") }
        }
        guard identitiesView() != nil else { throw IndexDamage("identities") }
    }

    /// The `lastUsedDate` column with `cells` (one per row) in place of the stored cells, as a
    /// refresh merges a kept row's new access time (``IndexFormat/absent64``: keep the stored).
    private func lastUsedColumn(_ cells: [UInt64]) throws(FSFindError) -> MergedColumn {
        guard cells.count == itemCount, let stored = columnView(.lastUsedDate)?.reader() else {
            throw damaged(IndexDamage("lastUsedDate column"))
        }
        var column = MergedColumn(absent: IndexFormat.absent64)
        column.reserve(itemCount)
        for row in 0..<itemCount {
            guard let cell = cells[row] != IndexFormat.absent64 ? cells[row] : stored.cell(row) else { continue }
            column.append(UInt32(row), cell)
        }
        column.finish(rowCount: itemCount)
        return column
    }

    /// The roots section's bytes with each root's refresh time replaced (in the file's order);
    /// damage when the section does not hold exactly that many roots.
    private static func roots(_ bytes: UnsafeRawBufferPointer, refreshed: [Date]) throws(IndexDamage) -> [UInt8] {
        var copy = Array(bytes)
        var cursor = ByteCursor(bytes)
        guard Int(try cursor.readLittleEndianUInt32()) == refreshed.count else { throw IndexDamage("root count") }
        for date in refreshed {
            try cursor.skipBytes(8)  // path string id, flags
            let at = cursor.offset
            _ = try cursor.readLittleEndianUInt64()
            withUnsafeBytes(of: IndexFormat.bits(of: date.timeIntervalSinceReferenceDate).littleEndian) {
                for i in 0..<8 { copy[at + i] = $0[i] }
            }
            let excludes = Int(try cursor.readLittleEndianUInt32())
            guard excludes <= cursor.remaining / 4 else { throw IndexDamage("exclude count") }
            try cursor.skipBytes(4 * excludes)
        }
        return copy
    }
}
