import Foundation
import Glibc
import SystemPackage

/// Writes index files: encodes ``IndexContents`` in the format of `docs/index-format.md` and
/// replaces the target atomically, so a reader, a crash or a kill sees the old file or the new one.
public enum IndexWriter {
    /// Sorts items by path bytes, writes atomically (temp + fsync + rename + dir fsync).
    ///
    /// Items with the same path keep the last one given. Missing parent folders are created. The
    /// target is never truncated in place: readers may have it mapped.
    public static func write(_ contents: IndexContents, to path: String) throws(FSFindError) {
        let bytes = try encode(contents)
        try replaceAtomically(path: path, with: bytes)
    }

    // MARK: - Encoding

    /// The complete file image for `contents`.
    static func encode(_ contents: IndexContents) throws(FSFindError) -> [UInt8] {
        let items = sortedUnique(contents.items)
        guard items.count < Int(IndexFormat.absent32) else {
            throw FSFindError(
                .io, "cannot write an index of \(items.count) items; at most \(IndexFormat.absent32 - 1) fit")
        }
        var encoder = SectionEncoder(items: items)
        try encoder.encodeItems()
        encoder.encodeRoots(contents.roots)
        return try encoder.assemble(createdAt: contents.createdAt)
    }

    /// Items in path-byte order, one per path (the last given wins).
    static func sortedUnique(_ items: [IndexedItem]) -> [IndexedItem] {
        let paths = items.map(\.path)
        let order = paths.indices.sorted { a, b in
            let order = IndexFormat.compare(paths[a], paths[b])
            return order != 0 ? order < 0 : a < b
        }
        var result: [IndexedItem] = []
        result.reserveCapacity(items.count)
        for index in order {
            if let last = result.last, last.path == items[index].path {
                result[result.count - 1] = items[index]
            } else {
                result.append(items[index])
            }
        }
        return result
    }

    // MARK: - Atomic replacement

    static func replaceAtomically(path: String, with bytes: [UInt8]) throws(FSFindError) {
        let (folder, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw FSFindError(.io, "cannot write the index to \(path): not a file name", path: path)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FSFindError(.io, "cannot create the folder \(folder) for the index \(path)", path: folder)
        }
        let temporary = (folder == "/" ? "/" : folder + "/") + ".\(name).tmp.\(getpid())"
        unlink(temporary)  // a leftover from a killed run with our pid; absent is fine
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ioError("cannot create the temporary index file", temporary) }
        var failure: FSFindError?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = ioError("cannot write the temporary index file", temporary)
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = ioError("cannot flush the temporary index file", temporary) }
        if Glibc.close(fd) != 0, failure == nil {
            failure = ioError("cannot close the temporary index file", temporary)
        }
        if failure == nil, rename(temporary, path) != 0 { failure = ioError("cannot move the new index over", path) }
        if let failure {
            unlink(temporary)
            throw failure
        }
        // Make the rename itself durable; some file systems refuse fsync on folders, which is fine.
        let folderFD = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = fsync(folderFD)
            _ = Glibc.close(folderFD)
        }
    }

    /// Removes every `.<name>.tmp.<pid>` file beside the index at `path`.
    ///
    /// A run killed between creating its temporary file and the rename leaves one behind, and a
    /// later run usually has another pid, so it would stay forever. Call only while holding the
    /// index lock: then no other run can be writing one. Failures are ignored (the file is junk,
    /// never read).
    public static func removeTemporaryFiles(of path: String) {
        let (folder, name) = split(path)
        let prefix = ".\(name).tmp."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in names where entry.hasPrefix(prefix) {
            let pid = entry.dropFirst(prefix.count)
            guard !pid.isEmpty, pid.allSatisfy(\.isASCII), pid.allSatisfy(\.isNumber) else { continue }
            unlink((folder == "/" ? "/" : folder + "/") + entry)
        }
    }

    /// (folder, last component) of a path string; the folder is "." for a bare name.
    static func split(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private static func ioError(_ what: String, _ path: String) -> FSFindError {
        FSFindError(.io, "\(what) \(path)", path: path, underlying: Errno(rawValue: errno))
    }
}

/// Interns byte strings: each distinct one is stored once and named by a 32-bit id.
struct StringInterner {
    private var ids: [ByteKey: UInt32] = [:]
    private(set) var strings: [[UInt8]] = []
    private(set) var totalBytes = 0

