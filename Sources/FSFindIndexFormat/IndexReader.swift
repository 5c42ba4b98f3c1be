import FSFindModel

/// The one way to read an index's rows: made from a snapshot for the attributes (and the paths,
/// identities, problems and text documents) a caller will read, every section those reads touch
/// verified when it is made, and nothing else readable through it.
///
/// Making one checks each section it needs against its checksum and its shape (the counts
/// against the section's length, the views a scan reads: ``IndexFile/namesView()`` and the
/// rest), so damage is an `.indexCorrupt` error here, at construction, never a row that reads as
/// absent later. A row read is then total: what it gives is what the file holds. Reading what
/// the reader was not made for (an attribute, paths, identities, problems or documents not
/// asked for) is a programmer error and stops the program (a precondition), never a silent
/// absent value (`docs/decisions.md`, "One index reader").
///
/// The reader holds its snapshot, whose files own their mappings, so what it reads stays mapped
/// for as long as it lives. Its checks are each file's (remembered per file and per process,
/// ``VerifiedFiles``), so making a second reader of the same sections costs an atomic load a
/// section. Safe to share between threads.
package final class IndexReader: Sendable {
    /// What a reader reads of each row besides its attributes' values.
    struct Reads: OptionSet, Sendable, Hashable {
        let rawValue: UInt8

        /// ``IndexReader/path(at:)``, ``IndexReader/name(at:)``, lookups by path.
        static let paths = Reads(rawValue: 1)
        /// ``IndexReader/identity(at:)``.
        static let identities = Reads(rawValue: 2)
        /// ``IndexReader/problem(at:)`` and the problem counts.
        static let problems = Reads(rawValue: 4)
        /// ``IndexReader/textDocument(at:)``: each row's number in the text store.
        static let textDocuments = Reads(rawValue: 8)
        /// ``IndexReader/parentRow(at:)`` and ``IndexReader/nameBytes(at:)``: the folder tree as a
        /// refresh walks it, every row's parent and name checked when the reader is made (a pass
        /// over the rows and the string table, which a query does not pay for).
        static let tree = Reads(rawValue: 16)
        /// Everything a row holds.
        static let all: Reads = [.paths, .identities, .problems, .textDocuments]
    }

    /// The index this reader reads: its files stay mapped while the reader lives.
    package let snapshot: IndexSnapshot
    /// The attributes whose values this reader gives.
    let attributes: Set<Attribute>
    /// What else it gives of each row.
    let reads: Reads
    /// Bit ``Attribute/indexCode`` set for each attribute of ``attributes``: the check on every
    /// value read is a bit test, not a hash.
    private let attributeBits: UInt64
    /// ``attributes`` in registry order.
    private let attributeList: [Attribute]
    /// Per file of the snapshot, its names and strings with every id checked (``Reads/tree``).
    private let trees: [CheckedSections]

    /// Verifies, in every file of `snapshot`, the sections that reading `attributes` and `reads`
    /// touches.
    ///
    /// - Parameter releasingPages: give each section's pages back once checked, for a caller
    ///   that then reads only a few rows or copies the file a section at a time.
    /// - Throws: ``FSFindError`` `.indexCorrupt` naming the file and the damaged section.
    init(
        _ snapshot: IndexSnapshot, attributes: Set<Attribute>, reads: Reads, everySection: Bool,
        releasingPages: Bool
    ) throws(FSFindError) {
        self.snapshot = snapshot
        self.attributes = attributes
        self.reads = reads
        attributeBits = attributes.reduce(0) { $0 | Self.bit(of: $1) }
        attributeList = attributes.sorted()
        for file in snapshot.files {
            if everySection {
                try file.prepareAll(releasingPages: releasingPages)
            } else {
                try file.prepare(
                    attributes, identities: reads.contains(.identities), problems: reads.contains(.problems),
                    paths: reads.contains(.paths), textDocuments: reads.contains(.textDocuments),
                    releasingPages: releasingPages)
            }
            let checked = try file.checkShapes(of: attributes, reads: reads)
            // The shapes' checks read some sections again (a sparse column's rows, a tabled
            // identities section's numbers).
            if releasingPages && checked { file.releaseAllPages() }
        }
        if reads.contains(.tree) {
            var trees: [CheckedSections] = []
            for file in snapshot.files {
                do throws(IndexDamage) { trees.append(try CheckedSections(file)) } catch { throw file.damaged(error) }
            }
            self.trees = trees
        } else {
            trees = []
        }
    }

    /// A reader of `snapshot`'s file `k` alone, which `other` has checked: ``fileReaders``.
    private init(file k: Int, of other: IndexReader) {
        snapshot = IndexSnapshot(other.snapshot.files[k])
        attributes = other.attributes
        reads = other.reads
        attributeBits = other.attributeBits
        attributeList = other.attributeList
        trees = other.trees.isEmpty ? [] : [other.trees[k]]
    }

    /// One reader per file of the snapshot, base first, each made for what this one was and
    /// checked by it, its rows that file's own (``IndexSnapshot/Piece/rows``): what a scan that
    /// walks the snapshot's pieces reads each file through. Without a delta, this reader.
    package var fileReaders: [IndexReader] {
        snapshot.delta == nil ? [self] : snapshot.files.indices.map { IndexReader(file: $0, of: self) }
    }

    @inline(__always) private static func bit(of attribute: Attribute) -> UInt64 {
        UInt64(1) << UInt64(attribute.indexCode & 63)
    }

    /// True when this reader gives `attribute`'s values.
    @inline(__always) func covers(_ attribute: Attribute) -> Bool {
        attributeBits & Self.bit(of: attribute) != 0
    }

    @inline(__always) private func require(_ what: Reads) {
        precondition(reads.contains(what), "this index reader was not made for \(what)")
    }

    /// A name is read for paths, and for the attributes whose values are names.
    @inline(__always) private func requireNames() {
        precondition(
            reads.contains(.paths) || covers(.fsName) || covers(.path) || covers(.displayName),
            "this index reader was not made for paths")
    }

    /// One file's rows: the type table and the tree are each file's own.
    @inline(__always) private func requireOneFile() {
        precondition(snapshot.delta == nil, "a reader of one file (fileReaders) reads this")
    }

    @inline(__always) private func require(_ attribute: Attribute) {
        precondition(covers(attribute), "this index reader was not made for \(attribute.name)")
    }

    // MARK: - Rows

    /// Rows in the snapshot (its merged list).
    package var itemCount: Int { snapshot.itemCount }

    /// Row `row`'s value of `attribute`, which must be one the reader was made for; nil only
    /// when the item has none.
    package func value(of attribute: Attribute, at row: Int) -> AttributeValue? {
        require(attribute)
        return snapshot.value(of: attribute, at: row)
    }

    /// Row `row` as an attribute source (what the query evaluator and the result writers read),
    /// for the attributes the reader was made for.
    package func row(_ row: Int) -> ReaderRow { ReaderRow(reader: self, row: row) }

    /// Row `row`'s values of every attribute the reader was made for.
    package func attributes(at row: Int) -> AttributeSet {
        var set = AttributeSet()
        for attribute in attributeList {
            if let value = snapshot.value(of: attribute, at: row) { set[attribute] = value }
        }
        return set
    }

    /// Row `row`'s path, raw bytes.
    package func path(at row: Int) -> [UInt8] {
        require(.paths)
        return snapshot.path(at: row)
    }

    /// Row `row`'s last path component, raw bytes (no walk up the parents).
    package func name(at row: Int) -> [UInt8] {
        requireNames()
        return snapshot.name(at: row)
    }

    /// Row `row`'s type-table entry, in a reader of one file: rows with equal entries have equal
    /// `contentType`, `contentTypeTree`, `mimeType` and `kind`, so a scan decides a type test
    /// once per entry. Nil when the entry is past the file's table.
    package func typeID(at row: Int) -> Int? {
        requireOneFile()
        precondition(
            IndexFormat.typeAttributes.contains(where: covers), "this index reader was not made for a type attribute")
        return snapshot.base.typeID(at: row)
    }

    /// Row `row`'s parent row (nil for a root's whole path), in a reader of one file made with
    /// ``Reads/tree``: always an earlier row.
    func parentRow(at row: Int) -> Int? {
        requireOneFile()
        require(.tree)
        let parent = trees[0].parent(row)
        return parent == IndexFormat.absent32 ? nil : Int(parent)
    }

    /// Row `row`'s name in place, in a reader of one file made with ``Reads/tree``: valid for as
    /// long as the reader lives (it holds the mapping).
    func nameBytes(at row: Int) -> UnsafeRawBufferPointer {
        requireOneFile()
        require(.tree)
        return trees[0].string(trees[0].nameID(row))
    }

    /// Row `row`'s identity (device, inode, size, times).
    package func identity(at row: Int) -> FileIdentity {
        require(.identities)
        return snapshot.identity(at: row)
    }

    /// Why row `row`'s content could not be read, if it could not.
    package func problem(at row: Int) -> ItemProblem? {
        require(.problems)
        return snapshot.problem(at: row)
    }

    /// Row `row`'s document number in the text store; nil when it has no words there.
    package func textDocument(at row: Int) -> UInt32? {
        require(.textDocuments)
        return snapshot.textDocument(at: row)
    }

    /// The whole item: path, identity, every attribute and problem (a reader made for everything).
    func item(at row: Int) -> IndexedItem {
        require([.paths, .identities, .problems])
        precondition(attributes.count == Attribute.allCases.count, "this index reader was not made for every attribute")
        return snapshot.item(at: row)
    }

    /// The row holding `path`, by binary search over the sorted paths.
    package func rowIndex(ofPath path: [UInt8]) -> Int? {
        require(.paths)
        return snapshot.rowIndex(ofPath: path)
    }

    /// The first row whose path sorts at or after `path`.
    func lowerBound(_ path: [UInt8]) -> Int {
        require(.paths)
        return snapshot.lowerBound(path)
    }

    // MARK: - Whole-index reads

    /// The problems of the visible items.
    package func problems() throws(FSFindError) -> [ItemProblem] {
        require(.problems)
        return try snapshot.problems()
    }
}

