import FSFindModel
import Foundation

/// The strings section being built: every distinct byte string once, named by a 32-bit id.
///
/// A string read in this run lives end to end with the others in one byte array; a string
/// carried from the previous file stays where it is, in that file's mapped strings section, and
/// the table keeps only its old id (``oldStrings`` reads it): a fold or refresh of a million rows
/// does not copy 20 MB of names into memory to write them out again. The lookup is an
/// open-addressing table of ids that compares candidates against those bytes. A million names
/// therefore cost about 4 bytes each plus the slots of the strings hashed, with no allocation per
/// string; a dictionary of `[UInt8]` keys cost a heap object per name and was most of a
/// refresh's memory.
struct StringTableBuilder {
    /// The bytes of the strings added in this run, end to end.
    private var blob: [UInt8] = []
    /// `blobOffsets[k]..<blobOffsets[k + 1]` is the `k`th string added in this run, in `blob`.
    private var blobOffsets: [UInt32] = [0]
    /// Per id: `k | newTag` for the `k`th string added in this run, else the previous file's id.
    /// Not kept while every string is one this run added (``allNew``, a first index: then id
    /// `k` is the `k`th), where it was 4 bytes a string that said nothing.
    private var sources: [UInt32] = []
    private var allNew = true
    private var stringCount = 0
    /// How many strings were carried from the previous file (``carriedID(_:bytes:)``).
    private(set) var carriedCount = 0
    private static let newTag: UInt32 = 1 << 31
    /// The bytes of all strings together: the section's blob length.
    private var totalBytes = 0
    /// The previous file's string of an id, for carried strings; nil when there is none.
    var oldStrings: ((UInt32) -> UnsafeRawBufferPointer)?
    /// Ids + 1 (0 is an empty slot), at the position their hash picks, probed linearly.
    private var slots: [UInt32] = Array(repeating: 0, count: 1024)
    /// Strings `0..<hashed` are in `slots`; the others were carried by ``carriedID(_:bytes:)``
    /// and are hashed only when a new string must be told apart from them.
    private var hashed = 0

    var count: Int { stringCount }

    /// Where string `id` is: `k | newTag` for the `k`th added in this run, else the old id.
    private func source(_ id: Int) -> UInt32 { allNew ? UInt32(id) | Self.newTag : sources[id] }

    /// Whether string `id` was carried from the previous file (``carriedID(_:bytes:)``), not
    /// added in this run.
    func isCarried(_ id: Int) -> Bool { source(id) & Self.newTag == 0 }

    /// Makes room for about `expected` strings.
    mutating func reserve(_ expected: Int) {
        sources.reserveCapacity(expected)
    }

    /// Calls `body` with the bytes of string `id` (not kept past the call: the run's strings move
    /// as the table grows).
    func withBytes<Result>(_ id: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let source = source(id)
        if source & Self.newTag != 0 {
            let index = Int(source & ~Self.newTag)
            let start = Int(blobOffsets[index])
            let end = Int(blobOffsets[index + 1])
            return blob.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
        }
        // Carried strings exist only when the builder has a previous file, which sets `oldStrings`
        // (its mapping outlives the builder's use of it).
        return body(oldStrings.map { $0(source) } ?? UnsafeRawBufferPointer(start: nil, count: 0))
    }

    /// Calls `body` with a reader of the strings added so far that reads them in place, with no
    /// copy and no reference counting per string (what a sort's millions of comparisons need);
    /// valid in `body`, while the table does not change.
    func withReader<R>(_ body: (Reader) -> R) -> R {
        blob.withUnsafeBytes { blob in
            blobOffsets.withUnsafeBufferPointer { offsets in
                sources.withUnsafeBufferPointer { sources in
                    body(Reader(blob: blob, offsets: offsets, sources: allNew ? nil : sources, oldStrings: oldStrings))
                }
            }
        }
    }

    /// The strings of a ``StringTableBuilder`` read in place (``withReader(_:)``).
    struct Reader {
        let blob: UnsafeRawBufferPointer
        let offsets: UnsafeBufferPointer<UInt32>
        /// Nil while every string is one this run added.
        let sources: UnsafeBufferPointer<UInt32>?
        let oldStrings: ((UInt32) -> UnsafeRawBufferPointer)?

        func bytes(_ id: UInt32) -> UnsafeRawBufferPointer {
            let source = sources?[Int(id)] ?? id | StringTableBuilder.newTag
            guard source & StringTableBuilder.newTag != 0 else {
                return oldStrings.map { $0(source) } ?? UnsafeRawBufferPointer(start: nil, count: 0)
            }
            let index = Int(source & ~StringTableBuilder.newTag)
            return UnsafeRawBufferPointer(rebasing: blob[Int(offsets[index])..<Int(offsets[index + 1])])
        }
    }

