import FSFindCrawl
import Foundation
import SystemPackage
import ZIPFoundation

/// A ZIP container (Office Open XML, OpenDocument, EPUB) opened only to read small metadata entries.
///
/// ZIPFoundation parses the archive and finds entries, with their sizes and checksums. The bytes
/// are not read through `Archive.extract`, though: on Linux its inflate loop keeps asking its file
/// for more input after the end of a deflate stream that never finishes (a damaged entry), and
/// spins forever at end of file; and it tells zlib that a short last chunk is a full buffer, so
/// zlib reads past the chunk. Instead the entry's compressed bytes are read here (the local
/// header's offset comes from ``ZipCentralDirectory``) and inflated with ZIPFoundation's
/// `Data.decompress`, fed by a provider that pads the last chunk and throws when the stream
/// outruns the entry.
///
/// Zip bombs are refused two ways: an entry that declares more than ``entryLimit`` bytes (packed
/// or unpacked) is not read at all, and inflation stops as soon as the output passes the limit,
/// in case the declared size lies. Only named entries are read, never the body.
final class ZipMetadataArchive {
    /// The most bytes read from one entry, before or after inflating: metadata parts are a few KiB.
    static let entryLimit = 4 * 1024 * 1024

    private let archive: Archive
    /// Kept open while the archive is read: ZIPFoundation's `/proc/self/fd/N` names it.
    private let file: CrawledFile
    private let directory: ZipCentralDirectory

    /// Reads the archive in `file`. ZIPFoundation takes a `URL` and opens it itself, so it is
    /// given `/proc/self/fd/N`: the very file the crawl saw, whatever its name's encoding.
    init(file: CrawledFile) throws(ExtractionError) {
        let url = URL(fileURLWithPath: String(decoding: try file.pathForLibrary(), as: UTF8.self))
        do {
            archive = try Archive(url: url, accessMode: .read)
            directory = try ZipCentralDirectory(descriptor: file.descriptor)
        } catch let error as ExtractionError {
            throw error
        } catch {
            throw ExtractionError("not a readable ZIP archive: \(error)")
        }
        self.file = file
    }

    /// The paths of the archive's files, in the archive's order.
    var entryPaths: [String] { archive.filter { $0.type == .file }.map(\.path) }

    /// The bytes of the entry at `entryPath`, or nil when the archive has no such file; an entry
    /// larger than `entryLimit` (packed or inflated) is refused.
    func contents(of entryPath: String, entryLimit: Int = entryLimit) throws(ExtractionError) -> Data? {
        guard let entry = archive[entryPath], entry.type == .file else { return nil }
        let limit = UInt64(entryLimit)
        guard entry.uncompressedSize <= limit else {
            throw ExtractionError(
                "\(entryPath) declares \(entry.uncompressedSize) bytes, over the \(entryLimit)-byte limit")
        }
        guard entry.compressedSize <= limit else {
            throw ExtractionError(
                "\(entryPath) is \(entry.compressedSize) bytes packed, over the \(entryLimit)-byte limit")
        }
        guard let location = directory.location(of: entryPath),
            location.compressedSize == Int(entry.compressedSize)
        else { throw ExtractionError("\(entryPath): central directory and local header disagree") }
        let packed = try read(count: location.compressedSize, at: location.dataOffset, name: entryPath)
        var data = Data()
        let checksum: CRC32
        if entry.isCompressed {
            do {
                checksum = try Data.decompress(
                    size: Int64(packed.count), bufferSize: 16 * 1024, skipCRC32: false,
                    provider: { position, size in
                        // Asked again after the last byte: the deflate stream does not end in its entry.
                        guard position < Int64(packed.count) else { throw TruncatedStream() }
                        let start = Int(position)
                        var chunk = packed.subdata(in: start..<min(packed.count, start + size))
                        // ZIPFoundation tells zlib every chunk holds `size` bytes, whatever its real
                        // length, so a short last chunk would be read past its end: pad it. Zeros
                        // past a stream's end make zlib fail (or stop) within a few bytes.
                        if chunk.count < size { chunk.append(Data(count: size - chunk.count)) }
                        return chunk
                    },
                    consumer: { chunk in
                        guard data.count + chunk.count <= entryLimit else { throw OversizedEntry() }
                        data.append(chunk)
                    })
            } catch is OversizedEntry {
                throw ExtractionError("\(entryPath) inflates past the \(entryLimit)-byte limit")
            } catch is TruncatedStream {
                throw ExtractionError("\(entryPath) is damaged (deflate stream runs past the entry)")
            } catch {
                throw ExtractionError("cannot inflate \(entryPath): \(error)")
            }
        } else {
            data = packed
            checksum = packed.crc32(checksum: 0)
        }
        guard checksum == entry.checksum else { throw ExtractionError("\(entryPath) is damaged (CRC-32 mismatch)") }
        return data
    }

    /// The readable text of the XML parts at `entryPaths`, in order, at most about `limit` bytes
    /// (a part may inflate to four times the limit: markup is most of it).
    func text(of entryPaths: [String], markup: XMLText.Markup, limit: Int) throws(ExtractionError) -> String {
        var text = ""
        for path in entryPaths where text.utf8.count < limit {
            guard let data = try contents(of: path, entryLimit: max(Self.entryLimit, 4 * limit)) else { continue }
            if !text.isEmpty { text += "\n" }
            text += XMLText.text(data, markup: markup, limit: limit - text.utf8.count)
        }
        return text
    }

    /// The entry at `entryPath` parsed as XML, or nil when there is no such entry.
    func xml(_ entryPath: String) throws(ExtractionError) -> XMLMetadata? {
        guard let data = try contents(of: entryPath) else { return nil }
        return try XMLMetadata(data: data, name: entryPath)
    }

    private func read(count: Int, at offset: Int, name: String) throws(ExtractionError) -> Data {
        guard let bytes = file.descriptor.read(exactly: count, atAbsoluteOffset: offset)
        else {
            throw ExtractionError("\(name) is cut short")
        }
        return Data(bytes)
    }

    /// Thrown from the inflate consumer to stop a bomb.
    private struct OversizedEntry: Error {}
    /// Thrown from the inflate provider when the compressed bytes run out.
    private struct TruncatedStream: Error {}
}