    mutating func id(_ bytes: [UInt8]) -> UInt32 {
        let key = ByteKey(bytes)
        if let id = ids[key] { return id }
        let id = UInt32(strings.count)
        ids[key] = id
        strings.append(bytes)
        totalBytes += bytes.count
        return id
    }

    mutating func id(_ string: String) -> UInt32 { id(Array(string.utf8)) }
}

/// Interns lists of string ids the same way (a content-type tree is stored once, not per item).
struct ListInterner {
    private var ids: [[UInt32]: UInt32] = [:]
    private(set) var lists: [[UInt32]] = []
    private(set) var totalElements = 0

    mutating func id(_ list: [UInt32]) -> UInt32 {
        if let id = ids[list] { return id }
        let id = UInt32(lists.count)
        ids[list] = id
        lists.append(list)
        totalElements += list.count
        return id
    }
}

/// Builds each section's bytes from sorted items, then the header and directory around them.
struct SectionEncoder {
    struct Section {
        var kind: SectionKind
        var param: UInt32 = 0
        var format: UInt32 = 0
        var bytes: [UInt8]
    }

    let items: [IndexedItem]
    var strings = StringInterner()
    var lists = ListInterner()
    var sections: [Section] = []

    init(items: [IndexedItem]) { self.items = items }

    mutating func encodeItems() throws(FSFindError) {
        var rowOfPath: [ByteKey: UInt32] = [:]
        rowOfPath.reserveCapacity(items.count)
        for (row, item) in items.enumerated() { rowOfPath[ByteKey(item.path)] = UInt32(row) }

        var names = header(count: items.count)
        var flags = header(count: items.count)
        var identities = header(count: items.count)
        var typeColumn: [UInt32] = []
        typeColumn.reserveCapacity(items.count)
        var problems: [(row: UInt32, kind: UInt32, reason: UInt32)] = []
        var typeIDs: [[UInt32]: UInt32] = [:]
        var typeTable: [[UInt32]] = []
        var cells: [Attribute: [(row: UInt32, cell: UInt64)]] = [:]

        for (rowIndex, item) in items.enumerated() {
            let row = UInt32(rowIndex)
            // Path as (parent row, name): the parent is the item at the folder's path, when indexed.
            var parent = IndexFormat.absent32
            var nameBytes = item.path
            if let slash = item.path.lastIndex(of: UInt8(ascii: "/")), slash + 1 < item.path.count {
                let folder = slash == 0 ? [UInt8(ascii: "/")] : Array(item.path[..<slash])
                let name = Array(item.path[(slash + 1)...])
                // The reader rebuilds the path by `join`; `/a//b` under `/a/` would not come back.
                if let parentRow = rowOfPath[ByteKey(folder)], parentRow < row, IndexFormat.join(folder, name) == item.path {
                    parent = parentRow
                    nameBytes = name
                }
            }
            names.appendLittleEndian(parent)
            names.appendLittleEndian(strings.id(nameBytes))

            // path, fsName, displayName, fileSize, mtime: a flag when derivable, else a column cell.
            let name = IndexFormat.lastComponent(item.path)
            var flagByte: UInt8 = 0
            for attribute in IndexFormat.derivedAttributes {
                guard let value = item.attributes[attribute] else { continue }
                let derived = IndexFormat.derivedValue(
                    of: attribute, path: item.path, name: name, identity: item.identity)
                if IndexFormat.isExactly(value, derived) {
                    flagByte |= DerivedFlag.bit(for: attribute)
                } else {
                    cells[attribute, default: []].append((row, try cell(value, of: attribute, item: item)))
                }
            }
            flags.append(flagByte)

            let identity = item.identity
            identities.appendLittleEndian(identity.device)
            identities.appendLittleEndian(identity.inode)
            identities.appendLittleEndian(UInt64(bitPattern: identity.size))
            identities.appendLittleEndian(UInt64(bitPattern: identity.mtimeNanos))
            identities.appendLittleEndian(UInt64(bitPattern: identity.ctimeNanos))

            var typeKey: [UInt32] = []
            for attribute in IndexFormat.typeAttributes {
                if let value = item.attributes[attribute] {
                    typeKey.append(UInt32(truncatingIfNeeded: try cell(value, of: attribute, item: item)))
                } else {
                    typeKey.append(IndexFormat.absent32)
                }
            }
            let typeID: UInt32
            if let known = typeIDs[typeKey] {
                typeID = known
            } else {
                typeID = UInt32(typeTable.count)
                typeIDs[typeKey] = typeID
                typeTable.append(typeKey)
            }
            typeColumn.append(typeID)

            for (attribute, value) in item.attributes.values
            where !IndexFormat.derivedAttributes.contains(attribute) && !IndexFormat.typeAttributes.contains(attribute)
            {
                cells[attribute, default: []].append((row, try cell(value, of: attribute, item: item)))
            }

            if let problem = item.problem {
                problems.append((row, UInt32(problem.kind.rawValue), strings.id(problem.reason)))
            }
        }

        sections.append(Section(kind: .names, bytes: names.bytes))
        sections.append(Section(kind: .derivedFlags, bytes: flags.bytes))
        sections.append(Section(kind: .identities, bytes: identities.bytes))
        var table = header(count: typeTable.count)
        for entry in typeTable { for id in entry { table.appendLittleEndian(id) } }
        sections.append(Section(kind: .typeTable, bytes: table.bytes))
        // Type ids take 2 bytes while there are at most 65,536 combinations (there are dozens).
        var typeBytes = header(count: items.count)
        let typeWidth: UInt32 = typeTable.count <= 0x1_0000 ? 2 : 4
        for id in typeColumn {
            if typeWidth == 2 { typeBytes.appendLittleEndian(UInt16(id)) } else { typeBytes.appendLittleEndian(id) }
        }
        sections.append(Section(kind: .typeColumn, format: typeWidth, bytes: typeBytes.bytes))
        var problemBytes = header(count: problems.count)
        for problem in problems {
            problemBytes.appendLittleEndian(problem.row)
            problemBytes.appendLittleEndian(problem.kind)
            problemBytes.appendLittleEndian(problem.reason)
        }
        sections.append(Section(kind: .problems, bytes: problemBytes.bytes))

        // One column per attribute that any item has, dense or sparse, whichever is smaller.
        for attribute in Attribute.allCases {
            guard let entries = cells[attribute], !entries.isEmpty else { continue }
            sections.append(column(attribute, entries))
        }
    }

