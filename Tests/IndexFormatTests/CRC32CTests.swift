import FSFindTestSupport
import Testing

@testable import FSFindIndexFormat

/// The CPU's CRC-32C instruction and the tables agree, at every length and alignment.
@Suite struct CRC32CTests {
    @Test func checkValue() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        let bytes = Array("123456789".utf8)
        #expect(bytes.withUnsafeBytes { CRC32C.updateWithTables(0, $0) } == 0xE306_9283)
    }

    @Test func instructionAgreesWithTables() {
        var rng = SplitMix64(seed: 0xC3C3_2C00)
        let data = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }
        data.withUnsafeBytes { all in
            for _ in 0..<500 {
                let start = Int.random(in: 0..<64, using: &rng)
                let length = Int.random(in: 0...(all.count - start), using: &rng)
                let slice = UnsafeRawBufferPointer(rebasing: all[start..<(start + length)])
                let seed = UInt32.random(in: 0...UInt32.max, using: &rng)
                #expect(CRC32C.update(seed, slice) == CRC32C.updateWithTables(seed, slice), "\(start)+\(length)")
            }
        }
    }
}
