import FSFindCrawl
import FSFindModel
import SystemPackage

/// The words of compressed text files (`.gz`, `.bz2`, `.xz`: the changelogs of /usr/share/doc,
/// rotated logs) and of the text members of archives (zip, tar, compressed tar, 7z), through
/// libarchive: one well-kept library for every container and compression.
///
/// Every member is read as ``PlainText`` and kept only when it is text; each member's text is
/// preceded by a line naming it (`== docs/README ==`), so the archive is the hit and its words
/// say which member holds them. Bounded three ways: at most `limit` bytes of text in all, at most
/// ``memberLimit`` members looked at, and reading stops once ``readLimit`` bytes of the file have
/// gone through (a 2 GB tarball of videos is not inflated to its end). A bomb costs what the
/// limit allows; nothing nests (an archive in an archive is not opened).
struct ArchiveTextExtractor: Extractor {
    /// Members looked at, at most (a zip of 60,000 members costs 4,096 headers).
    static let memberLimit = 4096
    /// Bytes of the file read, at most (compressed bytes: the file's own).
    static let readLimit: Int64 = 512 << 20
    /// The start of a member read to tell text from binary before reading on.
    static let probeBytes = 4096

    init() {}

    var name: String { "archive" }

    static let types: Set<String> = [
        "org.gnu.gnu-zip-archive", "org.bzip.bzip2-archive", "org.tukaani.xz-archive", "public.tar-archive",
        "public.zip-archive", "org.7-zip.7-zip-archive",
    ]

    func handles(tree: [String]) -> Bool { tree.contains(where: Self.types.contains) }

    var readsText: Bool { true }
    var readsOnlyText: Bool { true }

    /// Text compresses about ten to one.
    func expectedTextBytes(fileSize size: Int) -> Int { size * 10 }

    func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        [:]
    }

    func text(_ file: CrawledFile, tree: [String], limit: Int) throws(ExtractionError) -> String? {
        if let text = Self.gzippedText(file, tree: tree, limit: limit) { return text }
        let library = try LibArchive.shared.get()
        guard let archive = library.new() else { throw ExtractionError("libarchive: out of memory") }
        defer { _ = library.free(archive) }
        _ = library.supportAllFilters(archive)
        _ = library.supportAllFormats(archive)
        _ = library.supportRawFormat(archive)
        // libarchive reads from the descriptor's position: a duplicate, from the start.
        let descriptor: FileDescriptor
        do { descriptor = try file.descriptor.duplicate() } catch { throw ExtractionError("cannot read: \(error)") }
        defer { _ = try? descriptor.close() }
        _ = try? descriptor.seek(offset: 0, from: .start)
        guard library.openDescriptor(archive, descriptor.rawValue, 64 * 1024) == LibArchive.ok else {
            throw ExtractionError("libarchive cannot read the file")
        }
        var text = ""
        // Room for what the archive may hold, at once: grown by doubling, a 16 MiB text held its
        // old and new copies together at each step. Room never written is never given pages
        // (blocks of a MiB or more are mapped on their own).
        text.reserveCapacity(min(limit, expectedTextBytes(fileSize: file.size)))
        var members = 0
        var entry: OpaquePointer?
        while members < Self.memberLimit, text.utf8.count < limit,
            library.filterBytes(archive, -1) < Self.readLimit
        {
            let status = library.nextHeader(archive, &entry)
            guard status == LibArchive.ok || status == LibArchive.warn else { break }
            members += 1
            let isRaw = library.format(archive) == LibArchive.rawFormat
            guard isRaw || library.entryFileType(entry) == LibArchive.regularFile else { continue }
            let room = limit - text.utf8.count
            guard let body = Self.textOfMember(archive, library: library, limit: room) else { continue }
            if isRaw {
                text += body
            } else {
                let name = library.entryPath(entry).map { String(cString: $0) } ?? "?"
                text += (text.isEmpty ? "" : "\n") + "== \(name) ==\n" + body
            }
        }
        return text.isEmpty ? nil : text
    }

    /// The text of a gzip file of one text member of at most `limit` bytes (a compressed
    /// changelog), inflated at once by libdeflate (``Gunzip``); nil for anything else (a
    /// compressed tar, several members, a bomb, libdeflate missing), which libarchive reads.
    private static func gzippedText(_ file: CrawledFile, tree: [String], limit: Int) -> String? {
        guard tree.contains("org.gnu.gnu-zip-archive"), file.size <= limit, let gunzip = try? Gunzip.shared.get(),
            let compressed = try? file.prefix(file.size), let text = gunzip.text(of: compressed, limit: limit),
            !text.isEmpty
        else { return nil }
        return text
    }

    /// The member's text, at most `limit` bytes, or nil when its start is not text.
    private static func textOfMember(_ archive: OpaquePointer, library: LibArchive, limit: Int) -> String? {
        let bytes = [UInt8](unsafeUninitializedCapacity: max(limit, 1)) { buffer, count in
            count = 0
            while count < limit {
                // The first read is the probe: a binary member is left after 4 KiB.
                let want = count == 0 ? min(limit, probeBytes) : min(limit - count, 1 << 20)
                let got = library.readData(archive, buffer.baseAddress! + count, want)
                guard got > 0 else { break }
                count += got
                if count <= probeBytes, PlainText.decode(Array(buffer[0..<count])) == nil { break }
            }
        }
        return PlainText.decode(bytes)
    }
}
