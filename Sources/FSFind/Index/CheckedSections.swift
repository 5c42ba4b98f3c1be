/// The per-row sections and the string table of an open ``IndexFile``, checked once as a whole so
/// that loops over every row can read them without a bounds check per read.
///
/// Checking means: every per-row section holds one record per row; string offsets never decrease
/// and end inside the blob; every row's name id names a string and its parent is an earlier row.
/// After that, each accessor's arithmetic stays inside the mapping for any `row < itemCount` and
/// any `id < stringCount`. A refresh reads a million rows through this; the bounds-checked row
/// reads of ``IndexFile`` cost more than the copying itself.
struct CheckedSections {
    let itemCount: Int
    let names: UnsafeRawBufferPointer
    let flags: UnsafeRawBufferPointer
    let identities: UnsafeRawBufferPointer
    let types: UnsafeRawBufferPointer
    let typeWidth: Int
    let stringCount: Int
    /// Bytes of all strings together.
    var stringBytes: Int { stringBlob.count }
    private let stringOffsets: UnsafeRawBufferPointer
    private let stringBlob: UnsafeRawBufferPointer

    init(_ file: IndexFile) throws(IndexDamage) {
        itemCount = file.itemCount
        names = try file.perItem(file.fixed.names, recordSize: 8)
        flags = try file.perItem(file.fixed.derivedFlags, recordSize: 1)
        identities = try file.perItem(file.fixed.identities, recordSize: 40)
        typeWidth = file.sections[file.fixed.typeColumn].format == 2 ? 2 : 4
        types = try file.perItem(file.fixed.typeColumn, recordSize: typeWidth)
        let strings = try file.bytes(of: file.fixed.strings)
        stringCount = Int(try strings.littleEndianUInt32(at: 0))
        stringOffsets = try strings.slice(from: 4, count: try Checked.multiply(stringCount + 1, 4))
        let blobStart = 4 + stringOffsets.count
        stringBlob = try strings.slice(from: blobStart, count: strings.count - blobStart)
        var previous: UInt32 = 0
        for id in 0...stringCount {
            let offset = stringOffsets.loadUnaligned(fromByteOffset: 4 * id, as: UInt32.self).littleEndian
            guard offset >= previous, Int(offset) <= stringBlob.count else { throw IndexDamage("string offsets") }
            previous = offset
        }
        for row in 0..<itemCount {
            let parent = names.loadUnaligned(fromByteOffset: 8 * row, as: UInt32.self).littleEndian
            let name = names.loadUnaligned(fromByteOffset: 8 * row + 4, as: UInt32.self).littleEndian
            guard parent == IndexFormat.absent32 || Int(parent) < row else { throw IndexDamage("parent row") }
            guard Int(name) < stringCount else { throw IndexDamage("string id \(name)") }
        }
    }

    /// The row's parent row, ``IndexFormat/absent32`` for none.
    func parent(_ row: Int) -> UInt32 {
        names.loadUnaligned(fromByteOffset: 8 * row, as: UInt32.self).littleEndian
    }

    /// The row's name string id (its whole path when it has no parent).
    func nameID(_ row: Int) -> UInt32 {
        names.loadUnaligned(fromByteOffset: 8 * row + 4, as: UInt32.self).littleEndian
    }

    func typeID(_ row: Int) -> UInt32 {
        typeWidth == 2
            ? UInt32(types.loadUnaligned(fromByteOffset: 2 * row, as: UInt16.self).littleEndian)
            : types.loadUnaligned(fromByteOffset: 4 * row, as: UInt32.self).littleEndian
    }

    /// String `id`'s bytes; `id` must be below ``stringCount``.
    func string(_ id: UInt32) -> UnsafeRawBufferPointer {
        let start = Int(stringOffsets.loadUnaligned(fromByteOffset: 4 * Int(id), as: UInt32.self).littleEndian)
        let end = Int(stringOffsets.loadUnaligned(fromByteOffset: 4 * Int(id) + 4, as: UInt32.self).littleEndian)
        return UnsafeRawBufferPointer(rebasing: stringBlob[start..<end])
    }
}
