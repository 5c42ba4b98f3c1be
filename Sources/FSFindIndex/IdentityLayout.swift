import FSFindModel

/// How the identities section stores a row's identity; its directory `format` field.
///
/// Format 3's records were 40 bytes: device, inode, size, modification and change time, 8 each.
/// Since format 4 a file whose rows all live on one device stores the device once, after the
/// section's prefix, and a file whose inodes (sizes) all fit in 32 bits stores them in 4 bytes:
/// 24 bytes a row on an ext4 tree of files under 4 GiB, the million-entry benchmark tree's 16
/// bytes per item less (`docs/index-format.md`). The times stay 8 bytes: nanoseconds since 1970,
/// what a refresh compares and the derived dates read exactly.
package struct IdentityLayout: Sendable, Equatable {
    /// The `format` bits.
    let bits: UInt32
    static let sharedDeviceBit: UInt32 = 1
    static let narrowInodesBit: UInt32 = 2
    static let narrowSizesBit: UInt32 = 4

    /// Format 3's layout (`format` 0): 40-byte records.
    static let wide = IdentityLayout(bits: 0)

    private init(bits: UInt32) { self.bits = bits }

    /// The layout a directory entry names; nil for bits this build does not know (damage).
    init?(format: UInt32) {
        guard format & ~(Self.sharedDeviceBit | Self.narrowInodesBit | Self.narrowSizesBit) == 0 else { return nil }
        bits = format
    }

    /// The narrowest layout that holds every identity `each` gives (it calls its argument once per
    /// identity): the device shared when there is one, inodes and sizes narrow when they all fit;
    /// and that device (0 when none is shared).
    static func fitting(_ each: ((FileIdentity) -> Void) -> Void) -> (IdentityLayout, device: UInt64) {
        var device: UInt64?
        var shared = true
        var narrowInodes = true
        var narrowSizes = true
        each { identity in
            if shared, device.map({ $0 != identity.device }) ?? false { shared = false }
            if device == nil { device = identity.device }
            if identity.inode >= 1 << 32 { narrowInodes = false }
            if identity.size < 0 || identity.size >= 1 << 32 { narrowSizes = false }
        }
        let layout = IdentityLayout(
            bits: (shared ? sharedDeviceBit : 0) | (narrowInodes ? narrowInodesBit : 0)
                | (narrowSizes ? narrowSizesBit : 0))
        return (layout, shared ? device ?? 0 : 0)
    }

    @usableFromInline var sharedDevice: Bool { bits & Self.sharedDeviceBit != 0 }
    @usableFromInline var narrowInodes: Bool { bits & Self.narrowInodesBit != 0 }
    @usableFromInline var narrowSizes: Bool { bits & Self.narrowSizesBit != 0 }

    /// Bytes before the first record: the prefix, and the shared device after it.
    var headerSize: Int { sharedDevice ? 16 : 8 }
    /// Bytes per row.
    var recordSize: Int { (sharedDevice ? 0 : 8) + (narrowInodes ? 4 : 8) + (narrowSizes ? 4 : 8) + 16 }

    @usableFromInline var inodeOffset: Int { sharedDevice ? 0 : 8 }
    @usableFromInline var sizeOffset: Int { inodeOffset + (narrowInodes ? 4 : 8) }
    @usableFromInline var modificationOffset: Int { sizeOffset + (narrowSizes ? 4 : 8) }

    /// Row `row`'s identity from the records (after the header), `device` the shared one.
    /// Unchecked: the caller checked the records' size.
    func identity(in records: UnsafeRawBufferPointer, row: Int, device shared: UInt64) -> FileIdentity {
        let base = row * recordSize
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

    /// Appends `identity`'s record (which this layout must hold: see ``fitting(_:)``).
    func append(_ identity: FileIdentity, to writer: inout ByteWriter) {
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
