import FSFindModel
import Foundation

/// Where one row of a new index file comes from.
///
/// `staged` ≥ 0: the row is that staged item. Otherwise the row is copied from `old`, the row of
/// the previous file with the same path. A staged row that replaces an old one (a changed file)
/// names it too, so the old row's children still find their parent.
struct RowSource: Sendable, Equatable {
    var old: Int32
    var staged: Int32

    static func old(_ row: Int) -> RowSource { RowSource(old: Int32(row), staged: -1) }

    /// The previous file's row this row is a copy of; nil for a staged row.
    var copiedRow: Int? { staged < 0 ? Int(old) : nil }
    /// The staged item this row is; nil for a copied row.
    var stagedIndex: Int? { staged >= 0 ? Int(staged) : nil }

    static func staged(_ index: Int, replacing row: Int? = nil) -> RowSource {
        RowSource(old: row.map(Int32.init) ?? -1, staged: Int32(index))
    }
}

/// Builds a new index file from rows of the previous file and items read in this run.
///
/// Rows that did not change are copied cell by cell from the mapped previous file; their strings,
/// lists and type entries are carried into the new tables on first use, so nothing unchanged is
/// decoded into Swift values. Items read in this run are staged as they arrive (see
/// ``StagedItems``). ``encode(rows:oldLastUsed:roots:createdAt:)`` then writes the rows in the
/// order given, which must be path-byte order.
struct IndexBuilder {
    let old: IndexFile?
    private(set) var strings = StringTableBuilder()
    /// Lists of string ids.
    private(set) var lists = Interner<[UInt32]>()
    /// Type-table entries: string id of contentType, list id of the tree, mimeType, kind.
    private(set) var types = Interner<[UInt32]>()
    private(set) var staged = StagedItems()
    /// How many rows of the last ``encode(rows:oldLastUsed:roots:createdAt:)`` are unreadable,
    /// and how many unparsable.
    var unreadableWritten = 0
    var unparsableWritten = 0
    /// New ids of the previous file's strings, lists and types, ``IndexFormat/absent32`` until used.
    private var stringRemap: [UInt32]
    private var listRemap: [UInt32]
    private var typeRemap: [UInt32]
    private var oldSections: CheckedSections?

    /// A builder that copies from `old` (already verified with ``IndexFile/prepareAll()``).
    init(old: IndexFile?) throws(FSFindError) {
        self.old = old
        guard let old else {
            stringRemap = []
            listRemap = []
            typeRemap = []
            oldSections = nil
            return
        }
        do {
            let sections = try CheckedSections(old)
            oldSections = sections
            strings.reserve(sections.stringCount)
            strings.oldStrings = { sections.string($0) }
            stringRemap = Array(repeating: IndexFormat.absent32, count: sections.stringCount)
            listRemap = Array(
                repeating: IndexFormat.absent32,
                count: Int(try old.bytes(of: old.fixed.lists).littleEndianUInt32(at: 0)))
            typeRemap = Array(repeating: IndexFormat.absent32, count: try old.decodeTypeCount())
        } catch {
            throw old.damaged(error)
        }
    }

    // MARK: - Staging items read in this run

    /// Encodes `item` into the staged store, with the text store's number for its words
    /// (`textDocument`, nil when it has none); returns its staged index.
    @discardableResult
    mutating func stage(_ item: IndexedItem, textDocument: UInt32? = nil) throws(FSFindError) -> Int {
        let name = IndexFormat.lastComponent(item.path)
        // Its name goes into the string table now, not when its row is written: kept there, it is
        // not also held by the staged items; and in a refresh, before any row is copied, the
        // strings carried from the previous file need to be looked up only among this run's
        // (``StringTableBuilder/carriedID(_:bytes:)``); written later, each name would first make the
        // table hash every string carried so far.
        let nameID = try newString(Array(name))
        var flags: UInt8 = 0
        var cells: [(Attribute, UInt64)] = []
        for attribute in IndexFormat.derivedAttributes {
            guard let value = item.attributes[attribute] else { continue }
            let derived =
                attribute == .contentCreationDate
                ? item.attributes[.fsCreationDate]
                : IndexFormat.derivedValue(of: attribute, path: item.path, name: name, identity: item.identity)
            if IndexFormat.isExactly(value, derived) {
                flags |= DerivedFlag.bit(for: attribute)
            } else {
                cells.append((attribute, try cell(value, of: attribute, path: item.path)))
            }
        }
        var typeKey: [UInt32] = []
        for attribute in IndexFormat.typeAttributes {
            if let value = item.attributes[attribute] {
                typeKey.append(UInt32(truncatingIfNeeded: try cell(value, of: attribute, path: item.path)))
            } else {
                typeKey.append(IndexFormat.absent32)
            }
        }
        for (attribute, value) in item.attributes.values
        where !IndexFormat.derivedAttributes.contains(attribute) && !IndexFormat.typeAttributes.contains(attribute) {
            cells.append((attribute, try cell(value, of: attribute, path: item.path)))
        }
        let problem = try item.problem.map { (problem) throws(FSFindError) in
            (problem.kind, try newString(problem.reason))
        }
        let index = staged.count
        try staged.append(
            path: item.path, nameID: nameID, identity: item.identity, flags: flags, typeID: typeID(typeKey),
            cells: cells,
            problem: problem, textDocument: textDocument)
        return index
    }

