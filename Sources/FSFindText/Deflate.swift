import CDeflate
import FSFindModel
import Glibc

/// zlib's one-shot `compress2` and `uncompress`, found with `dlopen`/`dlsym` (their types from
/// zlib.h, `CDeflate/shim.h`). zlib is on every system, and libmagic and ZIPFoundation already
/// map it at every start, so this costs nothing at start; it keeps the text store's target free
/// of a link-time dependency of its own.
///
/// A stored text is its UTF-8 length (8 bytes, little-endian) followed by the zlib stream, so
/// inflating knows the size to expect and can refuse a stream that claims more.
package struct Deflate: @unchecked Sendable {
    // @unchecked: C function pointers into a library that is never unloaded; immutable.
    // The types come from zlib.h (`CDeflate/shim.h`), not typed by hand.
    private let compressBound: fsfind_compressBound
    private let compress2: fsfind_compress2
    private let uncompress: fsfind_uncompress

    /// zlib, loaded once per process; or why it could not be.
    package static let shared: Result<Deflate, FSFindError> = Result { () throws(FSFindError) in
        guard let handle = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL) else {
            throw FSFindError(.io, "libz.so.1 cannot be loaded", remedy: .advice("install the zlib1g package"))
        }
        func symbol<Function>(_ name: String) throws(FSFindError) -> Function {
            guard let address = dlsym(handle, name) else { throw FSFindError(.io, "libz.so.1 has no function \(name)") }
            return unsafeBitCast(address, to: Function.self)
        }
        return Deflate(
            compressBound: try symbol("compressBound"), compress2: try symbol("compress2"),
            uncompress: try symbol("uncompress"))
    }

    /// Fast rather than small: text still shrinks about threefold, at a fraction of level 6's time.
    static let level: Int32 = 1

    /// `text`'s stored form: length, then the zlib stream.
    func pack(_ text: String) throws(FSFindError) -> [UInt8] {
        let source = Array(text.utf8)
        var capacity = UInt(compressBound(UInt(source.count)))
        var packed = [UInt8](repeating: 0, count: 8 + Int(capacity))
        for index in 0..<8 { packed[index] = UInt8(truncatingIfNeeded: UInt64(source.count) >> (8 * UInt64(index))) }
        let status = packed.withUnsafeMutableBufferPointer { output in
            source.withUnsafeBufferPointer { input in
                compress2(output.baseAddress! + 8, &capacity, input.baseAddress, UInt(input.count), Self.level)
            }
        }
        guard status == 0 else { throw FSFindError(.io, "zlib could not compress a text (status \(status))") }
        packed.removeSubrange((8 + Int(capacity))...)
        return packed
    }

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

    /// The text of a stored form, or nil when it is damaged.
    func unpack(_ packed: UnsafeRawBufferPointer) -> [UInt8]? {
        guard packed.count >= 8 else { return nil }
        var length: UInt64 = 0
        for index in 0..<8 { length |= UInt64(packed[index]) << (8 * UInt64(index)) }
        // A text is at most the text limit (16 MiB) plus slack; a larger claim is damage.
        guard length <= 1 << 30 else { return nil }
        if length == 0 { return [] }
        var size = UInt(length)
        var text = [UInt8](repeating: 0, count: Int(length))
        let status = text.withUnsafeMutableBufferPointer { output in
            uncompress(
                output.baseAddress, &size, packed.baseAddress!.assumingMemoryBound(to: UInt8.self) + 8,
                UInt(packed.count - 8))
        }
        guard status == 0, size == UInt(length) else { return nil }
        return text
    }
}
