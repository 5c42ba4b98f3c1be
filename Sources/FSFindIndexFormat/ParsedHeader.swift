import FSFindModel
import Foundation

/// The checked header and section directory of a mapped index file.
///
/// Checks run in the order that gives the most useful message: magic ("not an fsfind index"),
/// version ("made by another version"), recorded length ("truncated"), header checksum, then the
/// directory (sections tile the file exactly, known kinds, no duplicates, every required one).
struct ParsedHeader {
    /// The file's format version, one of those the caller accepts.
    let version: UInt32
    let itemCount: Int
    let createdAt: Date
    let sections: [SectionEntry]
    let fixed: FixedSections
    let columns: [Attribute: Int]
    /// The stored header checksum: it covers the directory, whose entries carry every section's
    /// checksum, so it names the file's exact contents (a delta's base stamp).
    let headerChecksum: UInt32

    /// `versions`: the format versions to accept (only the current one, but for reading the roots
    /// of an older file).
    init(
        _ bytes: UnsafeRawBufferPointer, path: String,
        versions: ClosedRange<UInt32> = IndexFormat.readableVersions
    ) throws(FSFindError) {
        func corrupt(_ what: String) -> FSFindError { FSFindError.indexCorrupt(path, what) }
        let size = bytes.count
        guard size > 0 else { throw corrupt("is empty") }
        let magic = IndexFormat.magic
        guard bytes.prefix(magic.count).elementsEqual(magic.prefix(min(size, magic.count))) else {
            throw corrupt("is not an fsfind index")
        }
        do {
            guard size >= 12 else { throw corrupt("is truncated (\(size) bytes)") }
            let version = try bytes.littleEndianUInt32(at: 8)
            self.version = version
            guard versions.contains(version) else {
                throw corrupt(
                    "was made by another version of fsfind (index format \(version); this fsfind reads formats "
                        + "\(IndexFormat.readableVersions.lowerBound) to \(IndexFormat.readableVersions.upperBound))"
                )
            }
            guard size >= IndexFormat.fixedHeaderSize else { throw corrupt("is truncated (\(size) bytes)") }
            let recorded = try bytes.littleEndianUInt64(at: 16)
            guard recorded <= UInt64(size) else { throw corrupt("is truncated (\(size) of \(recorded) bytes)") }
            guard recorded == UInt64(size) else {
                throw corrupt("is damaged (\(size) bytes where its header records \(recorded))")
            }

            let sectionCount = Int(try bytes.littleEndianUInt32(at: 12))
            guard sectionCount <= IndexFormat.maxSections else { throw corrupt("is damaged (section directory)") }
            let headerSize = IndexFormat.fixedHeaderSize + sectionCount * IndexFormat.directoryEntrySize
            guard headerSize <= size else { throw corrupt("is damaged (section directory)") }
            let stored = try bytes.littleEndianUInt32(at: IndexFormat.headerChecksumOffset)
            var crc = CRC32C.checksum(try bytes.slice(from: 0, count: IndexFormat.headerChecksumOffset))
            withUnsafeBytes(of: UInt32(0)) { crc = CRC32C.update(crc, $0) }
            crc = CRC32C.update(
                crc, try bytes.slice(from: IndexFormat.fixedHeaderSize, count: headerSize - IndexFormat.fixedHeaderSize)
            )
            guard crc == stored else { throw corrupt("is damaged (header checksum mismatch)") }

            // Past the checksum the header is what the writer wrote; still check everything, since
            // a buggy writer must not make the reader read out of bounds.
            let items = try bytes.littleEndianUInt64(at: 24)
            guard items < UInt64(IndexFormat.absent32) else { throw corrupt("is damaged (item count)") }
            itemCount = Int(items)
            createdAt = Date(timeIntervalSinceReferenceDate: Double(bitPattern: try bytes.littleEndianUInt64(at: 32)))

            let (sections, fixedIndex, columns) = try Self.readDirectory(
                bytes, sectionCount: sectionCount, headerSize: headerSize, path: path)
            let fixed = try Self.fixedSections(fixedIndex, sections: sections, path: path)
            try Self.checkShapes(bytes, sections: sections, fixed: fixed, columns: columns, rows: itemCount, path: path)
            self.sections = sections
            self.fixed = fixed
            self.columns = columns
            self.headerChecksum = stored
        } catch let damage as IndexDamage {
            throw corrupt("is damaged (\(damage.what))")
        } catch let error as FSFindError {
            throw error
        } catch {
            throw corrupt("is damaged")
        }
    }
}

