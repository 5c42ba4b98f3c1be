import FSFindModel
import Foundation
import Synchronization

/// An index file opened for reading: mapped, its header and section directory checked, each
/// section's checksum verified the first time the section is used.
///
/// Opening reads only the header; a query that needs names and one column checksums and touches
/// only those sections. Safe to share between threads: the mapping is read-only and the record of
/// verified sections is atomic.
package final class IndexFile: Sendable, PathOrderedRows {
    package let path: String
    let formatVersion: Int
    /// Items in the file, in path-byte order; row indexes run `0..<itemCount`.
    package let itemCount: Int
    package let createdAt: Date
    /// The header's checksum, which names the file's exact contents: a delta records its base's
    /// (``IndexOverlay/applies(to:)``).
    let headerChecksum: UInt32
    /// The file's length in bytes.
    package var fileSize: Int { region.count }

    let region: MappedRegion
    let sections: [SectionEntry]
    let fixed: FixedSections
    let columns: [Attribute: Int]

    /// True when the file has a column for `attribute` (a build that knew it wrote the file, and
    /// some item has it).
    package func hasColumn(_ attribute: Attribute) -> Bool { columns[attribute] != nil }
    /// Bit `i` set once section `i`'s checksum has matched.
    private let verified: Atomic<UInt64>
    /// The file as ``VerifiedFiles`` names it; nil for an index held in memory.
    let verifiedKey: VerifiedFiles.Key?
    /// Bit `i` set once section `i`'s checksum has failed, so a scan over a damaged column does
    /// not checksum the whole section again for every row.
    private let failed: Atomic<UInt64>
    /// Bit `i` set once section `i`'s shape has passed ``checkShapes(of:reads:)``.
    let shaped: Atomic<UInt64>
    /// Whether every row's number in a tabled identities section is inside the identity table: 0
    /// not checked yet, 1 yes, 2 no (``identitiesView()`` checks once; each key of `fsfind
    /// search` makes its views again; a file whose identities' shape this process checked
    /// already starts at 1).
    let identityNumbersChecked: Atomic<UInt8>
    /// Whether the words section's shape was checked (``wordLexicon()``): 0 not yet, 1 sound, 2
    /// damaged. Checking walks every word; a long-running reader makes a plan per search.
    let wordsChecked = Atomic<UInt8>(0)

    /// Opens and maps `path`: `.indexMissing` when absent, `.indexCorrupt` when empty, foreign, of
    /// another version, truncated or with a damaged header.
    package convenience init(path: String) throws(FSFindError) {
        try self.init(path: path, versions: IndexFormat.readableVersions)
    }

    /// Opens a file of any of `versions`; only the current version may be read beyond its roots.
    convenience init(path: String, versions: ClosedRange<UInt32>) throws(FSFindError) {
        try self.init(region: try MappedRegion.map(path: path), path: path, versions: versions)
    }

    /// Opens an index held in memory, checked exactly as a file is; `name` stands for the path in
    /// messages.
    convenience init(bytes: [UInt8], name: String) throws(FSFindError) {
        try self.init(region: .copy(of: bytes), path: name, versions: IndexFormat.readableVersions)
    }

    private init(region: MappedRegion, path: String, versions: ClosedRange<UInt32>) throws(FSFindError) {
        let header: ParsedHeader
        do {
            header = try ParsedHeader(region.bytes, path: path, versions: versions)
        } catch {
            region.unmap()
            throw error
        }
        self.path = path
        self.region = region
        self.formatVersion = Int(header.version)
        self.itemCount = header.itemCount
        self.createdAt = header.createdAt
        self.sections = header.sections
        self.fixed = header.fixed
        self.columns = header.columns
        self.headerChecksum = header.headerChecksum
        var key = region.file
        key?.headerChecksum = header.headerChecksum
        self.verifiedKey = key
        // What this process verified of the very same file already (a base opened again for each
        // of a watcher's batches) is not read again.
        self.verified = Atomic(key.map { VerifiedFiles.sections(of: $0) } ?? 0)
        let shapes = key.map { VerifiedFiles.sections(of: $0, .shape) } ?? 0
        self.shaped = Atomic(shapes)
        self.identityNumbersChecked = Atomic(shapes & (UInt64(1) << UInt64(header.fixed.identities)) != 0 ? 1 : 0)
        self.failed = Atomic(0)
    }

    deinit { region.unmap() }

    // MARK: - Verification

    /// Verifies the checksums of the sections these attributes need, plus the path sections
    /// (tests; readers are made by ``IndexSnapshot/reader(for:reading:releasingPages:)``).
    func prepare(_ attributes: Set<Attribute>) throws(FSFindError) {
        try prepare(attributes, identities: false, problems: false)
    }

    /// Verifies the checksums of the sections that reading `attributes` (and, when asked, the
    /// identities, problems, paths and text documents) touches: what an ``IndexReader`` does
    /// when it is made.
    ///
    /// - Parameter paths: whether the rows' paths will be read (printed, compared): their names
    ///   and strings sections are checked up front then, so damage is reported before any output.
    ///   A count of a query on other attributes does not read them.
    /// - Parameter releasingPages: give each section's pages back once checked, for a caller
    ///   that then reads only a few rows (a watcher's batch): checking reads every byte.
    func prepare(
        _ attributes: Set<Attribute>, identities: Bool, problems: Bool, paths: Bool = true,
        textDocuments: Bool = false, releasingPages: Bool = false
    ) throws(FSFindError) {
        let needed = sectionsRead(
            by: attributes, identities: identities, problems: problems, paths: paths, textDocuments: textDocuments)
        for section in needed {
            try verify(section, releasing: releasingPages)
            if releasingPages { releasePages(ofSections: [section]) }
        }
    }

    /// The positions in the directory of the sections that reading `attributes` (and the rest,
    /// as asked) touches, ascending.
    func sectionsRead(
        by attributes: Set<Attribute>, identities: Bool, problems: Bool, paths: Bool, textDocuments: Bool
    ) -> [Int] {
        var needed: Set<Int> = [fixed.derivedFlags]
        let namesNeeded = attributes.contains { $0 == .path || $0 == .fsName || $0 == .displayName }
        if paths || namesNeeded { needed.formUnion([fixed.strings, fixed.names]) }
        for attribute in attributes {
            if IndexFormat.typeAttributes.contains(attribute) {
                needed.formUnion([fixed.typeTable, fixed.typeColumn, fixed.lists, fixed.strings])
            }
            if attribute.type == .textList { needed.formUnion([fixed.lists, fixed.strings]) }
            if attribute.type == .text { needed.insert(fixed.strings) }
            if attribute == .fileSize || attribute == .contentModificationDate || attribute == .attributeChangeDate {
                needed.insert(fixed.identities)
            }
            // A derived contentCreationDate is the item's fsCreationDate.
            if attribute == .contentCreationDate, let column = columns[.fsCreationDate] { needed.insert(column) }
            if let column = columns[attribute] { needed.insert(column) }
        }
        if identities { needed.insert(fixed.identities) }
        if problems { needed.formUnion([fixed.problems, fixed.strings]) }
        if textDocuments, let section = fixed.textDocuments { needed.insert(section) }
        if needed.contains(fixed.identities), let table = fixed.identityTable { needed.insert(table) }
        return needed.sorted()
    }

    /// Verifies every section's checksum.
    ///
    /// - Parameter releasingPages: give each section's pages back once checked
    ///   (``releasePages(ofSections:)``), for a writer that then copies the file a section at a
    ///   time: checking an index otherwise leaves all of it resident before the copy starts.
    func prepareAll(releasingPages: Bool = false) throws(FSFindError) {
        for section in sections.indices {
            try verify(section, releasing: releasingPages)
            if releasingPages { releasePages(ofSections: [section]) }
        }
    }

    /// Checks section `index` against its checksum, once per file in this process (``VerifiedFiles``);
    /// later calls cost one atomic load.
    ///
    /// - Parameter releasing: give the section's pages back a megabyte at a time as the checksum
    ///   passes them, so checking a section never has more than that of it resident (a watcher's
    ///   start checked its largest sections whole on top of everything else it held:
    ///   `benchmarks/RESULTS.md`, "A fold, a refresh and a watcher's start without the whole index
    ///   in memory").
    func verify(_ index: Int, releasing: Bool = false) throws(FSFindError) {
        let bit = UInt64(1) << UInt64(index)
        if verified.load(ordering: .acquiring) & bit != 0 { return }
        let entry = sections[index]
        // Worded only when thrown: the section's name is an enum case's, found by reflection
        // (a seventh of a small query's start when it was worded for every section).
        var mismatch: FSFindError {
            FSFindError.indexCorrupt(path, "is damaged (checksum mismatch in its \(entry.name) section)")
        }
        if failed.load(ordering: .relaxed) & bit != 0 { throw mismatch }
        var checksum = CRC32C.checksum([])
        var start = entry.offset
        let end = entry.offset + entry.length
        let step = releasing ? 1 << 20 : entry.length
        while start < end {
            let stop = min(end, start + step)
            checksum = CRC32C.update(checksum, UnsafeRawBufferPointer(rebasing: region.bytes[start..<stop]))
            if releasing { region.release(start..<stop) }
            start = stop
        }
        guard checksum == entry.checksum else {
            failed.bitwiseOr(bit, ordering: .relaxed)
            throw mismatch
        }
        verified.bitwiseOr(bit, ordering: .releasing)
        if let verifiedKey { VerifiedFiles.record(bit, of: verifiedKey) }
    }

    /// Section `index`'s bytes, verified; ``IndexDamage`` when the checksum does not match.
    func bytes(of index: Int) throws(IndexDamage) -> UnsafeRawBufferPointer {
        do {
            try verify(index)
        } catch {
            throw IndexDamage(error.message)
        }
        let entry = sections[index]
        return UnsafeRawBufferPointer(rebasing: region.bytes[entry.offset..<(entry.offset + entry.length)])
    }

    /// Lets the kernel take back the mapped pages of sections `indexes` (``MappedRegion/release(_:)``):
    /// what a writer copying this file calls behind its copy, so a fold of a million rows does not
    /// keep the whole old file resident while it writes the new one. Later reads still work.
    func releasePages(ofSections indexes: [Int]) {
        for index in indexes where sections.indices.contains(index) {
            let entry = sections[index]
            region.release(entry.offset..<(entry.offset + entry.length))
        }
    }

    /// ``releasePages(ofSections:)`` for every section: what a crawl compared with this file calls
    /// now and then, since it reads rows in no order the pages could be given back behind.
    package func releaseAllPages() { releasePages(ofSections: Array(sections.indices)) }

    /// ``releasePages(ofSections:)`` for the per-row records (names, flags, identities, type
    /// column) of `rows` only.
    func releaseRowPages(_ rows: Range<Int>) {
        let identities = IdentityLayout(format: sections[fixed.identities].format) ?? .wide
        for (index, size, header) in [
            (fixed.names, 8, 8), (fixed.derivedFlags, 1, 8),
            (fixed.identities, identities.recordSize, identities.headerSize),
            (fixed.typeColumn, typeColumnWidth, 8),
        ] {
            let start = sections[index].offset + header
            region.release((start + size * rows.lowerBound)..<(start + size * rows.upperBound))
        }
    }

    // MARK: - Public reads

    /// The roots recorded in the index at `path` when it was written by an older fsfind whose
    /// roots this one can still read; nil when it cannot be read at all.
    package static func rootsOfOlderFormat(path: String) -> [IndexRoot]? {
        try? IndexFile(path: path, versions: IndexFormat.versionsWithReadableRoots).roots()
    }

    /// The roots recorded in the file, with their crawl options.
    package func roots() throws(FSFindError) -> [IndexRoot] {
        do {
            return try decodeRoots()
        } catch {
            throw damaged(error)
        }
    }

    /// The item's path, raw bytes; empty if the file is damaged in a way its checksums missed.
    func path(at index: Int) -> [UInt8] {
        checkRow(index)
        return (try? pathBytes(at: index)) ?? []
    }

    /// The item's last path component, raw bytes (cheaper than the path: no walk up the parents).
    func name(at index: Int) -> [UInt8] {
        checkRow(index)
        return (try? nameBytes(at: index)) ?? []
    }

    /// The item's identity (device, inode, size, times); zeros if damaged past its checksums.
    func identity(at index: Int) -> FileIdentity {
        checkRow(index)
        return (try? decodeIdentity(at: index))
            ?? FileIdentity(device: 0, inode: 0, size: 0, mtimeNanos: 0, ctimeNanos: 0)
    }

    /// Why the item's content could not be read, if it could not.
    func problem(at index: Int) -> ItemProblem? {
        checkRow(index)
        return (try? decodeProblem(at: index)) ?? nil
    }

    /// The row's type-table entry: rows with equal entries have equal `contentType`,
    /// `contentTypeTree`, `mimeType` and `kind`. Nil when damaged past its checksums.
    func typeID(at index: Int) -> Int? {
        checkRow(index)
        return (try? decodeTypeID(at: index)).map(Int.init)
    }

    /// The item's value for `attribute`; nil when absent or unreadable.
    func value(of attribute: Attribute, at index: Int) -> AttributeValue? {
        checkRow(index)
        return (try? decodeValue(of: attribute, at: index)) ?? nil
    }

    /// Every attribute of the item (for `show`).
    func attributes(at index: Int) -> AttributeSet {
        checkRow(index)
        var set = AttributeSet()
        for attribute in Attribute.allCases {
            if let value = (try? decodeValue(of: attribute, at: index)) ?? nil { set[attribute] = value }
        }
        return set
    }

    /// The whole item (for incremental merge); its words' number is ``textDocument(at:)``.
    func item(at index: Int) -> IndexedItem {
        checkRow(index)
        return IndexedItem(
            path: path(at: index), identity: identity(at: index), attributes: attributes(at: index),
            problem: problem(at: index))
    }

    /// The text store's number for row `index`'s words (its document), nil when it has none or
    /// the section cannot be read: what a row copied into another file carries over.
    func textDocument(at index: Int) -> UInt32? {
        (try? textDocuments())??.document(ofRow: index)
    }

    /// Rows at `folder` or below it: its own row and the block of paths under it.
    package func rows(within folder: [UInt8]) -> [Range<Int>] { pathRows(within: folder) }

    /// The row holding `path`, by binary search over the sorted paths.
    func rowIndex(ofPath path: [UInt8]) -> Int? {
        var low = 0
        var high = itemCount
        guard let comparer = try? pathComparer() else { return nil }
        return path.withUnsafeBytes { target -> Int? in
            while low < high {
                let mid = low + (high - low) / 2
                guard let order = try? comparer.compare(mid, with: target) else { return nil }
                if order == 0 { return mid }
                if order < 0 { low = mid + 1 } else { high = mid }
            }
            return nil
        }
    }

    /// True when row `row`'s path is `path` (compared in place, nothing built).
    func hasPath(_ path: [UInt8], at row: Int) -> Bool {
        guard row >= 0, row < itemCount else { return false }
        return path.withUnsafeBytes { (try? comparePath(at: row, with: $0)) == 0 }
    }

    /// ``lowerBound(_:)`` for a path known to sort at or after row `start`'s: a galloping
    /// search from `start`, so a run of lookups in path order costs a few comparisons each
    /// (the distance to the next match), not a search of the whole file each.
    func lowerBound(_ path: [UInt8], from start: Int) -> Int {
        let comparer = try? pathComparer()
        return path.withUnsafeBytes { target -> Int in
            func before(_ row: Int) -> Bool {
                ((try? comparer?.compare(row, with: target)) ?? IndexFormat.compare([], path)) < 0
            }
            var low = max(0, start)
            var step = 1
            var high = low
            while high < itemCount, before(high) {
                low = high + 1
                high = low + step
                step *= 2
            }
            high = min(high, itemCount)
            while low < high {
                let mid = low + (high - low) / 2
                if before(mid) { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }

    /// The first row whose path is not below `path` in byte order.
    func lowerBound(_ path: [UInt8]) -> Int {
        var low = 0
        var high = itemCount
        let comparer = try? pathComparer()
        return path.withUnsafeBytes { target -> Int in
            while low < high {
                let mid = low + (high - low) / 2
                // A damaged row sorts as its (empty) path would, as `path(at:)` gives it.
                let order = (try? comparer?.compare(mid, with: target)) ?? IndexFormat.compare([], path)
                if order < 0 { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }

    /// Every item, verified and decoded; `.indexCorrupt` on any damage.
    func allItems() throws(FSFindError) -> [IndexedItem] {
        try prepareAll()
        var items: [IndexedItem] = []
        items.reserveCapacity(itemCount)
        // The four type attributes are equal for every row of one type-table entry: decode them
        // once per entry and share the values (and their string and list buffers) between rows.
        // A refresh of a million items otherwise allocates millions of identical strings.
        var typeValues: [UInt32: [(Attribute, AttributeValue)]] = [:]
        let otherAttributes = Attribute.allCases.filter { !IndexFormat.typeAttributes.contains($0) }
        do {
            for index in 0..<itemCount {
                var set = AttributeSet()
                let typeID = try decodeTypeID(at: index)
                if typeValues[typeID] == nil {
                    var values: [(Attribute, AttributeValue)] = []
                    for attribute in IndexFormat.typeAttributes {
                        if let value = try decodeValue(of: attribute, at: index) { values.append((attribute, value)) }
                    }
                    typeValues[typeID] = values
                }
                for (attribute, value) in typeValues[typeID] ?? [] { set[attribute] = value }
                for attribute in otherAttributes {
                    if let value = try decodeValue(of: attribute, at: index) { set[attribute] = value }
                }
                items.append(
                    IndexedItem(
                        path: try pathBytes(at: index), identity: try decodeIdentity(at: index), attributes: set,
                        problem: try decodeProblem(at: index)))
            }
        } catch {
            throw damaged(error)
        }
        return items
    }

    /// Everything in the file, as ``IndexWriter`` was given it (sorted, one item per path).
    func contents() throws(FSFindError) -> IndexContents {
        IndexContents(roots: try roots(), items: try allItems(), createdAt: createdAt)
    }

    private func checkRow(_ index: Int) {
        precondition(index >= 0 && index < itemCount, "row \(index) out of 0..<\(itemCount)")
    }

    /// `damage` as the `.indexCorrupt` error that names this file.
    func damaged(_ damage: IndexDamage) -> FSFindError {
        // A checksum failure already reads "the index file … is damaged (…)"; keep its words.
        if damage.what.hasPrefix("the index file") {
            return FSFindError(.indexCorrupt, damage.what, path: path, remedy: .rebuildIndex)
        }
        return FSFindError.indexCorrupt(path, "is damaged (\(damage.what))")
    }
}

/// One entry of the section directory, bounds already checked against the file.
struct SectionEntry: Sendable {
    let kind: SectionKind
    let param: UInt32
    let offset: Int
    let length: Int
    let checksum: UInt32
    let format: UInt32

    var name: String {
        if kind == .column, let attribute = Attribute(indexCode: param) { return "\(attribute.name) column" }
        return "\(kind)"
    }
}

/// Directory positions of the sections every file has.
struct FixedSections: Sendable {
    var strings = 0, lists = 0, roots = 0, names = 0, derivedFlags = 0
    var identities = 0, typeTable = 0, typeColumn = 0, problems = 0
    /// A delta's overlay section; nil in a base file.
    var overlay: Int?
    /// The rows with words in the text store; nil when none has.
    var textDocuments: Int?
    /// The distinct identities the rows number, when the identities are tabled (format 5).
    var identityTable: Int?
    /// The words of the strings (format 6); nil in an older file.
    var words: Int?
}