    /// Calls `body` with staged item `index`'s folder (nil for a path without a `/`) and name.
    func withStagedFolderAndName<R>(_ index: Int, _ body: (UnsafeRawBufferPointer?, UnsafeRawBufferPointer) -> R) -> R {
        // Nothing of `self` inside the closures: capturing it copied the whole builder per call.
        let (folder, name) = (staged.folderID(index), staged.nameID(index))
        let names = strings
        return staged.withFolderReader { folders in
            names.withReader { names in
                body(folder == StagedItems.noFolder ? nil : folders.bytes(folder), names.bytes(name))
            }
        }
    }

    /// Calls `body` with the path order of `items` (staged items): a comparison of two of them by
    /// their positions in `items`, which reads folders and names in place. Sorting a million new
    /// paths makes twenty million comparisons: made through methods whose closures captured the
    /// builder, each copied the builder's references (a first index of a million entries took 12%
    /// longer).
    func withStagedPathOrder<R>(of items: [Int32], _ body: ((Int, Int) -> Int) -> R) -> R {
        var keys: [UInt64] = []
        keys.reserveCapacity(items.count)
        for item in items {
            keys.append(UInt64(staged.folderID(Int(item))) << 32 | UInt64(staged.nameID(Int(item))))
        }
        let slash: [UInt8] = [UInt8(ascii: "/")]
        return keys.withUnsafeBufferPointer { keys in
            slash.withUnsafeBytes { slash in
                strings.withReader { names in
                    staged.withFolderReader { folders in
                        body { a, b in
                            let (left, right) = (keys[a], keys[b])
                            let (folderA, folderB) = (UInt32(left >> 32), UInt32(right >> 32))
                            let nameA = names.bytes(UInt32(truncatingIfNeeded: left))
                            let nameB = names.bytes(UInt32(truncatingIfNeeded: right))
                            if folderA == folderB, folderA != StagedItems.noFolder {
                                return StagedItems.compare(nameA, nameB)
                            }
                            let piecesA = StagedItems.pieces(
                                folder: folderA == StagedItems.noFolder ? nil : folders.bytes(folderA), slash: slash,
                                name: nameA)
                            let piecesB = StagedItems.pieces(
                                folder: folderB == StagedItems.noFolder ? nil : folders.bytes(folderB), slash: slash,
                                name: nameB)
                            return StagedItems.compare(piecesA, piecesB)
                        }
                    }
                }
            }
        }
    }

    /// Staged item `index`'s path.
    func stagedPath(_ index: Int) -> [UInt8] {
        withStagedFolderAndName(index) { folder, name in
            var path: [UInt8] = []
            path.reserveCapacity((folder?.count ?? -1) + 1 + name.count)
            if let folder {
                path.append(contentsOf: folder)
                path.append(UInt8(ascii: "/"))
            }
            path.append(contentsOf: name)
            return path
        }
    }

    /// Byte order of staged item `index`'s path and `path`.
    func compareStagedPath(_ index: Int, to path: UnsafeRawBufferPointer) -> Int {
        withStagedFolderAndName(index) { folder, name in
            StagedItems.withPieces(folder: folder, name: name) {
                StagedItems.compare($0, StagedItems.Pieces(first: path))
            }
        }
    }

    /// Hands over the staged cells of attribute index code `code`, once (``StagedItems/takeColumn(_:)``).
    mutating func takeStagedColumn(_ code: Int) -> StagedColumn { staged.takeColumn(code) }

    /// The cell for one value: a string id, a list id, or the bits of a Float64.
    private mutating func cell(_ value: AttributeValue, of attribute: Attribute, path: [UInt8]) throws(FSFindError)
        -> UInt64
    {
        switch (attribute.type, value) {
        case (.text, .text(let text)):
            return UInt64(try newString(text))
        case (.textList, .textList(let list)):
            var ids: [UInt32] = []
            ids.reserveCapacity(list.count)
            for element in list { ids.append(try newString(element)) }
            return UInt64(listID(ids))
        case (.number, .number(let number)):
            return IndexFormat.bits(of: number)
        case (.date, .date(let date)):
            return IndexFormat.bits(of: date.timeIntervalSinceReferenceDate)
        default:
            let shown = String(decoding: path, as: UTF8.self)
            throw FSFindError(
                .io,
                "cannot write the index: \(attribute.name) of \(shown) is a \(value.type.rawValue), not a \(attribute.type.rawValue)",
                path: shown)
        }
    }

    /// The id of a string read in this run (not carried from the previous file).
    mutating func newString(_ text: String) throws(FSFindError) -> UInt32 { try strings.id(text) }

    mutating func newString(_ bytes: [UInt8]) throws(FSFindError) -> UInt32 { try strings.id(bytes) }

    mutating func listID(_ ids: [UInt32]) -> UInt32 { lists.id(ids) }

