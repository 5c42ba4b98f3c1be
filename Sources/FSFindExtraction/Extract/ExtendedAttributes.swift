import CPlatform
import FSFindCrawl
import FSFindModel
import FSFindPlatform
import Glibc
import SystemPackage

/// Reads the freedesktop.org extended attributes that mean what Spotlight's user attributes mean:
/// `user.xdg.tags` (comma-separated tags, as Dolphin and `tmsu` write them) into `userTags`,
/// `user.xdg.origin.url` and `user.xdg.referrer.url` (written by browsers, `wget --xattr` and
/// `curl --xattr`) into `whereFroms`, and `user.xdg.comment` into `comment`.
///
/// Called for new and changed entries only (an unchanged one keeps its row; setting an extended
/// attribute changes the ctime, so the next refresh reads the entry again). One list call per
/// regular file or folder, and nothing more when the list is empty: `flistxattr` on the descriptor
/// libmagic's read already opened (no second walk of a deep path), `llistxattr` for a folder. A
/// file system without extended attributes answers `ENOTSUP` once and is not asked again. One
/// reader per thread.
struct ExtendedAttributeReader {
    /// Devices whose file system has no extended attributes.
    private var unsupportedDevices: Set<UInt64> = []

    /// Names read, each with the attribute it fills.
    private static let wanted: [(name: String, attribute: Attribute)] = [
        ("user.xdg.tags", .userTags), ("user.xdg.origin.url", .whereFroms), ("user.xdg.referrer.url", .whereFroms),
        ("user.xdg.comment", .comment),
    ]

    /// The most bytes of one value read: the index's cap for a text value (see ExtractedValueLimits).
    private static let valueBytes = ExtractedValueLimits.textBytes

    /// The buffer the names are listed into, kept from entry to entry.
    private var listBuffer = [CChar](repeating: 0, count: 1024)

    init() {}

    /// The attributes `entry`'s extended attributes give, empty when it has none of them.
    /// - Parameter descriptor: `entry`'s file, open (the crawled file, checked), or nil to read
    ///   by path without following a link.
    mutating func attributes(
        of entry: CrawlEntry, descriptor: FileDescriptor? = nil
    ) -> [Attribute: AttributeValue] {
        // `user.*` attributes exist only on regular files and folders; the kernel refuses them on
        // links, devices and pipes, and reading a link's would not follow it anyway.
        guard entry.fileType == .regular || entry.fileType == .directory,
            !unsupportedDevices.contains(entry.identity.device)
        else { return [:] }
        guard let names = listNames(entry, descriptor: descriptor) else { return [:] }
        var result: [Attribute: AttributeValue] = [:]
        for (name, attribute) in Self.wanted where names.contains(name) {
            guard let value = read(name, of: entry.path, descriptor: descriptor) else { continue }
            switch attribute {
            case .userTags:
                let tags = value.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
                if !tags.isEmpty {
                    result[.userTags] = .textList(Array(tags.prefix(ExtractedValueLimits.listElements)))
                }
            case .whereFroms:
                let url = value.trimmingWhitespace()
                guard !url.isEmpty else { continue }
                var list: [String] = []
                if case .textList(let earlier)? = result[.whereFroms] { list = earlier }
                if !list.contains(url) { list.append(url) }
                result[.whereFroms] = .textList(list)
            default:
                let text = value.trimmingWhitespace()
                if !text.isEmpty { result[attribute] = .text(text) }
            }
        }
        return result
    }

    /// The entry's extended attribute names, nil when it has none or they cannot be listed.
    private mutating func listNames(_ entry: CrawlEntry, descriptor: FileDescriptor?) -> Set<String>? {
        func list(_ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> Int {
            if let descriptor { return fsfind_flistxattr(descriptor.rawValue, buffer, capacity) }
            return PathBytes.withCString(entry.path) { fsfind_llistxattr($0, buffer, capacity) }
        }
        while true {
            let capacity = listBuffer.count
            let length = listBuffer.withUnsafeMutableBufferPointer { list($0.baseAddress, capacity) }
            if length > 0 {
                let names = listBuffer[..<length].split(separator: 0).map {
                    String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                }
                return Set(names)
            }
            if length == 0 { return nil }
            switch errno {
            case ENOTSUP:
                unsupportedDevices.insert(entry.identity.device)
                return nil
            case ERANGE where capacity < 1 << 16:
                // More names than the buffer holds: ask for the size, with room to spare.
                let needed = list(nil, 0)
                guard needed > 0 else { return nil }
                listBuffer = [CChar](repeating: 0, count: min(needed + 256, 1 << 16))
            default:
                return nil
            }
        }
    }

    /// One attribute's value as text (invalid UTF-8 repaired), at most ``valueBytes`` of it.
    private func read(_ name: String, of path: [UInt8], descriptor: FileDescriptor?) -> String? {
        func get(_ buffer: UnsafeMutableRawPointer?, _ capacity: Int) -> Int {
            if let descriptor { return fsfind_fgetxattr(descriptor.rawValue, name, buffer, capacity) }
            return PathBytes.withCString(path) { fsfind_lgetxattr($0, name, buffer, capacity) }
        }
        var buffer = [UInt8](repeating: 0, count: Self.valueBytes)
        var length = buffer.withUnsafeMutableBytes { get($0.baseAddress, $0.count) }
        if length < 0, errno == ERANGE {
            // Longer than the cap: read it whole once, then keep the cap's worth.
            let size = get(nil, 0)
            guard size > 0, size <= 1 << 16 else { return nil }
            buffer = [UInt8](repeating: 0, count: size)
            length = buffer.withUnsafeMutableBytes { get($0.baseAddress, $0.count) }
        }
        guard length > 0 else { return nil }
        let text = String(decoding: buffer[..<min(length, Self.valueBytes)], as: UTF8.self)
        return ExtractedValueLimits.capped(text)
    }
}

extension StringProtocol {
    /// Without leading and trailing white space (and NULs, which some writers leave at the end).
    fileprivate func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace || $0 == "\u{0}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
