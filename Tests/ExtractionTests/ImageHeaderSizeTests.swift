import Testing

@testable import FSFindExtraction

/// The PNG and GIF header reader: exact headers give a size, anything doubtful gives nil so
/// gdk-pixbuf judges the file as before.
@Suite struct ImageHeaderSizeTests {
    private static func be32(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8((value >> (24 - 8 * UInt32($0))) & 0xFF) }
    }

    private static func png(width: UInt32, height: UInt32, breakCRC: Bool = false) -> [UInt8] {
        let typed = Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0]
        var crc = ImageHeaderSize.crc32(typed[...])
        if breakCRC { crc ^= 1 }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + typed + be32(crc)
    }

    @Test func pngSizeFromIHDR() {
        let size = ImageHeaderSize.size(of: Self.png(width: 640, height: 480))
        #expect(size?.width == 640 && size?.height == 480)
    }

    @Test func doubtfulPNGHeadersAreLeftToGdkPixbuf() {
        #expect(ImageHeaderSize.size(of: Self.png(width: 640, height: 480, breakCRC: true)) == nil)
        #expect(ImageHeaderSize.size(of: Self.png(width: 0, height: 480)) == nil)
        #expect(ImageHeaderSize.size(of: Self.png(width: 0x8000_0000, height: 1)) == nil)
        #expect(ImageHeaderSize.size(of: Array(Self.png(width: 640, height: 480).prefix(32))) == nil)
    }

    @Test func gifLogicalScreenSize() {
        let gif = Array("GIF89a".utf8) + [48, 0, 32, 0, 0xF7, 0, 0]
        let size = ImageHeaderSize.size(of: gif)
        #expect(size?.width == 48 && size?.height == 32)
        #expect(ImageHeaderSize.size(of: Array("GIF89a".utf8) + [0, 0, 32, 0]) == nil)
        #expect(ImageHeaderSize.size(of: Array("GIF88a".utf8) + [48, 0, 32, 0]) == nil)
    }
}