extension ParsedHeader {
    /// Reads the section directory: every entry in bounds and tiling the file, a known kind, no
    /// duplicates; the index of each fixed section and of each column this build knows.
    private static func readDirectory(
        _ bytes: UnsafeRawBufferPointer, sectionCount: Int, headerSize: Int, path: String
    ) throws -> (sections: [SectionEntry], fixedIndex: [SectionKind: Int], columns: [Attribute: Int]) {
        func corrupt(_ what: String) -> FSFindError { FSFindError.indexCorrupt(path, what) }
        let size = bytes.count
        var sections: [SectionEntry] = []
        var fixedIndex: [SectionKind: Int] = [:]
        var columns: [Attribute: Int] = [:]
        var expectedOffset = headerSize
        for index in 0..<sectionCount {
            var cursor = ByteCursor(
                bytes, offset: IndexFormat.fixedHeaderSize + index * IndexFormat.directoryEntrySize)
            let rawKind = try cursor.readLittleEndianUInt32()
            let param = try cursor.readLittleEndianUInt32()
            let offset = try Checked.int(try cursor.readLittleEndianUInt64())
            let length = try Checked.int(try cursor.readLittleEndianUInt64())
            let checksum = try cursor.readLittleEndianUInt32()
            let format = try cursor.readLittleEndianUInt32()
            guard let kind = SectionKind(rawValue: rawKind) else {
                throw corrupt("is damaged (unknown section kind \(rawKind))")
            }
            let end = try Checked.add(offset, length)
            guard offset == expectedOffset, end <= size else { throw corrupt("is damaged (section bounds)") }
            expectedOffset = end
            let entry = SectionEntry(
                kind: kind, param: param, offset: offset, length: length, checksum: checksum, format: format)
            if kind == .column {
                guard entry.columnEncoding != nil else { throw corrupt("is damaged (column encoding)") }
                // A column this build has no attribute for is skipped, not an error.
                if let attribute = Attribute(indexCode: param) {
                    guard entry.cellLayout(of: attribute) != nil else { throw corrupt("is damaged (cell layout)") }
                    guard columns[attribute] == nil else { throw corrupt("is damaged (duplicate column)") }
                    guard !IndexFormat.typeAttributes.contains(attribute) else {
                        throw corrupt("is damaged (column)")
                    }
                    columns[attribute] = index
                }
            } else {
                guard fixedIndex[kind] == nil else { throw corrupt("is damaged (duplicate \(kind) section)") }
                fixedIndex[kind] = index
            }
            sections.append(entry)
        }
        guard expectedOffset == size else { throw corrupt("is damaged (section bounds)") }
        return (sections, fixedIndex, columns)
    }

    /// The fixed sections by kind, every required one present (a type column of a width it can have).
    private static func fixedSections(
        _ fixedIndex: [SectionKind: Int], sections: [SectionEntry], path: String
    ) throws -> FixedSections {
        func corrupt(_ what: String) -> FSFindError { FSFindError.indexCorrupt(path, what) }
        var fixed = FixedSections()
        for kind in SectionKind.required {
            guard let index = fixedIndex[kind] else { throw corrupt("is damaged (no \(kind) section)") }
            switch kind {
            case .strings: fixed.strings = index
            case .lists: fixed.lists = index
            case .roots: fixed.roots = index
            case .names: fixed.names = index
            case .derivedFlags: fixed.derivedFlags = index
            case .identities: fixed.identities = index
            case .typeTable: fixed.typeTable = index
            case .typeColumn:
                guard [1, 2, 4].contains(sections[index].format) else {
                    throw corrupt("is damaged (type column width)")
                }
                fixed.typeColumn = index
            case .problems: fixed.problems = index
            case .column, .overlay, .textDocuments, .padding, .identityTable, .words: break
            }
        }
        fixed.overlay = fixedIndex[.overlay]
        fixed.textDocuments = fixedIndex[.textDocuments]
        fixed.identityTable = fixedIndex[.identityTable]
        fixed.words = fixedIndex[.words]
        return fixed
    }

