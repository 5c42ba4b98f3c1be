import FSFindModel
import Foundation

/// What makes an index file a *delta* (`INDEX.delta`, `docs/index-format.md` "Small updates"):
/// the base it was written against, the base rows it hides, and where each of its own rows goes
/// among the base's.
///
/// Both lists are worked out by the writer, which has the base open anyway, so a reader merges
/// the two files in path order from these numbers alone, without comparing a single path. They
/// stay right for exactly one base, which is why the stamp is checked before anything is used.
struct IndexOverlay: Sendable, Equatable {
    /// The base's header checksum, length and creation time (``applies(to:)``).
    var baseChecksum: UInt32
    var baseLength: UInt64
    var baseCreatedAt: Double
    /// Base rows that the delta replaces or removes: sorted, disjoint, non-empty ranges.
    var hidden: [Range<Int>]
    /// For each of the delta's rows, in order: the first base row whose path sorts after it (the
    /// base's `lowerBound`), so it is shown just before that row. Non-decreasing.
    var positions: [Int]

    init(base: IndexFile, hidden: [Range<Int>], positions: [Int]) {
        baseChecksum = base.headerChecksum
        baseLength = UInt64(base.fileSize)
        baseCreatedAt = base.createdAt.timeIntervalSinceReferenceDate
        self.hidden = Self.normalized(hidden)
        self.positions = positions
    }

    /// True when `base` is the file this delta was written against.
    func applies(to base: IndexFile) -> Bool {
        baseChecksum == base.headerChecksum && baseLength == UInt64(base.fileSize)
            && baseCreatedAt.bitPattern == base.createdAt.timeIntervalSinceReferenceDate.bitPattern
    }

    /// How many base rows are hidden.
    var hiddenCount: Int { hidden.reduce(0) { $0 + $1.count } }

    /// ``normalized(_:)`` of two lists each sorted by start already (a delta's hidden ranges and
    /// a batch's), merged in one pass rather than sorted again.
    static func normalized(_ first: [Range<Int>], _ second: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        merged.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count || j < second.count {
            if j == second.count || (i < first.count && first[i].lowerBound <= second[j].lowerBound) {
                merged.append(first[i])
                i += 1
            } else {
                merged.append(second[j])
                j += 1
            }
        }
        return normalized(merged)
    }

    /// Sorted, merged, without empty ranges.
    static func normalized(_ ranges: [Range<Int>]) -> [Range<Int>] {
        // A batch's ranges are a delta's (sorted already) and its own few merged in: a sorted
        // list is not sorted again, and the pass is a plain loop (`benchmarks/RESULTS.md`, "A
        // batch's copy of the delta made cheaper").
        var ascending = true
        for index in ranges.indices.dropFirst() where ranges[index].lowerBound < ranges[index - 1].lowerBound {
            ascending = false
            break
        }
        let input = ascending ? ranges : ranges.sorted { $0.lowerBound < $1.lowerBound }
        var result: [Range<Int>] = []
        result.reserveCapacity(input.count)
        var current: Range<Int>?
        for range in input where !range.isEmpty {
            if let open = current, range.lowerBound <= open.upperBound {
                current = open.lowerBound..<max(open.upperBound, range.upperBound)
            } else {
                if let open = current { result.append(open) }
                current = range
            }
        }
        if let open = current { result.append(open) }
        return result
    }

    /// The section's bytes: u32 base checksum, u32 reserved, u64 base length, f64 base creation
    /// time; u32 hidden range count H, u32 reserved; H × (u32 start, u32 end); one u32 position
    /// per row of the delta.
    func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.appendLittleEndian(baseChecksum)
        writer.appendLittleEndian(UInt32(0))
        writer.appendLittleEndian(baseLength)
        writer.appendLittleEndian(baseCreatedAt.bitPattern)
        writer.appendLittleEndian(UInt32(hidden.count))
        writer.appendLittleEndian(UInt32(0))
        for range in hidden {
            writer.appendLittleEndian(UInt32(range.lowerBound))
            writer.appendLittleEndian(UInt32(range.upperBound))
        }
        for position in positions { writer.appendLittleEndian(UInt32(position)) }
        return writer.bytes
    }

    /// Reads the section of a delta holding `rows` rows; every number is checked, so a damaged
    /// section is an error, never an out-of-range row.
    init(_ bytes: UnsafeRawBufferPointer, rows: Int) throws(IndexDamage) {
        var cursor = ByteCursor(bytes)
        baseChecksum = try cursor.readLittleEndianUInt32()
        try cursor.skipBytes(4)
        baseLength = try cursor.readLittleEndianUInt64()
        baseCreatedAt = Double(bitPattern: try cursor.readLittleEndianUInt64())
        let count = Int(try cursor.readLittleEndianUInt32())
        try cursor.skipBytes(4)
        guard count <= cursor.remaining / 8 else { throw IndexDamage("overlay ranges") }
        var hidden: [Range<Int>] = []
        hidden.reserveCapacity(count)
        var previousEnd = -1
        for _ in 0..<count {
            let start = Int(try cursor.readLittleEndianUInt32())
            let end = Int(try cursor.readLittleEndianUInt32())
            guard start > previousEnd, start < end else { throw IndexDamage("overlay ranges") }
            hidden.append(start..<end)
            previousEnd = end
        }
        guard rows <= cursor.remaining / 4 else { throw IndexDamage("overlay positions") }
        var positions: [Int] = []
        positions.reserveCapacity(rows)
        for _ in 0..<rows {
            let position = Int(try cursor.readLittleEndianUInt32())
            guard position >= (positions.last ?? 0) else { throw IndexDamage("overlay positions") }
            positions.append(position)
        }
        self.hidden = hidden
        self.positions = positions
    }
}

extension IndexFile {
    /// The file's overlay when it is a delta; nil for a base file.
    func overlay() throws(FSFindError) -> IndexOverlay? {
        guard let section = fixed.overlay else { return nil }
        try verify(section)
        do throws(IndexDamage) {
            return try IndexOverlay(try bytes(of: section), rows: itemCount)
        } catch {
            throw damaged(error)
        }
    }
}
