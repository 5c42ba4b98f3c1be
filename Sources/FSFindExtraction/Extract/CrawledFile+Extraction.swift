import FSFindCrawl
import FSFindModel
import FSFindPlatform
import Glibc
import SystemPackage

/// What extractors read from a ``CrawledFile``, with a refusal reported as an extraction failure
/// (the item's `.unparsable` problem).
extension CrawledFile {
    /// Opens the file for an extractor: see ``CrawledFile/init(opening:expected:)``.
    static func forExtraction(_ path: [UInt8], expected: FileIdentity?) throws(ExtractionError) -> CrawledFile {
        do throws(Refusal) {
            return try CrawledFile(opening: path, expected: expected)
        } catch {
            throw ExtractionError(error.description)
        }
    }

    /// `/proc/self/fd/N`, the name under which a library that only takes paths opens this file.
    func pathForLibrary() throws(ExtractionError) -> [UInt8] {
        do throws(Refusal) {
            return try libraryPath()
        } catch {
            throw ExtractionError(error.description)
        }
    }

    /// At most `limit` bytes from the start of the file (fewer when it is shorter).
    ///
    /// Text extractors only look at a bounded prefix, so a multi-gigabyte log file that libmagic
    /// calls HTML costs one read, not the whole file.
    func prefix(_ limit: Int) throws(ExtractionError) -> [UInt8] {
        do throws(Errno) {
            return try descriptor.read(upTo: limit, atAbsoluteOffset: 0)
        } catch {
            throw ExtractionError("cannot read: \(error.description)")
        }
    }
}
