import CLibraryTypes
import Glibc

/// A whole gzip file of one member inflated at once with libdeflate, loaded with `dlopen` the
/// first time a worker reads a compressed text file.
///
/// Three quarters of the text of /usr/share/doc is compressed changelogs; libarchive inflates them
/// through zlib a block at a time, and libdeflate inflates a whole buffer two to three times as
/// fast. It needs to know the size first: gzip's trailer gives it (the last member's length,
/// modulo 4 GiB), and a file whose trailer claims more than the caller may read, whose member
/// turns out larger or smaller, or that holds more than one member (libdeflate stops at the first
/// member's end) is left to libarchive, whose limits bound what a bomb costs.
struct Gunzip: Sendable {
    private let allocate: fsfind_libdeflate_alloc_decompressor
    private let decompress: fsfind_libdeflate_gzip_decompress_ex
    private let release: fsfind_libdeflate_free_decompressor

    static let shared: Result<Gunzip, ExtractionError> = Result { () throws(ExtractionError) in
        let library = try SharedLibrary("libdeflate.so.0", package: "libdeflate0")
        return Gunzip(
            allocate: try library.symbol("libdeflate_alloc_decompressor"),
            decompress: try library.symbol("libdeflate_gzip_decompress_ex"),
            release: try library.symbol("libdeflate_free_decompressor"))
    }

    /// What the one-member gzip file `file` holds, when its trailer says at most `limit` bytes and
    /// the member is exactly that and the whole file; nil otherwise (read it another way).
    func contents(of file: [UInt8], limit: Int) -> [UInt8]? {
        guard file.count >= 18, file[0] == 0x1F, file[1] == 0x8B else { return nil }
        let claimed = (0..<4).reduce(0) { $0 | Int(file[file.count - 4 + $1]) << (8 * $1) }
        guard claimed <= limit, let decompressor = allocate() else { return nil }
        defer { release(decompressor) }
        var failed = false
        let contents = [UInt8](unsafeUninitializedCapacity: claimed) { buffer, count in
            var read = 0
            var written = 0
            let status = file.withUnsafeBytes { input in
                decompress(decompressor, input.baseAddress, input.count, buffer.baseAddress, claimed, &read, &written)
            }
            failed = status != LIBDEFLATE_SUCCESS || read != file.count || written != claimed
            count = failed ? 0 : claimed
        }
        return failed ? nil : contents
    }
}
