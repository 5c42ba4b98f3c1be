import FSFindCrawl
import FSFindModel
import FSFindPlatform
import Foundation

/// Reads an image's pixel size (gdk-pixbuf) and camera, date and place (EXIF, libexif).
///
/// PNG and GIF sizes come from their fixed headers (``ImageHeaderSize``, one 33-byte read). Other
/// sizes, and PNG or GIF headers that do not look exactly right, come from
/// `gdk_pixbuf_get_file_info`, which feeds the file to the format's loader a
/// few KiB at a time and stops as soon as the loader announces the size, so no pixels are decoded
/// for PNG, JPEG, GIF, WebP or BMP. gdk-pixbuf's TIFF loader is the exception (it buffers the whole
/// file first), so TIFF sizes come from ``TIFFDimensions`` instead. The loader is picked by sniffing
/// the content, so a JPEG named `.png` is measured as the JPEG it is. Types without a loader get no
/// size (see ``pixbufTypes``).
struct ImageExtractor: Extractor {
    /// The zone for EXIF times that carry no offset; nil means the process's zone at extraction
    /// time, as the spec asks ("no zone → local time").
    var timeZone: TimeZone?

    init(timeZone: TimeZone? = nil) {
        self.timeZone = timeZone
    }

    var name: String { "image" }

    func handles(tree: [String]) -> Bool { tree.contains("public.image") }

    func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        var attributes: [Attribute: AttributeValue] = [:]
        if tree.contains("public.tiff") {
            guard let size = TIFFDimensions.read(file.descriptor) else {
                throw ExtractionError("malformed TIFF header")
            }
            attributes[.pixelWidth] = .number(Double(size.width))
            attributes[.pixelHeight] = .number(Double(size.height))
        } else if tree.contains(where: Self.pixbufTypes.contains) {
            let prefix = try file.prefix(ImageHeaderSize.prefixLength)
            if let size = ImageHeaderSize.size(of: prefix) {
                attributes[.pixelWidth] = .number(Double(size.width))
                attributes[.pixelHeight] = .number(Double(size.height))
            } else {
                let pixbuf = try PixbufLibrary.shared.get()
                var width: Int32 = 0
                var height: Int32 = 0
                let format = PathBytes.withCString(try file.pathForLibrary()) { pixbuf.fileInfo($0, &width, &height) }
                guard format != nil, width > 0, height > 0 else {
                    throw ExtractionError("gdk-pixbuf cannot read the image size")
                }
                attributes[.pixelWidth] = .number(Double(width))
                attributes[.pixelHeight] = .number(Double(height))
            }
        }
        if let exif = ExifRecord(path: try file.pathForLibrary()) {
            attributes.merge(Self.attributes(of: exif, timeZone: timeZone ?? .current)) { _, new in new }
        }
        return attributes
    }

    /// ``extract(_:tree:)``, and for a JPEG without libexif installed, that as the item's problem:
    /// its size is kept, and `fsfind status` names the package its camera, date and place need
    /// (files of other types carry no EXIF libexif reads, so they lose nothing).
    func read(_ file: CrawledFile, tree: [String], textLimit: Int) throws(ExtractionError) -> ExtractorReading {
        var reading = ExtractorReading(attributes: try extract(file, tree: tree))
        if tree.contains("public.jpeg"), case .failure(let error) = ExifLibrary.shared {
            reading.problem = "its camera, date and place could not be read: \(error.reason)"
        }
        return reading
    }

    /// The types whose size gdk-pixbuf reads from the header (Debian's loaders, plus
    /// webp-pixbuf-loader). Other images (HEIC, AVIF, PSD, JPEG 2000, SVG) get no size rather than
    /// a false "unparsable" problem: no loader for them is installed, and SVG has no pixel size.
    static let pixbufTypes: Set<String> = [
        "public.png", "public.jpeg", "com.compuserve.gif", "org.webmproject.webp", "com.microsoft.bmp",
        "com.microsoft.ico",
    ]

    /// EXIF tag numbers (the GPS ones are macros libexif's enum lacks).
    private enum Tag {
        static let make: UInt32 = 0x010F
        static let model: UInt32 = 0x0110
        static let software: UInt32 = 0x0131
        static let dateTimeOriginal: UInt32 = 0x9003
        static let offsetTimeOriginal: UInt32 = 0x9011
        static let latitudeRef: UInt32 = 0x0001
        static let latitude: UInt32 = 0x0002
        static let longitudeRef: UInt32 = 0x0003
        static let longitude: UInt32 = 0x0004
    }

    static func attributes(of exif: ExifRecord, timeZone: TimeZone) -> [Attribute: AttributeValue] {
        var attributes: [Attribute: AttributeValue] = [:]
        if let make = exif.text(Tag.make, in: .primary) { attributes[.acquisitionMake] = .text(make) }
        if let model = exif.text(Tag.model, in: .primary) { attributes[.acquisitionModel] = .text(model) }
        if let software = exif.text(Tag.software, in: .primary).flatMap(LegacyText.cleaned) {
            attributes[.creator] = .text(software)
        }
        if let taken = exif.text(Tag.dateTimeOriginal, in: .exif),
            let date = exifDate(taken, offset: exif.text(Tag.offsetTimeOriginal, in: .exif), timeZone: timeZone)
        {
            attributes[.contentCreationDate] = .date(date)
        }
        if let latitude = coordinate(exif, value: Tag.latitude, ref: Tag.latitudeRef, negative: "S", limit: 90),
            let longitude = coordinate(exif, value: Tag.longitude, ref: Tag.longitudeRef, negative: "W", limit: 180)
        {
            attributes[.latitude] = .number(latitude)
            attributes[.longitude] = .number(longitude)
        }
        return attributes
    }

    /// `2023:07:14 18:30:00` (+ `OffsetTimeOriginal` such as `+02:00` when written) as an instant;
    /// without an offset the time is read in `timeZone`. Nil for blank or zeroed dates.
    static func exifDate(_ text: String, offset: String?, timeZone: TimeZone) -> Date? {
        var bytes = Array(text.utf8.prefix(19))
        guard bytes.count == 19, bytes[4] == UInt8(ascii: ":"), bytes[7] == UInt8(ascii: ":") else { return nil }
        bytes[4] = UInt8(ascii: "-")
        bytes[7] = UInt8(ascii: "-")
        bytes[10] = UInt8(ascii: "T")
        var iso = String(decoding: bytes, as: UTF8.self)
        if let offset, offset.utf8.count == 6, offset.first == "+" || offset.first == "-" { iso += offset }
        return MetadataText.date(iso, timeZone: timeZone)
    }

    /// Degrees, minutes, seconds and a hemisphere letter as signed decimal degrees.
    private static func coordinate(
        _ exif: ExifRecord, value: UInt32, ref: UInt32, negative: Character, limit: Double
    ) -> Double? {
        guard let parts = exif.rationals(value, in: .gps), parts.count == 3 else { return nil }
        let degrees = parts[0] + parts[1] / 60 + parts[2] / 3600
        guard degrees.isFinite, degrees <= limit else { return nil }
        let hemisphere = exif.text(ref, in: .gps)?.uppercased().first
        return hemisphere == negative ? -degrees : degrees
    }
}
