import Foundation
import Testing

@testable import FSFindModel
@testable import FSFindText

/// The form the text store keeps a text in: Zstandard now, zlib in stores written before, both
/// read back; damage is nil, never a trap.
@Suite struct StoredTextTests {
    static let texts = [
        "", "a", "Dear Frédéric, 東京\u{0C}page two", String(repeating: "changelog line\n", count: 20_000),
    ]

    private func unpack(_ packed: [UInt8]) -> [UInt8]? {
        packed.withUnsafeBytes { StoredText.unpack($0) }
    }

    @Test func textsComeBackAndAreKeptWithZstandard() throws {
        for text in Self.texts {
            let packed = try StoredText.pack(text)
            #expect(unpack(packed) == Array(text.utf8))
            if !text.isEmpty { #expect(Array(packed[8..<12]) == Zstd.magic, "a Zstandard frame after the length") }
        }
        let long = try StoredText.pack(Self.texts[3])
        #expect(long.count < Self.texts[3].utf8.count / 20, "repetitive text shrinks")
    }

    @Test func zlibFormsOfEarlierStoresAreStillRead() throws {
        for text in Self.texts {
            let old = try Deflate.shared.get().pack(text)
            #expect(old.count < 10 || old[8] == 0x78, "a zlib stream after the length")
            #expect(unpack(old) == Array(text.utf8))
        }
    }

    @Test func damageIsNil() throws {
        let packed = try StoredText.pack(Self.texts[2])
        for length in 0..<packed.count { #expect(unpack(Array(packed.prefix(length))) == nil, "cut at \(length)") }
        var wrongLength = packed
        wrongLength[0] &+= 1
        #expect(unpack(wrongLength) == nil, "a frame holding another size than the length says")
        var huge = packed
        huge[7] = 0x7F
        #expect(unpack(huge) == nil)
        var flipped = packed
        flipped[flipped.count - 3] ^= 0xFF
        #expect(unpack(flipped) != Array(Self.texts[2].utf8))
    }
}
