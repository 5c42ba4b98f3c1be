import Foundation
import Glibc
import ZIPFoundation

/// A ZIP container (Office Open XML, OpenDocument, EPUB) opened only to read small metadata entries.
///
/// Zip bombs are refused two ways: an entry whose central directory declares more than
/// ``entryLimit`` uncompressed bytes is not read at all, and inflation stops as soon as the output
/// passes the limit, in case the declared size lies. Only named entries are read, never the body.
final class ZipMetadataArchive {
    /// The most uncompressed bytes read from one entry: metadata parts are a few KiB.
    static let entryLimit = 4 * 1024 * 1024

    private let archive: Archive
    /// Kept open while the archive is in use when the path had to travel as `/proc/self/fd/N`.
    private let descriptor: Int32

    /// Opens the archive at `path` (raw bytes). ZIPFoundation takes a `URL`, which cannot carry a
    /// file name that is not UTF-8, so such a file is opened here and handed over as
    /// `/proc/self/fd/N` (Linux names every open descriptor there).
    init(path: [UInt8]) throws(ExtractionError) {
        var descriptor: Int32 = -1
        let url: URL
        if let text = String(validating: path, as: UTF8.self) {
            url = URL(fileURLWithPath: text)
        } else {
            descriptor = PathBytes.open(path, flags: O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw ExtractionError("cannot open: \(String(cString: strerror(errno)))")
            }
            url = URL(fileURLWithPath: "/proc/self/fd/\(descriptor)")
        }
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            if descriptor >= 0 { close(descriptor) }
            throw ExtractionError("not a readable ZIP archive: \(error)")
        }
        self.descriptor = descriptor
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The bytes of the entry at `entryPath`, or nil when the archive has no such file.
    func contents(of entryPath: String) throws(ExtractionError) -> Data? {
        guard let entry = archive[entryPath], entry.type == .file else { return nil }
        guard entry.uncompressedSize <= UInt64(Self.entryLimit) else {
            throw ExtractionError(
                "\(entryPath) declares \(entry.uncompressedSize) bytes, over the \(Self.entryLimit)-byte limit")
        }
        var data = Data()
        do {
            // ZIPFoundation computes the CRC-32 while inflating but leaves the comparison to the
            // caller; a damaged entry must not reach the XML parser.
            let checksum = try archive.extract(entry, bufferSize: 64 * 1024) { chunk in
                guard data.count + chunk.count <= Self.entryLimit else { throw OversizedEntry() }
                data.append(chunk)
            }
            guard checksum == entry.checksum else {
                throw ExtractionError("\(entryPath) is damaged (CRC-32 mismatch)")
            }
        } catch let error as ExtractionError {
            throw error
        } catch is OversizedEntry {
            throw ExtractionError("\(entryPath) inflates past the \(Self.entryLimit)-byte limit")
        } catch {
            throw ExtractionError("cannot read \(entryPath): \(error)")
        }
        return data
    }

    /// The entry at `entryPath` parsed as XML, or nil when there is no such entry.
    func xml(_ entryPath: String) throws(ExtractionError) -> XMLMetadata? {
        guard let data = try contents(of: entryPath) else { return nil }
        return try XMLMetadata(data: data, name: entryPath)
    }

    /// Thrown from the inflate consumer to stop a bomb.
    private struct OversizedEntry: Error {}
}