    /// The 8-byte section prefix most sections share: a u32 count and a reserved u32.
    private func header(count: Int) -> ByteWriter {
        var writer = ByteWriter()
        writer.appendLittleEndian(UInt32(count))
        writer.appendLittleEndian(UInt32(0))
        return writer
    }

    private func column(_ attribute: Attribute, _ entries: [(row: UInt32, cell: UInt64)]) -> Section {
        let width = attribute.indexCellWidth
        let denseSize = items.count * width
        let sparseSize = entries.count * (4 + width)
        func appendCell(_ writer: inout ByteWriter, _ cell: UInt64) {
            if width == 4 {
                writer.appendLittleEndian(UInt32(truncatingIfNeeded: cell))
            } else {
                writer.appendLittleEndian(cell)
            }
        }
        if sparseSize < denseSize {
            var writer = header(count: entries.count)
            for entry in entries { writer.appendLittleEndian(entry.row) }
            for entry in entries { appendCell(&writer, entry.cell) }
            return Section(
                kind: .column, param: attribute.indexCode, format: ColumnEncoding.sparse.rawValue, bytes: writer.bytes)
        }
        let absent = width == 4 ? UInt64(IndexFormat.absent32) : IndexFormat.absent64
        var dense = [UInt64](repeating: absent, count: items.count)
        for entry in entries { dense[Int(entry.row)] = entry.cell }
        var writer = header(count: items.count)
        for cell in dense { appendCell(&writer, cell) }
        return Section(
            kind: .column, param: attribute.indexCode, format: ColumnEncoding.dense.rawValue, bytes: writer.bytes)
    }

    /// The cell for one value: a string id, a list id, or the bits of a Float64.
    private mutating func cell(_ value: AttributeValue, of attribute: Attribute, item: IndexedItem) throws(FSFindError)
        -> UInt64
    {
        switch (attribute.type, value) {
        case (.text, .text(let text)):
            return UInt64(strings.id(text))
        case (.textList, .textList(let list)):
            var ids: [UInt32] = []
            ids.reserveCapacity(list.count)
            for element in list { ids.append(strings.id(element)) }
            return UInt64(lists.id(ids))
        case (.number, .number(let number)):
            return IndexFormat.bits(of: number)
        case (.date, .date(let date)):
            return IndexFormat.bits(of: date.timeIntervalSinceReferenceDate)
        default:
            let path = String(decoding: item.path, as: UTF8.self)
            throw FSFindError(
                .io,
                "cannot write the index: \(attribute.name) of \(path) is a \(value.type.rawValue), not a \(attribute.type.rawValue)",
                path: path)
        }
    }

