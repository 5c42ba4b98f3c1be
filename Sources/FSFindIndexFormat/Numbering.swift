import FSFindModel

/// Distinct values numbered once each in the order first met: what a tabled identities section
/// (``IdentityLayout``) and a dictionary column (``DictionaryColumn``) store once, their rows
/// holding only the numbers.
///
/// Built while a section's layout is chosen and given up as soon as it cannot pay: when the
/// distinct values pass `limit`, or half of the first 65,536 met (a column or tree whose values
/// hardly repeat gives up there, having held 65,536 of them: about 5 MB of identities; the
/// benchmark tree's first 65,536 rows have 3,300). A tree whose first 65,536 rows are distinct and
/// later ones links (a backup whose first snapshot is that large) is therefore not tabled.
///
/// Looked up through an open-addressing table of numbers with a multiply-mix hash
/// (``NumberedValue``), not a dictionary: a batch's new delta tries a numbering for its
/// identities and for each date column, thousands of values each, and hashing them twice with
/// SipHash was a large part of it (`benchmarks/RESULTS.md`, "A batch's copy of the delta made
/// cheaper").
struct Numbering<Value: NumberedValue> {
    /// Fewer values than this are never numbered: the saving is a few bytes.
    static var minimumRows: Int { 4096 }
    private static var sample: Int { 65536 }
    private let limit: Int
    /// Numbers + 1 (0: empty) where their hash puts them, probed linearly; at most half full.
    private var slots = [UInt32](repeating: 0, count: 256)
    private var met = 0
    /// The distinct values, by number.
    private(set) var values: [Value] = []

    init(limit: Int) { self.limit = limit }

    var count: Int { values.count }

    /// Numbers `value` (if new); false when the numbering no longer pays.
    mutating func add(_ value: Value) -> Bool {
        met += 1
        let (found, slot) = probe(value)
        if found == nil {
            slots[slot] = UInt32(values.count + 1)
            values.append(value)
            if 2 * values.count > slots.count { grow() }
        }
        return values.count <= limit && (met != Self.sample || values.count <= met / 2)
    }

    /// The number of `value`, nil when it was never added.
    func number(of value: Value) -> UInt32? { probe(value).found }

    /// `value`'s number, or the empty slot where it would go.
    private func probe(_ value: Value) -> (found: UInt32?, slot: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: value.mixedHash) & mask
        while slots[slot] != 0 {
            let number = slots[slot] - 1
            if values[Int(number)] == value { return (number, slot) }
            slot = (slot + 1) & mask
        }
        return (nil, slot)
    }

    /// Twice the slots, every value placed again.
    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: 2 * slots.count)
        let mask = slots.count - 1
        for (number, value) in values.enumerated() {
            var slot = Int(truncatingIfNeeded: value.mixedHash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(number + 1)
        }
    }
}

/// A value a ``Numbering`` numbers: equatable, with a hash whose low bits are well spread.
protocol NumberedValue: Equatable {
    var mixedHash: UInt64 { get }
}

extension NumberedValue {
    /// `bits` mixed so that every bit of it reaches the low bits (SplitMix64's finaliser).
    @inline(__always)
    static func mix(_ bits: UInt64) -> UInt64 {
        var h = bits
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }
}

extension UInt64: NumberedValue {
    var mixedHash: UInt64 { Self.mix(self) }
}

extension FileIdentity: NumberedValue {
    var mixedHash: UInt64 {
        var h = Self.mix(device ^ 0x9E37_79B9_7F4A_7C15)
        h = Self.mix(h ^ inode)
        h = Self.mix(h ^ UInt64(bitPattern: size))
        h = Self.mix(h ^ UInt64(bitPattern: mtimeNanos))
        return Self.mix(h ^ UInt64(bitPattern: ctimeNanos))
    }
}
