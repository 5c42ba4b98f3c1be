import FSFindModel
import Foundation

/// The strings section being built: every distinct byte string once, named by a 32-bit id.
///
/// Strings live end to end in one byte array with an offset table, and the lookup is an
/// open-addressing table of ids that compares candidates against that array. A million names
/// therefore cost their bytes plus about 12 bytes each, with no allocation per string; a
/// dictionary of `[UInt8]` keys cost a heap object per name and was most of a refresh's memory.
struct StringTableBuilder {
    private(set) var blob: [UInt8] = []
    /// `offsets[i]..<offsets[i + 1]` is string `i` in `blob`.
    private(set) var offsets: [UInt32] = [0]
    /// Ids + 1 (0 is an empty slot), at the position their hash picks, probed linearly.
    private var slots: [UInt32] = Array(repeating: 0, count: 1024)
    /// Strings `0..<hashed` are in `slots`; the others were appended by ``appendDistinct(_:)`` or
    /// ``carriedID(_:)`` and are hashed only when a new string must be told apart from them.
    private var hashed = 0

    var count: Int { offsets.count - 1 }

    /// Makes room for about `expected` strings and `bytes` bytes.
    mutating func reserve(_ expected: Int, bytes: Int) {
        offsets.reserveCapacity(expected + 1)
        blob.reserveCapacity(bytes)
    }

    /// Adds `bytes`, which the caller knows is not in the table yet, without hashing it.
    ///
    /// A refresh that changed nothing copies a million strings that are distinct already (they
    /// were in the old table); hashing them only to find no duplicate was a tenth of its time.
    mutating func appendDistinct(_ bytes: UnsafeRawBufferPointer) throws(FSFindError) -> UInt32 {
        try checkRoom(for: bytes.count)
        blob.append(contentsOf: bytes)
        offsets.append(UInt32(blob.count))
        return UInt32(count - 1)
    }

    /// The id of `bytes`, a string of the previous file: each such string is distinct from every
    /// other, so it is looked up only among the strings hashed so far (those a run added, which
    /// it may equal) and otherwise appended without hashing.
    ///
    /// A fold or a refresh with changes adds its own strings first (the builder stages items,
    /// their names included, before it copies a row), so the lookup table holds those few
    /// thousand, not the million carried (16 MB of slots on the 1,000,000-entry tree).
    mutating func carriedID(_ bytes: UnsafeRawBufferPointer) throws(FSFindError) -> UInt32 {
        if hashed > 0, let found = probe(bytes, Self.hash(bytes)).found { return found }
        return try appendDistinct(bytes)
    }

    /// The id of `bytes`, added when new. Throws when the table would pass the format's 4 GiB.
    mutating func id(_ bytes: UnsafeRawBufferPointer) throws(FSFindError) -> UInt32 {
        let hash = Self.hash(bytes)
        var (found, slot) = probe(bytes, hash)
        if let found { return found }
        if hashed < count {
            // It may be one of the strings appended unhashed: hash them first.
            hashPending()
            (found, slot) = probe(bytes, hash)
            if let found { return found }
        }
        try checkRoom(for: bytes.count)
        let id = UInt32(count)
        blob.append(contentsOf: bytes)
        offsets.append(UInt32(blob.count))
        slots[slot] = id + 1
        hashed = count
        if count * 2 > slots.count { grow() }
        return id
    }

