import FSFindIndex
import FSFindModel
import Glibc

/// The words of a gzip-compressed text file (the changelogs and READMEs of /usr/share/doc, rotated
/// logs): zlib inflates it, and what comes out is read as ``PlainText``.
///
/// At most `limit` bytes are inflated, so a gzip bomb costs the same bounded time and memory as a
/// big text file; what inflates to something that is not text (a `.tar.gz`: tar headers hold
/// NULs) gives no words. The hit is the compressed file itself.
package struct CompressedTextExtractor: Extractor {
    package init() {}

    package var name: String { "compressed-text" }

    package func handles(tree: [String]) -> Bool { tree.contains("org.gnu.gnu-zip-archive") }

    package var readsText: Bool { true }
    package var readsOnlyText: Bool { true }

    /// Text compresses about ten to one.
    package func expectedTextBytes(fileSize size: Int) -> Int { size * 10 }

    package func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        [:]
    }

    package func text(_ file: CrawledFile, tree: [String], limit: Int) throws(ExtractionError) -> String? {
        let gzip = try GzipLibrary.shared.get()
        // gzclose closes the descriptor it was given: a duplicate, read from the start.
        let descriptor = dup(file.descriptor)
        guard descriptor >= 0 else { throw ExtractionError("cannot read: \(String(cString: strerror(errno)))") }
        lseek(descriptor, 0, SEEK_SET)
        guard let stream = gzip.open(descriptor, "rb") else {
            close(descriptor)
            throw ExtractionError("zlib cannot read the file")
        }
        defer { _ = gzip.close(stream) }
        // Inflated straight into uninitialized capacity, never zeroed (most files inflate to far
        // less than the limit); only what zlib wrote counts.
        var damaged = false
        let bytes = [UInt8](unsafeUninitializedCapacity: limit) { buffer, count in
            count = 0
            while count < limit {
                let read = gzip.read(stream, buffer.baseAddress! + count, UInt32(min(limit - count, 1 << 20)))
                guard read > 0 else {
                    // Damage after some text (a cut-short download) keeps the text before it.
                    damaged = read < 0 && count == 0
                    break
                }
                count += Int(read)
            }
        }
        if damaged { throw ExtractionError("damaged gzip data") }
        return PlainText.decode(bytes)
    }
}
