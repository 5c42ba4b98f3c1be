import FSFindModel

/// Why a read of the mapped index stopped: an offset or length that does not fit. Internal; the
/// reader turns it into an ``FSFindError`` naming the file, or into "absent" for row reads.
struct IndexDamage: Error, Sendable {
    let what: String
    init(_ what: String) { self.what = what }
}

/// The index's reads through the shared cursor (`FSFindModel/ByteCursor.swift`), a read past
/// the end being damage.
extension ByteCursor {
    mutating func readLittleEndianUInt32() throws(IndexDamage) -> UInt32 {
        do { return try u32() } catch { throw IndexDamage("read past end") }
    }

    mutating func readLittleEndianUInt64() throws(IndexDamage) -> UInt64 {
        do { return try u64() } catch { throw IndexDamage("read past end") }
    }

    mutating func skipBytes(_ count: Int) throws(IndexDamage) {
        do { try skip(count) } catch { throw IndexDamage("skip past end") }
    }
}

extension UnsafeRawBufferPointer {
    /// The little-endian `UInt32` at `offset`, or ``IndexDamage`` when it does not fit.
    func littleEndianUInt32(at offset: Int) throws(IndexDamage) -> UInt32 {
        guard offset >= 0, offset <= count &- 4, count >= 4 else { throw IndexDamage("u32 at \(offset) past end") }
        return UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The little-endian `UInt16` at `offset`, or ``IndexDamage`` when it does not fit.
    func littleEndianUInt16(at offset: Int) throws(IndexDamage) -> UInt16 {
        guard offset >= 0, offset <= count &- 2, count >= 2 else { throw IndexDamage("u16 at \(offset) past end") }
        return UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    /// The little-endian `UInt64` at `offset`, or ``IndexDamage`` when it does not fit.
    func littleEndianUInt64(at offset: Int) throws(IndexDamage) -> UInt64 {
        guard offset >= 0, offset <= count &- 8, count >= 8 else { throw IndexDamage("u64 at \(offset) past end") }
        return UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The byte at `offset`, or ``IndexDamage`` when it does not fit.
    func byte(at offset: Int) throws(IndexDamage) -> UInt8 {
        guard offset >= 0, offset < count else { throw IndexDamage("byte at \(offset) past end") }
        return self[offset]
    }

    /// `count` bytes from `offset`, or ``IndexDamage`` when they do not fit.
    func slice(from offset: Int, count length: Int) throws(IndexDamage) -> UnsafeRawBufferPointer {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
            throw IndexDamage("range \(offset)+\(length) past end")
        }
        return UnsafeRawBufferPointer(rebasing: self[offset..<(offset + length)])
    }
}

/// Overflow-checked size arithmetic for untrusted numbers from the file.
enum Checked {
    static func add(_ a: Int, _ b: Int) throws(IndexDamage) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw IndexDamage("size overflow") }
        return sum
    }

    static func multiply(_ a: Int, _ b: Int) throws(IndexDamage) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        guard !overflow else { throw IndexDamage("size overflow") }
        return product
    }

    /// `value` as an `Int`, refusing values that do not fit.
    static func int(_ value: UInt64) throws(IndexDamage) -> Int {
        guard value <= UInt64(Int.max) else { throw IndexDamage("size overflow") }
        return Int(value)
    }
}

/// Appends little-endian integers to a growing byte array: the writer's side of ``ByteCursor``.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func appendLittleEndian(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func appendLittleEndian(_ value: UInt16) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func appendLittleEndian(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    mutating func append(contentsOf other: [UInt8]) { bytes.append(contentsOf: other) }

    /// Overwrites 4 bytes at `offset` (used for the header checksum, computed last).
    mutating func setLittleEndian(_ value: UInt32, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for i in 0..<4 { bytes[offset + i] = raw[i] }
        }
    }
}
