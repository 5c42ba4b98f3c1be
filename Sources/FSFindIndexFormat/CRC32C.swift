import CCRC32C

/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), table-driven, slice-by-8.
///
/// Chosen over CRC-32 because it detects every single-, double- and triple-bit error in blocks far
/// larger than any index section, and because hardware has it should a later version want that.
/// Check value: `CRC32C.checksum("123456789")` is `0xE3069283`.
enum CRC32C {
    /// Eight 256-entry tables, flattened: `tables[k * 256 + b]`.
    static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1
            }
            tables[byte] = crc
        }
        for k in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(k - 1) * 256 + byte]
                tables[k * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The CRC-32C of `bytes`.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        update(0, bytes)
    }

    /// The CRC-32C of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// True when the CPU computes CRC-32C itself (SSE4.2 on x86-64, the ARMv8 CRC extension).
    static let hasInstruction = fsfind_crc32c_available() != 0

    /// Continues `crc` (a finished CRC of the bytes before) over `bytes`.
    ///
    /// With the CPU's instruction when it has one: with the tables alone, checksums were a
    /// visible share of a name query's CPU (`benchmarks/RESULTS.md`, "Numbers that were in code
    /// comments").
    static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        if hasInstruction, let base = bytes.baseAddress {
            return fsfind_crc32c_update(crc, base, bytes.count)
        }
        return updateWithTables(crc, bytes)
    }

    /// ``update(_:_:)`` by table look-ups, for any CPU.
    static func updateWithTables(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc = ~crc
        tables.withUnsafeBufferPointer { t in
            var offset = 0
            let count = bytes.count
            // Slice-by-8: eight table look-ups per 8 input bytes instead of eight dependent steps.
            while count - offset >= 8 {
                let word =
                    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    ^ UInt64(crc)
                crc =
                    t[7 * 256 + Int(word & 0xFF)]
                    ^ t[6 * 256 + Int((word >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((word >> 16) & 0xFF)]
                    ^ t[4 * 256 + Int((word >> 24) & 0xFF)]
                    ^ t[3 * 256 + Int((word >> 32) & 0xFF)]
                    ^ t[2 * 256 + Int((word >> 40) & 0xFF)]
                    ^ t[1 * 256 + Int((word >> 48) & 0xFF)]
                    ^ t[Int(word >> 56)]
                offset += 8
            }
            while offset < count {
                crc = (crc >> 8) ^ t[Int((crc ^ UInt32(bytes[offset])) & 0xFF)]
                offset += 1
            }
        }
        return ~crc
    }
}
