/// The one bounds-checked little-endian reader every byte format here uses: the index file's
/// header, roots and overlay, the extraction workers' wire messages, and ZIP's directory records.
///
/// A read past the end throws ``OutOfBounds`` instead of trapping; each format turns that into
/// its own error (a damaged index, a truncated message, not a ZIP archive). Generic over the
/// bytes, so the mapped index is read in place and a message from an array.
package struct ByteCursor<Bytes: RandomAccessCollection> where Bytes.Element == UInt8, Bytes.Index == Int {
    /// A read that needed `wanted` bytes at `offset` and found fewer.
    package struct OutOfBounds: Error, Sendable, Equatable {
        let offset: Int
        let wanted: Int
    }

    let bytes: Bytes
    /// Bytes read so far, from the start of ``bytes``.
    package private(set) var offset: Int

    package init(_ bytes: Bytes, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    package var remaining: Int { bytes.count - offset }

    /// Checks that `count` bytes are there and moves past them; the index of the first.
    private mutating func advance(_ count: Int) throws(OutOfBounds) -> Int {
        guard count >= 0, offset >= 0, count <= remaining else { throw OutOfBounds(offset: offset, wanted: count) }
        defer { offset += count }
        return bytes.startIndex + offset
    }

    package mutating func u8() throws(OutOfBounds) -> UInt8 {
        bytes[try advance(1)]
    }

    package mutating func u16() throws(OutOfBounds) -> UInt16 {
        let at = try advance(2)
        return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    package mutating func u32() throws(OutOfBounds) -> UInt32 {
        let at = try advance(4)
        var value: UInt32 = 0
        for k in 0..<4 { value |= UInt32(bytes[at + k]) << UInt32(8 * k) }
        return value
    }

    package mutating func u64() throws(OutOfBounds) -> UInt64 {
        let at = try advance(8)
        var value: UInt64 = 0
        for k in 0..<8 { value |= UInt64(bytes[at + k]) << UInt64(8 * k) }
        return value
    }

    /// The next `count` bytes.
    package mutating func take(_ count: Int) throws(OutOfBounds) -> Bytes.SubSequence {
        let at = try advance(count)
        return bytes[at..<(at + count)]
    }

    package mutating func skip(_ count: Int) throws(OutOfBounds) {
        _ = try advance(count)
    }

    /// Moves to `offset` from the start (ZIP's records say where the next one is).
    mutating func seek(to offset: Int) throws(OutOfBounds) {
        guard offset >= 0, offset <= bytes.count else { throw OutOfBounds(offset: offset, wanted: 0) }
        self.offset = offset
    }
}
