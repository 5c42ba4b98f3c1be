import FSFindModel

/// The form in which the text store keeps a file's text (the `document.text` column): the text's
/// UTF-8 length (8 bytes, little-endian), then the text packed, so unpacking knows the size to
/// expect and can refuse a blob that claims more.
///
/// Packed with Zstandard (``Zstd``, a frame that starts with its magic number); stores written
/// before it hold zlib streams (``Deflate``), which are still read, so an existing store needs no
/// rebuilding and its documents can still be forgotten (FTS5 cuts a document's stored text again
/// to remove its words).
enum StoredText {
    /// `text`'s stored form: Zstandard, or zlib where libzstd cannot be loaded. Thread-safe.
    static func pack(_ text: String) throws(FSFindError) -> [UInt8] {
        guard let zstd = try? Zstd.shared.get() else {
            let bytes = Array(text.utf8)
            return header(bytes.count) + (try Deflate.shared.get().compress(bytes))
        }
        var text = text
        // withUTF8 is untyped-rethrows: the typed error travels in a Result.
        let packed = text.withUTF8 { bytes in
            Result { () throws(FSFindError) -> [UInt8] in
                try zstd.compress(UnsafeRawBufferPointer(bytes), after: header(bytes.count))
            }
        }
        return try packed.get()
    }

    /// The text (UTF-8 bytes) of a stored form, or nil when it is damaged.
    static func unpack(_ packed: UnsafeRawBufferPointer) -> [UInt8]? {
        guard packed.count >= 8 else { return nil }
        var length: UInt64 = 0
        for index in 0..<8 { length |= UInt64(packed[index]) << (8 * UInt64(index)) }
        // A text is at most the text limit (16 MiB, twice that from Latin-1) plus slack; a larger
        // claim is damage.
        guard length <= 1 << 30 else { return nil }
        if length == 0 { return [] }
        let body = UnsafeRawBufferPointer(rebasing: packed[8...])
        if body.starts(with: Zstd.magic) {
            return (try? Zstd.shared.get())?.decompress(body, length: Int(length))
        }
        if body.starts(with: gzipMagic) {
            return (try? Deflate.shared.get())?.gunzip(body, length: Int(length))
        }
        return (try? Deflate.shared.get())?.decompress(body, length: Int(length))
    }

    /// The stored form of `text` when `file` (a whole gzip file, as read from disk) holds exactly its
    /// UTF-8 bytes: the file itself, not packed again. A compressed changelog's words are its
    /// bytes, and gzip keeps them smaller than Zstandard's fast level; packing them again was most
    /// of the packing of a first index of `/usr/share/doc` (three quarters of its text is gzip).
    ///
    /// Nil (pack the text) unless the file's gzip trailer gives the text's length and CRC-32:
    /// text decoded from another encoding, cut at the text limit or missing a byte-order mark has
    /// another length, and a file of several members has the last one's in its trailer.
    static func gzipFile(_ file: [UInt8], holding text: String) -> [UInt8]? {
        guard file.count >= 18, file.starts(with: gzipMagic + [8]), let deflate = try? Deflate.shared.get() else {
            return nil
        }
        func trailer(_ offset: Int) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(file[file.count - offset + $1]) << (8 * UInt32($1)) }
        }
        var text = text
        let same = text.withUTF8 { bytes in
            UInt32(truncatingIfNeeded: bytes.count) == trailer(4)
                && deflate.checksum(UnsafeRawBufferPointer(bytes)) == trailer(8)
        }
        return same ? header(text.utf8.count) + file : nil
    }

    /// The first bytes of a gzip file.
    static let gzipMagic: [UInt8] = [0x1F, 0x8B]

    /// The 8 bytes before the packed text: its UTF-8 length, little-endian.
    static func header(_ length: Int) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: UInt64(length) >> (8 * UInt64($0))) }
    }
}
