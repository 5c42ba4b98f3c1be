import FSFindModel

/// How the identities section stores a row's identity; its directory `format` field.
///
/// Format 3's records were 40 bytes: device, inode, size, modification and change time, 8 each.
/// Since format 4 a file whose rows all live on one device stores the device once, after the
/// section's prefix, and a file whose inodes (sizes) all fit in 32 bits stores them in 4 bytes:
/// 24 bytes a row on an ext4 tree of files under 4 GiB, 16 fewer than format 3's
/// (`docs/index-format.md`). The times stay 8 bytes: nanoseconds since 1970,
/// what a refresh compares and the derived dates read exactly.
///
/// Since format 5 a file whose rows share few distinct identities (hard links: every link to an
/// inode has its identity, as in a backup tree of hard-linked snapshots or the benchmark tree, whose
/// 969,000 files are links to 58,700 inodes) stores each distinct identity once, in the
/// `identityTable` section, and per row only its 2- or 4-byte number there (``Numbering``).
struct IdentityLayout: Sendable, Equatable {
    /// The `format` bits.
    let bits: UInt32
    static let sharedDeviceBit: UInt32 = 1
    static let narrowInodesBit: UInt32 = 2
    static let narrowSizesBit: UInt32 = 4
    /// Rows hold numbers of entries of the `identityTable` section (format 5).
    static let tabledBit: UInt32 = 8
    /// Those numbers are u32, not u16.
    static let wideNumbersBit: UInt32 = 16
    static let knownBits = sharedDeviceBit | narrowInodesBit | narrowSizesBit | tabledBit | wideNumbersBit

    /// Format 3's layout (`format` 0): 40-byte records.
    static let wide = IdentityLayout(bits: 0)

    private init(bits: UInt32) { self.bits = bits }

    /// The layout a directory entry names; nil for bits this build does not know (damage).
    init?(format: UInt32) {
        guard format & ~Self.knownBits == 0, format & Self.tabledBit != 0 || format & Self.wideNumbersBit == 0 else {
            return nil
        }
        bits = format
    }

    /// The narrowest layout that holds every identity `each` gives (it calls its argument once per
    /// identity): the device shared when there is one, inodes and sizes narrow when they all fit,
    /// each distinct identity stored once when that at least halves the rows' records; that
    /// device (0 when none is shared) and the table (nil when not tabled).
    static func fitting(rows: Int, _ each: ((FileIdentity) -> Void) -> Void) -> (
        IdentityLayout, device: UInt64, table: Numbering<FileIdentity>?
    ) {
        var device: UInt64?
        var shared = true
        var narrowInodes = true
        var narrowSizes = true
        var table: Numbering<FileIdentity>? =
            rows >= Numbering<FileIdentity>.minimumRows ? Numbering(limit: rows / 2) : nil
        each { identity in
            if shared, device.map({ $0 != identity.device }) ?? false { shared = false }
            if device == nil { device = identity.device }
            if identity.inode >= 1 << 32 { narrowInodes = false }
            if identity.size < 0 || identity.size >= 1 << 32 { narrowSizes = false }
            if table?.add(identity) == false { table = nil }
        }
        var bits =
            (shared ? sharedDeviceBit : 0) | (narrowInodes ? narrowInodesBit : 0) | (narrowSizes ? narrowSizesBit : 0)
        if let table { bits |= tabledBit | (table.count > 0x1_0000 ? wideNumbersBit : 0) }
        return (IdentityLayout(bits: bits), shared ? device ?? 0 : 0, table)
    }

    @usableFromInline var sharedDevice: Bool { bits & Self.sharedDeviceBit != 0 }
    @usableFromInline var narrowInodes: Bool { bits & Self.narrowInodesBit != 0 }
    @usableFromInline var narrowSizes: Bool { bits & Self.narrowSizesBit != 0 }
    /// Whether the rows hold numbers of `identityTable` entries rather than identities.
    var tabled: Bool { bits & Self.tabledBit != 0 }

