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
package struct Deflate: @unchecked Sendable {
    // @unchecked: C function pointers into a library that is never unloaded; immutable.
    // The types come from zlib.h (`CDeflate/shim.h`), not typed by hand.
    private let compressBound: fsfind_compressBound
    private let compress2: fsfind_compress2
    private let uncompress: fsfind_uncompress

    /// zlib, loaded once per process; or why it could not be.
    package static let shared: Result<Deflate, FSFindError> = Result { () throws(FSFindError) in
        let library = try DynamicLibrary.required("libz.so.1", package: "zlib1g")
        return Deflate(
            compressBound: try library.function("compressBound"), compress2: try library.function("compress2"),
            uncompress: try library.function("uncompress"))
    }

    /// Fast rather than small: text still shrinks about threefold, at a fraction of level 6's time.
    static let level: Int32 = 1

    /// `bytes` as a plain zlib stream, at `level` (what the kitty graphics protocol takes as `o=z`).
    package func compress(_ bytes: [UInt8], level: Int32 = Deflate.level) throws(FSFindError) -> [UInt8] {
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
