import FSFindModel
import FSFindText
import SystemPackage

extension KeyedDigest {
    /// The digest under `key` of `type` and of the bytes of the file at `path`, read whole through
    /// ``CrawledFile``, when it is still the file crawled as `identity` (same device, inode, size,
    /// modification and change times); nil otherwise. What copies of a file's words are found by
    /// (the indexer's `TextTwins`): the type is part of it, since an extractor may read a file by
    /// its type.
    package init?(file path: [UInt8], crawledAs identity: FileIdentity, type: String?, key: Key) {
        guard let file = try? CrawledFile(opening: path, expected: identity), file.stillHas(identity) else {
            return nil
        }
        var remaining = Int(identity.size)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 10, alignment: 16)
        defer { buffer.deallocate() }
        let digest = KeyedDigest(key: key) { add in
            (Array((type ?? "").utf8) + [0]).withUnsafeBytes { add($0) }
            while remaining > 0 {
                let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, remaining)])
                // Shorter than it was crawled (or unreadable): not the crawled file's bytes any more.
                guard let count = try? file.descriptor.read(into: chunk), count > 0 else { return }
                add(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                remaining -= count
            }
        }
        guard remaining == 0 else { return nil }
        self = digest
    }
}
