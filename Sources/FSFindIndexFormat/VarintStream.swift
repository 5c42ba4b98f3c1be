/// Unsigned integers appended as LEB128 varints (7 bits a byte), in chunks of 64 KiB, and read
/// back in order: for what a first index stages and reads only from first to last.
///
/// A staged column's run starts go up by a few items at a time and its string ids and dates
/// differ little from one run to the next; stored as differences, most take one to three bytes
/// where a fixed width took four or eight (`docs/pipeline.md`, "What grows with the tree"). The
/// first chunk grows as an array does, so a column a few items have costs a few bytes.
struct VarintStream {
    private var chunks: [[UInt8]] = []
    /// How many values were appended.
    private(set) var count = 0

    private static var chunkSize: Int { 1 << 16 }

    /// Appends `value`.
    mutating func append(_ value: UInt64) {
        count += 1
        var rest = value
        while true {
            let byte = UInt8(truncatingIfNeeded: rest & 0x7F)
            rest >>= 7
            appendByte(rest == 0 ? byte : byte | 0x80)
            if rest == 0 { return }
        }
    }

    /// Appends `value` zigzag-coded, so that a small negative number takes few bytes too.
    mutating func append(signed value: Int64) {
        append(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    private mutating func appendByte(_ byte: UInt8) {
        if let last = chunks.indices.last, chunks[last].count < Self.chunkSize {
            chunks[last].append(byte)
            return
        }
        var chunk: [UInt8] = []
        if !chunks.isEmpty { chunk.reserveCapacity(Self.chunkSize) }
        chunk.append(byte)
        chunks.append(chunk)
    }

    /// Reads the values in the order they were appended.
    struct Reader {
        private let chunks: [[UInt8]]
        private var chunk = 0
        private var offset = 0

        init(_ stream: VarintStream) { chunks = stream.chunks }

        /// The next value (the stream must have one).
        mutating func next() -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                if offset == chunks[chunk].count {
                    chunk += 1
                    offset = 0
                }
                let byte = chunks[chunk][offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }

        /// The next value appended with ``VarintStream/append(signed:)``.
        mutating func nextSigned() -> Int64 {
            let raw = next()
            return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        }
    }
}