/// One row of an ``IndexReader``, as the query evaluator and the result writers read an item.
package struct ReaderRow: AttributeSource, Sendable {
    let reader: IndexReader
    let row: Int

    package func value(of attribute: Attribute) -> AttributeValue? { reader.value(of: attribute, at: row) }

    /// The row's path, raw bytes.
    var path: [UInt8] { reader.path(at: row) }
}

extension IndexSnapshot {
    /// A reader of `attributes` over this snapshot, every section it touches verified: what a
    /// query reads, with each row's path (`paths`: ``IndexReader/path(at:)``, ``IndexReader/name(at:)``,
    /// look-ups by path) and its number in the text store (`textDocuments`: ``IndexReader/textDocument(at:)``).
    /// Identities, problems and the tree are read by ``readerOfEverything(tree:releasingPages:)``
    /// and a refresh's ``IndexFile/treeReader(for:releasingPages:)``.
    /// - Throws: ``FSFindError`` `.indexCorrupt` naming the damaged file and section.
    package func reader(
        for attributes: Set<Attribute>, paths: Bool = true, textDocuments: Bool = false, releasingPages: Bool = false
    ) throws(FSFindError) -> IndexReader {
        var reads: IndexReader.Reads = paths ? .paths : []
        if textDocuments { reads.insert(.textDocuments) }
        return try reader(for: attributes, reading: reads, releasingPages: releasingPages)
    }