    /// Bytes before the first record: the prefix, and the shared device after it.
    var headerSize: Int { sharedDevice ? 16 : 8 }
    /// Bytes per identity record (per row, or per table entry when ``tabled``).
    var entrySize: Int { (sharedDevice ? 0 : 8) + (narrowInodes ? 4 : 8) + (narrowSizes ? 4 : 8) + 16 }
    /// Bytes per row of the identities section: a record, or a table entry's number.
    var recordSize: Int { tabled ? (bits & Self.wideNumbersBit != 0 ? 4 : 2) : entrySize }

    @usableFromInline var inodeOffset: Int { sharedDevice ? 0 : 8 }
    @usableFromInline var sizeOffset: Int { inodeOffset + (narrowInodes ? 4 : 8) }
    @usableFromInline var modificationOffset: Int { sizeOffset + (narrowSizes ? 4 : 8) }

    /// Record `row`'s identity from the records (after the header, or the table's entries),
    /// `device` the shared one. Unchecked: the caller checked the records' size.
    func identity(in records: UnsafeRawBufferPointer, row: Int, device shared: UInt64) -> FileIdentity {
        let base = row * entrySize
        func u64(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: records.loadUnaligned(fromByteOffset: base + offset, as: UInt64.self))
        }
        func u32(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: records.loadUnaligned(fromByteOffset: base + offset, as: UInt32.self)))
        }
        return FileIdentity(
            device: sharedDevice ? shared : u64(0),
            inode: narrowInodes ? u32(inodeOffset) : u64(inodeOffset),
            size: Int64(bitPattern: narrowSizes ? u32(sizeOffset) : u64(sizeOffset)),
            mtimeNanos: Int64(bitPattern: u64(modificationOffset)),
            ctimeNanos: Int64(bitPattern: u64(modificationOffset + 8)))
    }

    /// Appends the row's record: `identity`'s, or its number in `table` when tabled (which this
    /// layout and table must hold: see ``fitting(rows:_:)``).
    func append(_ identity: FileIdentity, table: Numbering<FileIdentity>?, to writer: inout ByteWriter)
        throws(FSFindError)
    {
        guard tabled else { return appendEntry(identity, to: &writer) }
        guard let number = table?.number(of: identity) else {
            throw FSFindError(.io, "internal error: an identity missing from the identity table")
        }
        if recordSize == 4 { writer.appendLittleEndian(number) } else { writer.appendLittleEndian(UInt16(number)) }
    }

    /// Appends `identity`'s record, as a row or a table entry holds it.
    func appendEntry(_ identity: FileIdentity, to writer: inout ByteWriter) {
        if !sharedDevice { writer.appendLittleEndian(identity.device) }
        if narrowInodes {
            writer.appendLittleEndian(UInt32(truncatingIfNeeded: identity.inode))
        } else {
            writer.appendLittleEndian(identity.inode)
        }
        if narrowSizes {
            writer.appendLittleEndian(UInt32(truncatingIfNeeded: identity.size))
        } else {
            writer.appendLittleEndian(UInt64(bitPattern: identity.size))
        }
        writer.appendLittleEndian(UInt64(bitPattern: identity.mtimeNanos))
        writer.appendLittleEndian(UInt64(bitPattern: identity.ctimeNanos))
    }
}

/// An index file's identities, sizes checked (``IndexFile/identityRecords()``): each row's record,
/// which is its identity or, in a tabled layout, the number of its entry among `entries`.
struct IdentityRecords {
    let layout: IdentityLayout
    /// The device every row shares, when the layout stores it once (else 0).
    let device: UInt64
    /// Per row, ``IdentityLayout/recordSize`` bytes.
    let rows: UnsafeRawBufferPointer
    /// The identities, ``IdentityLayout/entrySize`` bytes each: the rows' own when not tabled.
    let entries: UnsafeRawBufferPointer
    let entryCount: Int

    /// The entry holding row `row`'s identity (`row` itself unless tabled); nil for a number past
    /// the table (damage). Unchecked: `row` is below the row count.
    func entry(ofRow row: Int) -> Int? {
        guard layout.tabled else { return row }
        let number =
            layout.recordSize == 4
            ? Int(UInt32(littleEndian: rows.loadUnaligned(fromByteOffset: 4 * row, as: UInt32.self)))
            : Int(UInt16(littleEndian: rows.loadUnaligned(fromByteOffset: 2 * row, as: UInt16.self)))
        return number < entryCount ? number : nil
    }
}
