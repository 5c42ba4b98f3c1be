/// Reads the pixel size of a PNG or GIF from the fixed header every such file starts with.
///
/// Both formats put the size at a fixed offset in the first 24 bytes, so one small read answers;
/// gdk-pixbuf took far longer for the same two numbers (`benchmarks/RESULTS.md`, "Extraction cost
/// per file: documents and images"; module lookup, a libpng
/// reader, GObject set-up), and /usr alone has thousands of PNG icons. A header that does not look
/// exactly right (wrong signature, an IHDR whose CRC fails, a zero or oversized side) gives nil,
/// and the caller asks gdk-pixbuf, so damaged files are judged as before.
enum ImageHeaderSize {
    /// Bytes read from the start of the file: a PNG's signature and IHDR chunk (8 + 25).
    static let prefixLength = 33

    /// Width and height from `bytes` (the file's first ``prefixLength`` bytes, or all of a
    /// shorter file), or nil when they are not a well-formed PNG or GIF header.
    static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        png(bytes) ?? gif(bytes)
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let ihdr: [UInt8] = Array("IHDR".utf8)

    /// PNG: signature, then the IHDR chunk (length 13, type, width and height big-endian, five
    /// more bytes, CRC over type and data). libpng rejects sides above 2³¹ − 1 and a bad IHDR CRC.
    private static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 33, bytes.starts(with: pngSignature), bigEndian(bytes, at: 8) == 13,
            Array(bytes[12..<16]) == ihdr, crc32(bytes[12..<29]) == UInt32(bigEndian(bytes, at: 29))
        else { return nil }
        let width = bigEndian(bytes, at: 16)
        let height = bigEndian(bytes, at: 20)
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else { return nil }
        return (width, height)
    }

    /// GIF: `GIF87a` or `GIF89a`, then the logical screen's width and height, little-endian.
    private static func gif(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)),
            bytes[4] == UInt8(ascii: "7") || bytes[4] == UInt8(ascii: "9"), bytes[5] == UInt8(ascii: "a")
        else { return nil }
        let width = Int(bytes[6]) | Int(bytes[7]) << 8
        let height = Int(bytes[8]) | Int(bytes[9]) << 8
        guard width > 0, height > 0 else { return nil }
        return (width, height)
    }

    /// The unsigned 32-bit big-endian number at `offset`; the caller has checked the length.
    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The CRC-32 (ISO 3309, as PNG uses) of a few bytes, bit by bit: 17 bytes need no table.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