    /// A reader of `attributes` and `reads` over this snapshot, every section they touch verified.
    func reader(
        for attributes: Set<Attribute>, reading reads: IndexReader.Reads, releasingPages: Bool = false
    ) throws(FSFindError) -> IndexReader {
        try IndexReader(
            self, attributes: attributes, reads: reads, everySection: false, releasingPages: releasingPages)
    }

    /// A reader of everything (every attribute, path, identity, problem and document), every
    /// section of every file verified: `show`, `export`, `status` and a fold; `tree` adds
    /// ``IndexReader/Reads/tree`` (a refresh that copies the file).
    package func readerOfEverything(tree: Bool = false, releasingPages: Bool = false) throws(FSFindError)
        -> IndexReader
    {
        try IndexReader(
            self, attributes: Set(Attribute.allCases), reads: tree ? [.all, .tree] : .all, everySection: true,
            releasingPages: releasingPages)
    }
}

extension IndexFile {
    /// ``IndexSnapshot/reader(for:paths:textDocuments:releasingPages:)`` of this file alone.
    func reader(
        for attributes: Set<Attribute>, paths: Bool = true, textDocuments: Bool = false, releasingPages: Bool = false
    ) throws(FSFindError) -> IndexReader {
        try IndexSnapshot(self).reader(
            for: attributes, paths: paths, textDocuments: textDocuments, releasingPages: releasingPages)
    }

    /// ``IndexSnapshot/reader(for:reading:releasingPages:)`` of this file alone.
    func reader(
        for attributes: Set<Attribute>, reading reads: IndexReader.Reads, releasingPages: Bool = false
    ) throws(FSFindError) -> IndexReader {
        try IndexSnapshot(self).reader(for: attributes, reading: reads, releasingPages: releasingPages)
    }

    /// A reader of the folder tree as a refresh compares a crawl with it: every row's path,
    /// identity and problem, its parent and name (``FolderChildren``), and `attributes`; each section's pages given back once
    /// checked when `releasingPages`.
    package func treeReader(for attributes: Set<Attribute>, releasingPages: Bool = false) throws(FSFindError)
        -> IndexReader
    {
        try reader(for: attributes, reading: [.paths, .identities, .problems, .tree], releasingPages: releasingPages)
    }

    /// ``IndexSnapshot/readerOfEverything(tree:releasingPages:)`` of this file alone.
    package func readerOfEverything(tree: Bool = false, releasingPages: Bool = false) throws(FSFindError)
        -> IndexReader
    {
        try IndexSnapshot(self).readerOfEverything(tree: tree, releasingPages: releasingPages)
    }
}
