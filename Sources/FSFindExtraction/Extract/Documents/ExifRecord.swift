import CExif
import FSFindModel
import FSFindPlatform

/// The EXIF data of one image, read by libexif and released with `exif_data_unref` when this value
/// goes.
///
/// libexif's loader walks JPEG markers up to the APP1 segment and gives up at the first byte that
/// is not a JPEG marker, so a file without EXIF costs one small read. libexif is loaded at run
/// time (``ExifLibrary``).
final class ExifRecord {
    private let library: ExifLibrary
    private let data: UnsafeMutablePointer<ExifData>
    private let byteOrder: ExifByteOrder

    /// Reads the EXIF block of the file at `path`; nil when it has none (or is not JPEG/EXIF), or
    /// when libexif is not installed.
    init?(path: [UInt8]) {
        guard let library = try? ExifLibrary.shared.get(),
            let data = PathBytes.withCString(path, { library.dataNewFromFile($0) })
        else { return nil }
        self.library = library
        self.data = data
        byteOrder = library.byteOrder(data)
    }

    deinit {
        library.dataUnref(data)
    }

    /// Which image file directory a tag lives in.
    enum Directory {
        case primary, exif, gps
    }

    /// An ASCII tag's text: UTF-8 when valid, else Latin-1, trimmed of padding; nil when absent or
    /// blank.
    func text(_ tag: UInt32, in directory: Directory) -> String? {
        guard let entry = entry(tag, in: directory), entry.pointee.format == EXIF_FORMAT_ASCII,
            let bytes = entry.pointee.data
        else { return nil }
        let buffer = UnsafeBufferPointer(start: bytes, count: Int(entry.pointee.size))
        let cut = buffer.firstIndex(of: 0) ?? buffer.count
        return LegacyText.cleaned(LegacyText.decode(buffer[..<cut]))
    }

    /// An unsigned-rational tag's values as numbers; nil when absent, of another format, or when a
    /// denominator is zero (which EXIF uses for "unknown").
    func rationals(_ tag: UInt32, in directory: Directory) -> [Double]? {
        guard let entry = entry(tag, in: directory), entry.pointee.format == EXIF_FORMAT_RATIONAL,
            let bytes = entry.pointee.data
        else { return nil }
        let size = 8  // two 32-bit integers
        let count = min(Int(entry.pointee.components), Int(entry.pointee.size) / size)
        var values: [Double] = []
        for index in 0..<count {
            let rational = library.rational(bytes + index * size, byteOrder)
            guard rational.denominator != 0 else { return nil }
            values.append(Double(rational.numerator) / Double(rational.denominator))
        }
        return values
    }

    private func entry(_ tag: UInt32, in directory: Directory) -> UnsafeMutablePointer<ExifEntry>? {
        let content: UnsafeMutablePointer<ExifContent>? =
            switch directory {
            case .primary: data.pointee.ifd.0
            case .exif: data.pointee.ifd.2
            case .gps: data.pointee.ifd.3
            }
        guard let content else { return nil }
        return library.contentEntry(content, ExifTag(rawValue: tag))
    }
}
