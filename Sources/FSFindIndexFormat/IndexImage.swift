import FSFindModel
import Foundation

/// A complete index file as its header (fixed part and section directory) and its sections'
/// bytes: what ``IndexWriter`` writes, in this order, each section followed by its zero padding,
/// without first joining it into one array (which would hold the file twice).
struct IndexImage {
    let header: [UInt8]
    let sections: [[UInt8]]

    /// The pieces of the file in order: header, then each section and its padding.
    var chunks: [[UInt8]] {
        var chunks = [header]
        for section in sections {
            chunks.append(section)
            let padding = Self.padding(section.count)
            if padding > 0 { chunks.append([UInt8](repeating: 0, count: padding)) }
        }
        return chunks
    }

    /// The whole file in one array (for an index opened from memory).
    var bytes: [UInt8] { chunks.flatMap { $0 } }

    /// Zero bytes that bring a section of `count` bytes to a multiple of 8.
    static func padding(_ count: Int) -> Int { (8 - count % 8) % 8 }

    /// Places `sections` in the given order after the header (readers accept any order;
    /// ``IndexBuilder`` gives the strings and lists last, once every other section has added to
    /// them).
    init(sections encoded: [EncodedSection], itemCount: Int, createdAt: Date) throws(FSFindError) {
        guard encoded.count <= IndexFormat.maxSections else {
            // Only reachable if the registry grows past ~55 attributes; readers track 64 sections.
            throw FSFindError.broken(
                "cannot write the index: \(encoded.count) sections exceed the format's \(IndexFormat.maxSections)")
        }
        let headerSize = IndexFormat.fixedHeaderSize + encoded.count * IndexFormat.directoryEntrySize
        var placed: [[UInt8]] = []
        var directory = ByteWriter()
        var offset = headerSize
        for section in encoded {
            let padded = section.bytes.count + Self.padding(section.bytes.count)
            let zeros = [UInt8](repeating: 0, count: Self.padding(section.bytes.count))
            directory.appendLittleEndian(section.kind.rawValue)
            directory.appendLittleEndian(section.param)
            directory.appendLittleEndian(UInt64(offset))
            directory.appendLittleEndian(UInt64(padded))
            directory.appendLittleEndian(zeros.withUnsafeBytes { CRC32C.update(CRC32C.checksum(section.bytes), $0) })
            directory.appendLittleEndian(section.format)
            offset += padded
            placed.append(section.bytes)
        }
        header = Self.header(
            directory: directory.bytes, sectionCount: encoded.count, fileLength: offset, itemCount: itemCount,
            createdAt: createdAt)
        sections = placed
    }

    /// The fixed header and the directory, with the header's checksum.
    static func header(directory: [UInt8], sectionCount: Int, fileLength: Int, itemCount: Int, createdAt: Date)
        -> [UInt8]
    {
        var file = ByteWriter()
        file.bytes.reserveCapacity(IndexFormat.fixedHeaderSize + directory.count)
        file.append(contentsOf: IndexFormat.magic)
        file.appendLittleEndian(IndexFormat.version)
        file.appendLittleEndian(UInt32(sectionCount))
        file.appendLittleEndian(UInt64(fileLength))
        file.appendLittleEndian(UInt64(itemCount))
        file.appendLittleEndian(IndexFormat.bits(of: createdAt.timeIntervalSinceReferenceDate))
        file.appendLittleEndian(UInt32(0))  // reserved
        file.appendLittleEndian(UInt32(0))  // header checksum, filled in below
        file.append(contentsOf: directory)
        file.setLittleEndian(CRC32C.checksum(file.bytes), at: IndexFormat.headerChecksumOffset)
        return file.bytes
    }
}
