import FSFindModel

/// The per-row sections and the string table of an open ``IndexFile``, as the query plans' views
/// (`IndexFile+Columns.swift`), plus the checks a refresh needs before it copies every row: what
/// an ``IndexReader`` made with ``IndexReader/Reads/tree`` holds, and the builder's own copy.
///
/// A query can fall back to the row reader for a section whose shape a view refuses; a refresh
/// copies the whole file, so it wants all or nothing: every view present, every string id
/// resolving inside the table, every row's name id naming a string and its parent an earlier row.
/// After that,
/// the accessors below cannot read outside the mapping for any `row < itemCount` and any
/// `id < stringCount`, and `string(_:)` never finds a hole.
///
/// Unchecked because its views hold pointers into the file's mapping, which are not `Sendable`;
/// safe to share: nothing in it is written after `init`, and an ``IndexReader`` that holds one
/// holds the file, so the mapping outlives every read.
struct CheckedSections: @unchecked Sendable {
    let itemCount: Int
    let names: NamesView
    let flags: RowRecords
    let identities: IdentitiesView
    let types: TypeColumnView
    let strings: StringsView

    var stringCount: Int { strings.count }

    init(_ file: IndexFile) throws(IndexDamage) {
        guard let names = file.namesView(), let flags = file.derivedFlagsView(),
            let identities = file.identitiesView(), let types = file.typeColumnView(), let strings = file.stringsView()
        else { throw IndexDamage("section shape") }
        itemCount = file.itemCount
        self.names = names
        self.flags = flags.records
        self.identities = identities
        self.types = types
        self.strings = strings
        for id in 0..<strings.count where strings.bytes(UInt32(id)) == nil {
            throw IndexDamage("string offsets of \(id)")
        }
        for row in 0..<itemCount {
            let parent = names.parent(row)
            guard parent == IndexFormat.absent32 || Int(parent) < row else { throw IndexDamage("parent row") }
            guard Int(names.nameID(row)) < strings.count else { throw IndexDamage("string id \(names.nameID(row))") }
        }
    }

    /// The row's parent row, ``IndexFormat/absent32`` for none.
    func parent(_ row: Int) -> UInt32 { names.parent(row) }

    /// The row's name string id (its whole path when it has no parent).
    func nameID(_ row: Int) -> UInt32 { names.nameID(row) }

    /// The row's type-table entry as stored (checked against the table by whoever uses it).
    func typeID(_ row: Int) -> UInt32 {
        switch types.records.recordSize {
        case 1: UInt32(types.records.byte(row))
        case 2: UInt32(types.records.u16(row))
        default: types.records.u32(row)
        }
    }

    /// The row's identity.
    func identity(_ row: Int) -> FileIdentity { identities.identity(row) }

    /// String `id`'s bytes; `id` must be below ``stringCount``.
    func string(_ id: UInt32) -> UnsafeRawBufferPointer {
        // Every id below the count resolves: checked in `init`.
        strings.bytes(id) ?? UnsafeRawBufferPointer(start: nil, count: 0)
    }
}