    mutating func encodeRoots(_ roots: [IndexRoot]) {
        var writer = ByteWriter()
        writer.appendLittleEndian(UInt32(roots.count))
        for root in roots {
            writer.appendLittleEndian(strings.id(root.path))
            writer.appendLittleEndian(UInt32(root.options.includeHidden ? 1 : 0))
            writer.appendLittleEndian(IndexFormat.bits(of: root.lastRefresh.timeIntervalSinceReferenceDate))
            writer.appendLittleEndian(UInt32(root.options.excludes.count))
            for exclude in root.options.excludes { writer.appendLittleEndian(strings.id(exclude)) }
        }
        sections.append(Section(kind: .roots, bytes: writer.bytes))
    }

    /// Strings and lists last (every other section interns into them), then header + directory.
    mutating func assemble(createdAt: Date) throws(FSFindError) -> [UInt8] {
        guard strings.totalBytes < Int(UInt32.max), lists.totalElements < Int(UInt32.max) else {
            throw FSFindError(.io, "cannot write the index: its string table exceeds 4 GiB")
        }
        var stringBytes = ByteWriter()
        stringBytes.appendLittleEndian(UInt32(strings.strings.count))
        var offset: UInt32 = 0
        stringBytes.appendLittleEndian(offset)
        for string in strings.strings {
            offset += UInt32(string.count)
            stringBytes.appendLittleEndian(offset)
        }
        for string in strings.strings { stringBytes.append(contentsOf: string) }

        var listBytes = ByteWriter()
        listBytes.appendLittleEndian(UInt32(lists.lists.count))
        offset = 0
        listBytes.appendLittleEndian(offset)
        for list in lists.lists {
            offset += UInt32(list.count)
            listBytes.appendLittleEndian(offset)
        }
        for list in lists.lists { for id in list { listBytes.appendLittleEndian(id) } }

        let all =
            [Section(kind: .strings, bytes: stringBytes.bytes), Section(kind: .lists, bytes: listBytes.bytes)]
            + sections
        guard all.count <= IndexFormat.maxSections else {
            // Only reachable if the registry grows past ~55 attributes; readers track 64 sections.
            throw FSFindError(
                .io, "cannot write the index: \(all.count) sections exceed format 1's \(IndexFormat.maxSections)")
        }
        let headerSize = IndexFormat.fixedHeaderSize + all.count * IndexFormat.directoryEntrySize
        var fileLength = headerSize
        var placed: [(section: Section, offset: Int, length: Int)] = []
        for section in all {
            var padded = ByteWriter(bytes: section.bytes)
            padded.padToEight()
            var copy = section
            copy.bytes = padded.bytes
            placed.append((copy, fileLength, padded.bytes.count))
            fileLength += padded.bytes.count
        }

        var file = ByteWriter()
        file.bytes.reserveCapacity(fileLength)
        file.append(contentsOf: IndexFormat.magic)
        file.appendLittleEndian(IndexFormat.version)
        file.appendLittleEndian(UInt32(all.count))
        file.appendLittleEndian(UInt64(fileLength))
        file.appendLittleEndian(UInt64(items.count))
        file.appendLittleEndian(IndexFormat.bits(of: createdAt.timeIntervalSinceReferenceDate))
        file.appendLittleEndian(UInt32(0))  // reserved
        file.appendLittleEndian(UInt32(0))  // header checksum, filled in below
        for entry in placed {
            file.appendLittleEndian(entry.section.kind.rawValue)
            file.appendLittleEndian(entry.section.param)
            file.appendLittleEndian(UInt64(entry.offset))
            file.appendLittleEndian(UInt64(entry.length))
            file.appendLittleEndian(CRC32C.checksum(entry.section.bytes))
            file.appendLittleEndian(entry.section.format)
        }
        file.setLittleEndian(CRC32C.checksum(file.bytes), at: IndexFormat.headerChecksumOffset)
        for entry in placed { file.append(contentsOf: entry.section.bytes) }
        return file.bytes
    }
}
