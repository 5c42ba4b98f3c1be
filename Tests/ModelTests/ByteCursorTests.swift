import Testing

@testable import FSFindModel

/// The one little-endian reader the index, the worker messages and ZIP records share.
struct ByteCursorTests {
    let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F]

    @Test func readsEachWidthLittleEndian() throws {
        var cursor = ByteCursor(bytes)
        #expect(try cursor.u8() == 0x01)
        #expect(try cursor.u16() == 0x0302)
        #expect(try cursor.u32() == 0x0706_0504)
        #expect(try cursor.u64() == 0x0F0E_0D0C_0B0A_0908)
        #expect(cursor.remaining == 0)
        #expect(throws: ByteCursor<[UInt8]>.OutOfBounds(offset: 15, wanted: 1)) { try cursor.u8() }
    }

    @Test func aReadPastTheEndMovesNothing() throws {
        var cursor = ByteCursor(bytes, offset: 12)
        #expect(throws: ByteCursor<[UInt8]>.OutOfBounds.self) { try cursor.u32() }
        #expect(cursor.offset == 12)
        #expect(Array(try cursor.take(3)) == [0x0D, 0x0E, 0x0F])
        #expect(throws: ByteCursor<[UInt8]>.OutOfBounds.self) { try cursor.skip(1) }
        #expect(throws: ByteCursor<[UInt8]>.OutOfBounds.self) { try cursor.skip(-1) }
        // An offset beyond the bytes, or negative, reads nothing.
        var far = ByteCursor(bytes, offset: 99)
        #expect(throws: ByteCursor<[UInt8]>.OutOfBounds.self) { try far.u8() }
        var negative = ByteCursor(bytes, offset: -1)
        #expect(throws: ByteCursor<[UInt8]>.OutOfBounds.self) { try negative.u8() }
    }

    @Test func aSliceIsReadFromItsOwnStart() throws {
        var cursor = ByteCursor(bytes[4...])
        #expect(try cursor.u16() == 0x0605)
        try cursor.seek(to: 9)
        #expect(try cursor.u16() == 0x0F0E)
        #expect(throws: ByteCursor<ArraySlice<UInt8>>.OutOfBounds.self) { try cursor.seek(to: 12) }
    }

    @Test func mappedBytesAreReadInPlace() throws {
        try bytes.withUnsafeBytes { raw in
            var cursor = ByteCursor(raw)
            try cursor.skip(8)
            #expect(try cursor.u32() == 0x0C0B_0A09)
        }
    }
}