    /// The id of `bytes` among the hashed strings, or the empty slot where it would go.
    private func probe(_ bytes: UnsafeRawBufferPointer, _ hash: UInt64) -> (found: UInt32?, slot: Int) {
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] != 0 {
            let candidate = Int(slots[slot] - 1)
            if equals(candidate, bytes) { return (UInt32(candidate), slot) }
            slot = (slot + 1) & (slots.count - 1)
        }
        return (nil, slot)
    }

    private func checkRoom(for length: Int) throws(FSFindError) {
        guard blob.count + length < Int(UInt32.max), count < Int(IndexFormat.absent32) - 1 else {
            throw FSFindError(.io, "cannot write the index: its string table exceeds 4 GiB")
        }
    }

    /// Puts the strings appended without hashing into `slots`.
    private mutating func hashPending() {
        var size = slots.count
        while size < 2 * count + 2 { size *= 2 }
        if size > slots.count {
            slots = Array(repeating: 0, count: size)
            hashed = 0
        }
        let mask = slots.count - 1
        blob.withUnsafeBytes { stored in
            for id in hashed..<count {
                let bytes = UnsafeRawBufferPointer(rebasing: stored[Int(offsets[id])..<Int(offsets[id + 1])])
                var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = UInt32(id + 1)
            }
        }
        hashed = count
    }

    mutating func carriedID(_ bytes: [UInt8]) throws(FSFindError) -> UInt32 {
        try bytes.withUnsafeBytes { raw in Result { () throws(FSFindError) in try carriedID(raw) } }.get()
    }

    mutating func id(_ bytes: [UInt8]) throws(FSFindError) -> UInt32 {
        try bytes.withUnsafeBytes { raw in Result { () throws(FSFindError) in try id(raw) } }.get()
    }

    mutating func id(_ string: String) throws(FSFindError) -> UInt32 {
        var copy = string
        return try copy.withUTF8 { buffer in Result { () throws(FSFindError) in try id(UnsafeRawBufferPointer(buffer)) }
        }
        .get()
    }

    /// The section's bytes: count, offsets, blob (see `docs/index-format.md`).
    /// The strings section into `sink`: in pieces when it streams (no whole copy of the table,
    /// and the lookup slots let go first: nothing is added after), else ``encoded()``.
    mutating func write(to sink: some SectionSink) throws(FSFindError) {
        let length = 4 + 4 * offsets.count + blob.count
        guard let pieces = try sink.reserve(.strings, length: length) else {
            try sink.add(EncodedSection(kind: .strings, bytes: encoded()))
            return
        }
        slots = []
        hashed = 0
        var writer = ByteWriter()
        writer.bytes.reserveCapacity(1 << 20)
        writer.appendLittleEndian(UInt32(count))
        for offset in offsets {
            writer.appendLittleEndian(offset)
            if writer.bytes.count >= 1 << 20 {
                try pieces.write(writer.bytes)
                writer.bytes.removeAll(keepingCapacity: true)
            }
        }
        try pieces.write(writer.bytes)
        var start = 0
        while start < blob.count {
            let end = min(blob.count, start + (1 << 20))
            try pieces.write(Array(blob[start..<end]))
            start = end
        }
        try pieces.finish()
    }

    func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.bytes.reserveCapacity(4 + 4 * offsets.count + blob.count + 8)
        writer.appendLittleEndian(UInt32(count))
        for offset in offsets { writer.appendLittleEndian(offset) }
        writer.append(contentsOf: blob)
        return writer.bytes
    }

    private func equals(_ id: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let start = Int(offsets[id])
        let length = Int(offsets[id + 1]) - start
        guard length == bytes.count else { return false }
        if length == 0 { return true }
        return blob.withUnsafeBytes { stored in
            // Both are non-empty here, so both base addresses exist.
            memcmp(stored.baseAddress! + start, bytes.baseAddress!, length) == 0
        }
    }

    private mutating func grow() {
        var bigger = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        blob.withUnsafeBytes { stored in
            for id in 0..<count {
                let start = Int(offsets[id])
                let bytes = UnsafeRawBufferPointer(rebasing: stored[start..<Int(offsets[id + 1])])
                var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
                while bigger[slot] != 0 { slot = (slot + 1) & mask }
                bigger[slot] = UInt32(id + 1)
            }
        }
        slots = bigger
    }

    /// FNV-1a over 8-byte words, finished with a multiply-shift mix: fast on short names, and
    /// well spread in the low bits the table uses.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        var i = 0
        while i + 8 <= bytes.count {
            h = (h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < bytes.count {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0x0000_0100_0000_01B3
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 32)
    }
}
