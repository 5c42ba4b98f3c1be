import CZstd
import FSFindModel
import FSFindPlatform

/// Zstandard's one-shot `ZSTD_compress` and `ZSTD_decompress`, found with `dlopen`/`dlsym`
/// (their types from zstd.h, `CZstd/shim.h`), for the text the store keeps (``StoredText``).
///
/// Chosen over zlib for it on the texts of /usr/share/doc: level 1 packs and unpacks them faster
/// than zlib's fastest level and keeps them smaller (`benchmarks/RESULTS.md`, "A PDF parsed
/// once"). libzstd is on every Debian system (apt
/// and dpkg use it); loaded on first use like zlib, so a query that shows no snippet never maps it.
struct Zstd: Sendable {
    private let compressBound: fsfind_ZSTD_compressBound
    private let compress: fsfind_ZSTD_compress
    private let decompress: fsfind_ZSTD_decompress
    private let isError: fsfind_ZSTD_isError

    /// Zstandard, loaded once per process; or why it could not be.
    static let shared: Result<Zstd, FSFindError> = Result { () throws(FSFindError) in
        let library = try DynamicLibrary.required("libzstd.so.1", package: "libzstd1")
        return Zstd(
            compressBound: try library.function("ZSTD_compressBound"), compress: try library.function("ZSTD_compress"),
            decompress: try library.function("ZSTD_decompress"), isError: try library.function("ZSTD_isError"))
    }

    /// Fast rather than small: text shrinks about fourfold at level 1.
    static let level: Int32 = 1

    /// `header`, then `bytes` as one Zstandard frame (which starts with ``magic``).
    func compress(_ bytes: UnsafeRawBufferPointer, after header: [UInt8]) throws(FSFindError) -> [UInt8] {
        let capacity = header.count + compressBound(bytes.count)
        var failed = false
        // Written in place: no zeroed buffer of the bound's size first (a 16 MiB text's).
        let packed = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            for (index, byte) in header.enumerated() { buffer[index] = byte }
            let written = compress(
                buffer.baseAddress! + header.count, capacity - header.count, bytes.baseAddress, bytes.count,
                Self.level)
            failed = isError(written) != 0
            count = failed ? 0 : header.count + written
        }
        guard !failed else { throw FSFindError(.io, "zstd could not compress a text") }
        return packed
    }

    /// The `length` bytes the frame `packed` holds, or nil when it is damaged or holds another size.
    func decompress(_ packed: UnsafeRawBufferPointer, length: Int) -> [UInt8]? {
        var failed = false
        let text = [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
            let size = decompress(buffer.baseAddress, length, packed.baseAddress, packed.count)
            failed = isError(size) != 0 || size != length
            count = failed ? 0 : length
        }
        return failed ? nil : text
    }

    /// The first bytes of every Zstandard frame (little-endian 0xFD2FB528).
    static let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]
}
