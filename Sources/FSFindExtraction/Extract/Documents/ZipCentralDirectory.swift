import FSFindModel
import FSFindPlatform
import SystemPackage

/// Where each entry's compressed bytes start in a ZIP file, from the end-of-central-directory
/// record, the central directory and each entry's local header, all read with `pread`.
///
/// ZIPFoundation keeps this offset to itself; ``ZipMetadataArchive`` needs it to read an entry
/// without ZIPFoundation's unbounded inflate loop. ZIP64 archives (over 4 GiB or 65 535 entries)
/// are refused: no document's metadata needs them.
struct ZipCentralDirectory {
    struct Location {
        /// The local header's offset.
        var headerOffset: Int
        var compressedSize: Int
        /// Filled in by ``location(of:)`` from the local header.
        var dataOffset: Int
    }

    /// The most central directory bytes read; a directory this large is not a document.
    static let directoryLimit = 16 * 1024 * 1024

    private let descriptor: FileDescriptor
    private let entries: [String: Location]

    init(descriptor: FileDescriptor) throws(ExtractionError) {
        self.descriptor = descriptor
        // The archive's size, from its end (reads are positional, so the offset moved is unused).
        guard let fileEnd = try? descriptor.seek(offset: 0, from: .end) else {
            throw ExtractionError("cannot find the archive's size")
        }
        let size = Int(fileEnd)
        let tailLength = min(size, 22 + 65_535)
        guard tailLength >= 22,
            let tail = descriptor.read(
                exactly: tailLength, atAbsoluteOffset: size - tailLength)
        else {
            throw ExtractionError("not a ZIP archive (too short)")
        }
        // The end record is the last "PK\5\6" whose comment length reaches the end of the file.
        var end: Int?
        var index = tail.count - 22
        while index >= 0 {
            if Self.u32(tail, index) == 0x0605_4B50, index + 22 + (Self.u16(tail, index + 20) ?? -1) == tail.count {
                end = index
                break
            }
            index -= 1
        }
        guard let end, let count = Self.u16(tail, end + 10), let directorySize = Self.u32(tail, end + 12),
            let directoryOffset = Self.u32(tail, end + 16)
        else { throw ExtractionError("not a ZIP archive (no end of central directory)") }
        guard count != 0xFFFF, directorySize != 0xFFFF_FFFF, directoryOffset != 0xFFFF_FFFF else {
            throw ExtractionError("ZIP64 archives are not read")
        }
        guard directorySize <= Self.directoryLimit,
            let directory = descriptor.read(
                exactly: directorySize, atAbsoluteOffset: directoryOffset)
        else { throw ExtractionError("ZIP central directory is out of bounds") }
        var entries: [String: Location] = [:]
        var record = ByteCursor(directory)
        // Each record: signature, fixed fields (sizes at 20, name/extra/comment lengths at 28–33,
        // local header offset at 42), then the name, extra field and comment; a record that does
        // not fit ends the directory.
        for _ in 0..<count {
            guard (try? record.u32()) == 0x0201_4B50, (try? record.skip(16)) != nil,
                let compressedSize = try? record.u32(), (try? record.skip(4)) != nil,
                let nameLength = try? record.u16(), let extraLength = try? record.u16(),
                let commentLength = try? record.u16(), (try? record.skip(8)) != nil,
                let headerOffset = try? record.u32(), let name = try? record.take(Int(nameLength)),
                (try? record.skip(Int(extraLength) + Int(commentLength))) != nil
            else { break }
            let key = String(decoding: name, as: UTF8.self)
            if entries[key] == nil {
                entries[key] = Location(
                    headerOffset: Int(headerOffset), compressedSize: Int(compressedSize), dataOffset: -1)
            }
        }
        self.entries = entries
    }

    /// The entry's location with its data offset, or nil when it is missing or its local header
    /// is not where the directory says.
    func location(of name: String) -> Location? {
        guard var location = entries[name],
            let header = descriptor.read(
                exactly: 30, atAbsoluteOffset: location.headerOffset),
            Self.u32(header, 0) == 0x0403_4B50, let nameLength = Self.u16(header, 26),
            let extraLength = Self.u16(header, 28)
        else { return nil }
        location.dataOffset = location.headerOffset + 30 + nameLength + extraLength
        return location
    }

    /// Little-endian 16- and 32-bit fields at `at`, as ZIP writes them, through the shared cursor;
    /// nil past the end.
    private static func u16(_ bytes: [UInt8], _ at: Int) -> Int? {
        var cursor = ByteCursor(bytes, offset: at)
        return (try? cursor.u16()).map(Int.init)
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> Int? {
        var cursor = ByteCursor(bytes, offset: at)
        return (try? cursor.u32()).map(Int.init)
    }
}
