import FSFindModel

/// Maps what libmagic says about a file (plus its name and entry kind) to a ``ContentTypeInfo``.
///
/// The type comes from the content; the file-name extension only refines an answer libmagic leaves
/// generic (`text/plain` + `.md` → Markdown) or narrows a specific one into a subtype
/// (`application/gzip` + `.tgz`), never overrides it (a JPEG named `photo.png` stays JPEG).
enum ContentTypeTable {
    /// The type of a regular file whose content libmagic identified as `mimeType`.
    /// - Parameter fileName: the last path component, raw bytes; only its extension is read.
    static func info(mimeType: String, fileName: [UInt8]) -> ContentTypeInfo {
        let lowered = mimeType.lowercased()
        let mapping = mimeMappings[lowered] ?? fallbackMapping(forLowercased: lowered)
        var uti = mapping.uti
        var kind = mapping.kind ?? TypeCatalog.kind(of: uti) ?? "Document"
        if let refined = refinement(of: mapping, fileName: fileName), let refinedKind = TypeCatalog.kind(of: refined) {
            uti = refined
            kind = refinedKind
        }
        return ContentTypeInfo(uti: uti, tree: tree(of: uti), kind: kind, mimeType: mimeType)
    }

    /// `uti` and every type it conforms to, most specific first (breadth first over the parent
    /// table), ending in `public.item`. An undeclared UTI gets `[uti, "public.item"]`.
    static func tree(of uti: String) -> [String] {
        TypeCatalog.tree(of: uti) ?? (uti == "public.item" ? ["public.item"] : [uti, "public.item"])
    }

    /// A folder (`inode/directory`, as `file --mime-type` says).
    static var folder: ContentTypeInfo { special("public.folder", kind: "Folder", mime: "inode/directory") }

    /// A symbolic link; never followed, so nothing about its target is known.
    static var symlink: ContentTypeInfo {
        special("public.symlink", kind: "Symbolic link", mime: "inode/symlink")
    }

    /// A regular file whose content could not be read: `public.data` from lstat alone, no MIME type.
    static var unreadable: ContentTypeInfo { special("public.data", kind: "Document", mime: "") }

    /// FIFOs, sockets and devices are never opened, so they have no content type beyond
    /// `public.item`; the kind and the `inode/…` MIME type say what they are.
    static var namedPipe: ContentTypeInfo { special("public.item", kind: "Named pipe", mime: "inode/fifo") }
    static var socket: ContentTypeInfo { special("public.item", kind: "Socket", mime: "inode/socket") }
    static var characterDevice: ContentTypeInfo {
        special("public.item", kind: "Character device", mime: "inode/chardevice")
    }
    static var blockDevice: ContentTypeInfo {
        special("public.item", kind: "Block device", mime: "inode/blockdevice")
    }
    /// An entry lstat could not classify.
    static var unknownItem: ContentTypeInfo { special("public.item", kind: "Item", mime: "") }

    /// True when `uti`'s tree contains `ancestor`.
    static func conforms(_ uti: String, to ancestor: String) -> Bool {
        tree(of: uti).contains(ancestor)
    }

    private static func special(_ uti: String, kind: String, mime: String) -> ContentTypeInfo {
        ContentTypeInfo(uti: uti, tree: tree(of: uti), kind: kind, mimeType: mime)
    }

    /// The declared type the file name's extension refines `mapping` into, if any.
    private static func refinement(of mapping: MIMEMapping, fileName: [UInt8]) -> String? {
        let allowed = mapping.refinable ?? [mapping.uti]
        guard !allowed.isEmpty else { return nil }
        for ext in extensions(of: fileName) {
            for candidate in TypeCatalog.types(withExtension: ext) where candidate != mapping.uti {
                let candidateTree = tree(of: candidate)
                if allowed.contains(where: candidateTree.contains) { return candidate }
            }
        }
        return nil
    }

    /// The lowercased extensions of a file name, compound first (`tar.gz`, then `gz`). A leading
    /// dot does not start an extension (`.bashrc` has none); non-ASCII extensions are ignored.
    static func extensions(of fileName: [UInt8]) -> [String] {
        var dots: [Int] = []
        for index in fileName.indices.reversed() where fileName[index] == UInt8(ascii: ".") && index > 0 {
            dots.append(index)
            if dots.count == 2 { break }
        }
        var result: [String] = []
        for dot in dots.reversed() {
            let bytes = fileName[(dot + 1)...]
            guard !bytes.isEmpty, bytes.count <= 16, bytes.allSatisfy({ $0 < 0x80 })
            else { continue }
            result.append(String(decoding: bytes.map(lowercasedASCII), as: UTF8.self))
        }
        return result
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