    /// Checks that every section's shape agrees with the item count, before any checksum is read.
    private static func checkShapes(
        _ bytes: UnsafeRawBufferPointer, sections: [SectionEntry], fixed: FixedSections,
        columns: [Attribute: Int], rows: Int, path: String
    ) throws {
        func corrupt(_ what: String) -> FSFindError { FSFindError.indexCorrupt(path, what) }
        // Every item has an 8-byte names record: an item count the names section cannot hold is
        // damage, and refusing it here keeps callers from sizing buffers by a bogus count.
        let namesNeeded = try Checked.add(8, try Checked.multiply(rows, 8))
        guard sections[fixed.names].length >= namesNeeded else { throw corrupt("is damaged (item count)") }
        // The structure, cross-checked before any section is trusted (a few bytes each, no
        // checksums): every per-item section and dense column counts the header's items and
        // has their records' length, every sparse column fits. A header whose item count is
        // off, or sections with swapped labels, would otherwise pass every checksum and give
        // short or empty answers.
        func shape(_ index: Int, recordSize: Int, header: Int = 8, counted: (Int) -> Bool) throws(IndexDamage)
            -> Bool
        {
            let entry = sections[index]
            let count = Int(try bytes.littleEndianUInt32(at: entry.offset))
            guard counted(count) else { return false }
            let needed = try Checked.add(header, try Checked.multiply(count, recordSize))
            return entry.length >= needed && entry.length - needed < 8
        }
        guard let identities = IdentityLayout(format: sections[fixed.identities].format) else {
            throw corrupt("is damaged (identity layout)")
        }
        // A tabled layout's entries: at least one, at most one per row; no table otherwise.
        if identities.tabled {
            guard let table = fixed.identityTable,
                try shape(table, recordSize: identities.entrySize, counted: { $0 >= 1 && $0 <= rows })
            else { throw corrupt("is damaged (identity table)") }
        } else if fixed.identityTable != nil {
            throw corrupt("is damaged (identity table)")
        }
        let perItem = [
            (fixed.names, 8, 8), (fixed.derivedFlags, 1, 8),
            (fixed.identities, identities.recordSize, identities.headerSize),
            (fixed.typeColumn, Int(sections[fixed.typeColumn].format), 8),
        ]
        for (index, recordSize, header) in perItem {
            guard try shape(index, recordSize: recordSize, header: header, counted: { $0 == rows }) else {
                throw corrupt("is damaged (\(sections[index].name) does not match the item count)")
            }
        }
        for (attribute, index) in columns {
            // Checked when the directory was read: every column of a known attribute has a layout.
            let width = sections[index].cellLayout(of: attribute)?.width ?? attribute.indexCellWidth
            let fits: Bool
            switch sections[index].columnEncoding {
            case .dense?: fits = try shape(index, recordSize: width, counted: { $0 == rows })
            case .bitmap?:
                fits = try shape(
                    index, recordSize: width, header: BitmapColumn.cellsOffset(rows: rows), counted: { $0 <= rows })
            case .dictionary?:
                let entry = sections[index]
                let count = Int(try bytes.littleEndianUInt32(at: entry.offset))
                let needed = try Checked.add(
                    8,
                    try Checked.add(
                        try Checked.multiply(count, width),
                        try Checked.multiply(rows, DictionaryColumn.numberWidth(count: count))))
                fits = count <= rows && entry.length >= needed && entry.length - needed < 8
            default: fits = try shape(index, recordSize: 4 + width, counted: { $0 <= rows })
            }
            guard fits else { throw corrupt("is damaged (\(sections[index].name) does not match the item count)") }
        }
        if let index = fixed.textDocuments {
            // A count, a reserved word and the store's generation, then three u32 per document.
            let entry = sections[index]
            let count = Int(try bytes.littleEndianUInt32(at: entry.offset))
            let needed = try Checked.add(16, try Checked.multiply(count, 12))
            guard count <= rows, entry.length >= needed, entry.length - needed < 8 else {
                throw corrupt("is damaged (\(entry.name) does not match the item count)")
            }
        }
    }
}
