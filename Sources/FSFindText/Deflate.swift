import CDeflate
import FSFindModel
import FSFindPlatform

/// zlib's one-shot `compress2` and `uncompress`, found with `dlopen`/`dlsym` (their types from
/// zlib.h, `CDeflate/shim.h`). zlib is on every system, and libmagic and ZIPFoundation already
/// map it at every start, so this costs nothing at start; it keeps the text store's target free
/// of a link-time dependency of its own.
///
/// The text store's texts were zlib streams before Zstandard (``StoredText`` still reads them and
/// writes them where libzstd is missing); the kitty graphics protocol takes zlib too.
package struct Deflate: Sendable {
    // The types come from zlib.h (`CDeflate/shim.h`), not typed by hand.
    private let compressBound: fsfind_compressBound
    private let compress2: fsfind_compress2
    private let uncompress: fsfind_uncompress
    private let inflateInit2: fsfind_inflateInit2_
    private let inflate: fsfind_inflate
    private let inflateReset: fsfind_inflateReset
    private let inflateEnd: fsfind_inflateEnd
    private let crc32: fsfind_crc32

    /// zlib, loaded once per process; or why it could not be.
    static let shared: Result<Deflate, FSFindError> = Result { () throws(FSFindError) in
        let library = try DynamicLibrary.required("libz.so.1", package: "zlib1g")
        return Deflate(
            compressBound: try library.function("compressBound"), compress2: try library.function("compress2"),
            uncompress: try library.function("uncompress"), inflateInit2: try library.function("inflateInit2_"),
            inflate: try library.function("inflate"), inflateReset: try library.function("inflateReset"),
            inflateEnd: try library.function("inflateEnd"), crc32: try library.function("crc32"))
    }

    /// Fast rather than small: text still shrinks about threefold, at a fraction of level 6's time.
    static let level: Int32 = 1

    /// `bytes` as a plain zlib stream at the default level, with zlib loaded on first use: what a
    /// caller outside the store asks in one call (the preview's pixels, which the kitty graphics
    /// protocol takes as `o=z`).
    package static func compressed(_ bytes: [UInt8]) throws(FSFindError) -> [UInt8] {
        try shared.get().compress(bytes)
    }

    /// `bytes` as a plain zlib stream, at `level`.
    func compress(_ bytes: [UInt8], level: Int32 = Deflate.level) throws(FSFindError) -> [UInt8] {
        var capacity = UInt(compressBound(UInt(bytes.count)))
        var packed = [UInt8](repeating: 0, count: Int(capacity))
        let status = packed.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer {
                compress2(output.baseAddress, &capacity, $0.baseAddress, UInt($0.count), level)
            }
        }
        guard status == 0 else { throw FSFindError(.io, "zlib could not compress (status \(status))") }
        packed.removeSubrange(Int(capacity)...)
        return packed
    }

    /// The `length` bytes the gzip file `packed` holds (its members one after another, as `gzip
    /// -d` and libarchive read them), or nil when it is damaged or holds another size. The text store keeps a compressed text file whose words are exactly
    /// its bytes as the file itself (``StoredText``).
    func gunzip(_ packed: UnsafeRawBufferPointer, length: Int) -> [UInt8]? {
        guard let base = packed.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var stream = z_stream()
        // 16 + 15: a gzip header and trailer around a deflate stream with a 32 KiB window.
        guard inflateInit2(&stream, 16 + 15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { _ = inflateEnd(&stream) }
        var failed = false
        let text = [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
            count = 0
            stream.next_in = UnsafeMutablePointer(mutating: base)
            stream.avail_in = UInt32(packed.count)
            stream.next_out = buffer.baseAddress
            stream.avail_out = UInt32(length)
            while true {
                let status = inflate(&stream, Z_NO_FLUSH)
                if status == Z_OK { continue }
                guard status == Z_STREAM_END else {
                    // Damage, more than `length` bytes, or a file cut short (no progress possible).
                    failed = true
                    break
                }
                // Another member follows (as libarchive reads them), or the file ends here; bytes
                // after the last member that do not start one are not read.
                guard stream.avail_in >= 2, stream.next_in[0] == 0x1F, stream.next_in[1] == 0x8B else { break }
                guard inflateReset(&stream) == Z_OK else {
                    failed = true
                    break
                }
            }
            // Exactly `length` bytes (inflateReset starts `total_out` again at each member).
            failed = failed || stream.avail_out != 0
            count = failed ? 0 : length
        }
        return failed ? nil : text
    }

    /// The CRC-32 of `bytes` (gzip's), for telling a gzip file's content from its trailer.
    func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt = crc32(0, nil, 0)
        var offset = 0
        while offset < bytes.count {
            let count = min(bytes.count - offset, Int(UInt32.max >> 1))
            crc = crc32(crc, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset, UInt32(count))
            offset += count
        }
        return UInt32(truncatingIfNeeded: crc)
    }

    /// The `length` bytes the zlib stream `packed` holds, or nil when it is damaged or holds
    /// another size (``StoredText`` reads stores written before Zstandard with it).
    func decompress(_ packed: UnsafeRawBufferPointer, length: Int) -> [UInt8]? {
        var size = UInt(length)
        var failed = false
        let text = [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
            let status = uncompress(
                buffer.baseAddress, &size, packed.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt(packed.count))
            failed = status != 0 || size != UInt(length)
            count = failed ? 0 : length
        }
        return failed ? nil : text
    }
}
