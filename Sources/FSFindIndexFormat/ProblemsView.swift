/// The problems section: a count, then (row, kind, reason string id) per problem, rows ascending.
/// Its shape (the count against the section's length) is checked once, when the view is made.
struct ProblemsView {
    private let bytes: UnsafeRawBufferPointer
    let count: Int

    init(_ bytes: UnsafeRawBufferPointer) throws(IndexDamage) {
        let count = Int(try bytes.littleEndianUInt32(at: 0))
        guard count <= (bytes.count - 8) / 12 else { throw IndexDamage("problem count") }
        self.bytes = bytes
        self.count = count
    }

    /// Entry `i`'s row.
    func row(_ i: Int) -> Int { Int(bytes.u32(at: 8 + 12 * i)) }
    /// Entry `i`'s kind as stored (``ItemProblem/Kind``'s raw value).
    func kind(_ i: Int) -> UInt32 { bytes.u32(at: 12 + 12 * i) }
    /// Entry `i`'s reason, a string id.
    func reason(_ i: Int) -> UInt32 { bytes.u32(at: 16 + 12 * i) }

    /// The entry for `row`, by binary search; nil when the row has no problem.
    func entry(of row: Int) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let mid = low + (high - low) / 2
            let candidate = self.row(mid)
            if candidate == row { return mid }
            if candidate < row { low = mid + 1 } else { high = mid }
        }
        return nil
    }
}

extension UnsafeRawBufferPointer {
    /// The little-endian `UInt32` at `offset`, which the caller has checked is inside.
    fileprivate func u32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}
