import ExtractionFixtures
import Foundation
import Testing

@testable import FSFindExtraction
@testable import FSFindManual

/// EXIF cases the sample photo does not cover: southern and western coordinates, an explicit
/// OffsetTimeOriginal, big-endian byte order. The EXIF block is assembled here by hand.
@Suite struct DocumentExifTests {
    /// One IFD entry: tag, type (2 ASCII, 5 RATIONAL), count and its bytes (big-endian).
    private typealias Entry = (tag: UInt16, type: UInt16, count: UInt32, payload: [UInt8])

    private static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    private static func be32(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8((value >> (24 - 8 * UInt32($0))) & 0xFF) }
    }

    private static func text(_ tag: UInt16, _ value: String) -> Entry {
        let bytes = Array(value.utf8) + [0]
        return (tag, 2, UInt32(bytes.count), bytes)
    }

    private static func rationals(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> Entry {
        (tag, 5, UInt32(values.count), values.flatMap { be32($0.0) + be32($0.1) })
    }

    /// An IFD at `offset` (from the TIFF header), its out-of-line values right after it.
    private static func directory(_ entries: [Entry], at offset: Int) -> [UInt8] {
        var table = be16(UInt16(entries.count))
        var data: [UInt8] = []
        let dataStart = offset + 2 + entries.count * 12 + 4
        for entry in entries {
            table += be16(entry.tag) + be16(entry.type) + be32(entry.count)
            if entry.payload.count <= 4 {
                table += entry.payload + [UInt8](repeating: 0, count: 4 - entry.payload.count)
            } else {
                table += be32(UInt32(dataStart + data.count))
                data += entry.payload
                if data.count % 2 == 1 { data.append(0) }
            }
        }
        return table + be32(0) + data
    }

    /// A JPEG holding only an EXIF APP1 segment: IFD0 → Exif IFD (date, offset) and GPS IFD.
    private static func exifJPEG() -> [UInt8] {
        let exifIFD = [text(0x9003, "2024:02:29 23:15:00"), text(0x9011, "+09:00")]
        let gpsIFD = [
            text(0x0001, "S"), rationals(0x0002, [(33, 1), (52, 1), (816, 100)]),
            text(0x0003, "W"), rationals(0x0004, [(70, 1), (40, 1), (0, 1)]),
        ]
        // IFD0: Software (out of line, after the table), then the pointers to the Exif and GPS IFDs.
        let software = text(0x0131, "Darktable 4.6")
        let ifd0Size = 2 + 3 * 12 + 4 + software.payload.count
        let exifOffset = 8 + ifd0Size
        let exifBytes = directory(exifIFD, at: exifOffset)
        let gpsOffset = exifOffset + exifBytes.count
        let ifd0: [Entry] = [
            software, (0x8769, 4, 1, be32(UInt32(exifOffset))), (0x8825, 4, 1, be32(UInt32(gpsOffset))),
        ]
        let tiff =
            [0x4D, 0x4D, 0, 42] + be32(8) + directory(ifd0, at: 8) + exifBytes + directory(gpsIFD, at: gpsOffset)
        let segment = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xD8, 0xFF, 0xE1] + be16(UInt16(segment.count + 2)) + segment + [0xFF, 0xD9]
    }

    @Test func southWestCoordinatesAndExplicitOffset() throws {
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let file = folder.appendingPathComponent("santiago.jpg")
        try Data(Self.exifJPEG()).write(to: file)
        let exif = try #require(ExifRecord(path: Array(file.path.utf8)))
        let utc = TimeZone(identifier: "UTC")!
        let attributes = ImageExtractor.attributes(of: exif, timeZone: utc)
        let latitude = try #require(attributes[.latitude]?.docNumber)
        let longitude = try #require(attributes[.longitude]?.docNumber)
        #expect(abs(latitude - -(33 + 52.0 / 60 + 8.16 / 3600)) < 1e-9)
        #expect(abs(longitude - -(70 + 40.0 / 60)) < 1e-9)
        // 23:15 at +09:00 is 14:15 UTC, whatever the extractor's own zone.
        #expect(attributes[.contentCreationDate]?.docDate == DocumentSample.date(2024, 2, 29, 14, 15, 0, zone: utc))
        #expect(attributes[.acquisitionMake] == nil)
        // EXIF Software is the creating application.
        #expect(attributes[.creator]?.docText == "Darktable 4.6")
    }

    @Test func fileWithoutExifHasNoRecord() {
        #expect(ExifRecord(path: DocumentSample.path("Pictures/wide.png")) == nil)
        #expect(ExifRecord(path: DocumentSample.path("Pictures/disguised.png")) == nil)
    }
}