    /// The id of the previous file's string `oldID` (its `bytes`): each such string is distinct
    /// from every other, so it is looked up only among the strings hashed so far (those a run
    /// added, which it may equal) and otherwise kept by reference, unhashed.
    ///
    /// A fold or a refresh with changes adds its own strings first (the builder stages items,
    /// their names included, before it copies a row), so the lookup table holds those few
    /// thousand, not the million carried (whose slots alone would be 16 MB).
    mutating func carriedID(_ oldID: UInt32, bytes: UnsafeRawBufferPointer) throws(FSFindError) -> UInt32 {
        if hashed > 0, let found = probe(bytes, Self.hash(bytes)).found { return found }
        try checkRoom(for: bytes.count)
        if allNew {
            // The first carried string: from now on each id says where its string is.
            sources.reserveCapacity(count + 1)
            for k in 0..<count { sources.append(UInt32(k) | Self.newTag) }
            allNew = false
        }
        sources.append(oldID)
        stringCount += 1
        carriedCount += 1
        totalBytes += bytes.count
        return UInt32(count - 1)
    }

    /// The id of `bytes`, added when new. Throws when the table would pass the format's 4 GiB.
    mutating func id(_ bytes: UnsafeRawBufferPointer) throws(FSFindError) -> UInt32 {
        let hash = Self.hash(bytes)
        var (found, slot) = probe(bytes, hash)
        if let found { return found }
        if hashed < count {
            // It may be one of the strings carried unhashed: hash them first.
            hashPending()
            (found, slot) = probe(bytes, hash)
            if let found { return found }
        }
        try checkRoom(for: bytes.count)
        let id = UInt32(count)
        if !allNew { sources.append(UInt32(blobOffsets.count - 1) | Self.newTag) }
        stringCount += 1
        blob.append(contentsOf: bytes)
        blobOffsets.append(UInt32(blob.count))
        totalBytes += bytes.count
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
        guard totalBytes + length < Int(UInt32.max), count < Int(Self.newTag) - 1 else {
            throw FSFindError(.io, "cannot write the index: its string table exceeds 4 GiB")
        }
    }

    /// Puts the strings carried without hashing into `slots`.
    private mutating func hashPending() {
        var size = slots.count
        while size < 2 * count + 2 { size *= 2 }
        if size > slots.count {
            slots = Array(repeating: 0, count: size)
            hashed = 0
        }
        let mask = slots.count - 1
        for id in hashed..<count {
            var slot = Int(truncatingIfNeeded: withBytes(id) { Self.hash($0) }) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(id + 1)
        }
        hashed = count
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

    /// The strings section into `sink`: a megabyte at a time when it streams (carried strings
    /// copied from the previous file, the lookup slots let go first: nothing is added after),
    /// else whole.
    /// - Parameter released: called after every 2 MB of strings written, so the caller can give
    ///   the previous file's pages back behind the copy.
    mutating func write(to sink: some SectionSink, released: () -> Void = {}) throws(FSFindError) {
        slots = []
        hashed = 0
        var stream = try SectionStream(.strings, length: 4 + 4 * (count + 1) + totalBytes, sink: sink)
        stream.writer.appendLittleEndian(UInt32(count))
        var offset: UInt32 = 0
        stream.writer.appendLittleEndian(offset)
        for id in 0..<count {
            offset += UInt32(withBytes(id) { $0.count })
            stream.writer.appendLittleEndian(offset)
            try stream.flushIfFull()
        }
        var sinceRelease = 0
        var id = 0
        while id < count {
            // Carried strings with consecutive old ids lie end to end in the previous file: a run
            // of them is one copy (a refresh that changed nothing carries them all in order).
            var end = id + 1
            if source(id) & Self.newTag == 0, let oldStrings, let first = oldStrings(source(id)).baseAddress {
                var last = oldStrings(source(id))
                while end < count, end - id < 1 << 16, source(end) & Self.newTag == 0,
                    source(end) == source(end - 1) + 1
                {
                    let next = oldStrings(source(end))
                    guard next.baseAddress == last.baseAddress.map({ $0 + last.count }) else { break }
                    last = next
                    end += 1
                }
                let run = UnsafeRawBufferPointer(
                    start: first, count: last.baseAddress.map { $0 + last.count - first } ?? 0)
                stream.writer.bytes.append(contentsOf: run)
                sinceRelease += run.count
            } else {
                sinceRelease += withBytes(id) { string in
                    stream.writer.bytes.append(contentsOf: string)
                    return string.count
                }
            }
            id = end
            try stream.flushIfFull()
            if sinceRelease >= 2 << 20 {
                released()
                sinceRelease = 0
            }
        }
        try stream.finish(into: sink)
    }

    /// The section's bytes, whole (see `docs/index-format.md`).
    mutating func encoded() -> [UInt8] {
        let sink = SectionList()
        // A section list takes sections whole and never fails.
        try? write(to: sink)
        return sink.sections.first?.bytes ?? []
    }

    private func equals(_ id: Int, _ other: UnsafeRawBufferPointer) -> Bool {
        withBytes(id) { stored in
            guard stored.count == other.count else { return false }
            if stored.isEmpty { return true }
            // Both are non-empty here, so both base addresses exist.
            return memcmp(stored.baseAddress!, other.baseAddress!, stored.count) == 0
        }
    }

    private mutating func grow() {
        var bigger = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        for id in 0..<count {
            var slot = Int(truncatingIfNeeded: withBytes(id) { Self.hash($0) }) & mask
            while bigger[slot] != 0 { slot = (slot + 1) & mask }
            bigger[slot] = UInt32(id + 1)
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