    /// The strings section into `sink`, last (``StringTableBuilder/write(to:)``): no string can be
    /// added after.
    mutating func writeStrings(to sink: some SectionSink) throws(FSFindError) {
        // The carried strings are copied from the previous file's mapping: its pages go behind.
        let old = old
        try strings.write(to: sink) { old.map { $0.releasePages(ofSections: [$0.fixed.strings]) } }
    }

    /// The words section (``WordLexicon``) of the strings just written: the words of strings
    /// carried from the previous file are taken from its words section (with their new ids), only
    /// the strings this run added are cut into words. When few of the previous file's strings
    /// are carried (reading its whole section would cost more), or it has no sound words
    /// section, every string is cut again; the section is the same either way.
    mutating func writeWords(to sink: some SectionSink) throws(FSFindError) {
        var lexicon = WordLexicon.Builder()
        if let old, 4 * strings.carriedCount >= stringRemap.count, let oldLexicon = try? old.wordLexicon() {
            let section = old.fixed.words.map { [$0] } ?? []
            stringRemap.withUnsafeBufferPointer { remap in
                lexicon.addCarried(from: oldLexicon, newIDs: remap) { old.releasePages(ofSections: section) }
            }
            old.releasePages(ofSections: section)
            for id in 0..<strings.count where !strings.isCarried(id) {
                strings.withBytes(id) { lexicon.add($0, id: UInt32(id)) }
            }
        } else {
            for id in 0..<strings.count {
                strings.withBytes(id) { lexicon.add($0, id: UInt32(id)) }
            }
        }
        try lexicon.write(into: sink)
    }

    mutating func typeID(_ key: [UInt32]) -> UInt32 { types.id(key) }

    // MARK: - Carrying over the previous file's strings, lists and types

    /// The new id of the previous file's string `id`.
    mutating func carriedString(_ id: UInt32) throws(FSFindError) -> UInt32 {
        try carried(id, remembered: \.stringRemap, what: "string") { (builder, old) throws(FSFindError) in
            guard let sections = builder.oldSections else { throw old.damaged(IndexDamage("string table")) }
            let bytes = sections.string(id)
            return try builder.strings.carriedID(id, bytes: bytes)
        }
    }

    /// The new id of the previous file's list `id`.
    mutating func carriedList(_ id: UInt32) throws(FSFindError) -> UInt32 {
        try carried(id, remembered: \.listRemap, what: "list") { (builder, old) throws(FSFindError) in
            let elements: [UInt32]
            do throws(IndexDamage) {
                elements = try old.listElements(id)
            } catch {
                throw old.damaged(error)
            }
            var ids: [UInt32] = []
            ids.reserveCapacity(elements.count)
            for element in elements { ids.append(try builder.carriedString(element)) }
            return builder.listID(ids)
        }
    }

    /// The new id of the previous file's type-table entry `id`.
    mutating func carriedType(_ id: UInt32) throws(FSFindError) -> UInt32 {
        try carried(id, remembered: \.typeRemap, what: "type") { (builder, old) throws(FSFindError) in
            try builder.copyType(id, from: old)
        }
    }

    /// `remap[id]`, made by `make` the first time; ids past the old table are damage.
    private mutating func carried(
        _ id: UInt32, remembered remap: WritableKeyPath<IndexBuilder, [UInt32]>, what: String,
        _ make: (inout IndexBuilder, IndexFile) throws(FSFindError) -> UInt32
    ) throws(FSFindError) -> UInt32 {
        guard let old else { throw FSFindError(.io, "internal error: no previous index to copy from") }
        guard Int(id) < self[keyPath: remap].count else { throw old.damaged(IndexDamage("\(what) id \(id)")) }
        let known = self[keyPath: remap][Int(id)]
        if known != IndexFormat.absent32 { return known }
        let new = try make(&self, old)
        self[keyPath: remap][Int(id)] = new
        return new
    }

    /// The previous file's type-table entry `id` added to the new table.
    private mutating func copyType(_ id: UInt32, from old: IndexFile) throws(FSFindError) -> UInt32 {
        var raw: [UInt32] = []
        do {
            let table = try old.bytes(of: old.fixed.typeTable)
            for position in IndexFormat.typeAttributes.indices {
                raw.append(try table.littleEndianUInt32(at: 8 + 16 * Int(id) + 4 * position))
            }
        } catch {
            throw old.damaged(error)
        }
        var key: [UInt32] = []
        for (cell, attribute) in zip(raw, IndexFormat.typeAttributes) {
            if cell == IndexFormat.absent32 {
                key.append(cell)
            } else if attribute.type == .textList {
                key.append(try carriedList(cell))
            } else {
                key.append(try carriedString(cell))
            }
        }
        return typeID(key)
    }
}

/// Values numbered in order of first appearance, each once: the lists and type tables.
struct Interner<Value: Hashable> {
    private(set) var values: [Value] = []
    private var ids: [Value: UInt32] = [:]

    mutating func id(_ value: Value) -> UInt32 {
        if let id = ids[value] { return id }
        let id = UInt32(values.count)
        ids[value] = id
        values.append(value)
        return id
    }
}
