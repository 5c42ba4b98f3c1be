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
        guard let claimed = Self.claimedLength(file, limit: limit) else { return nil }
        var failed = false
        let contents = [UInt8](unsafeUninitializedCapacity: claimed) { buffer, count in
            failed = !inflate(file, into: buffer)
            count = failed ? 0 : claimed
        }
        return failed ? nil : contents
    }

    /// ``contents(of:limit:)`` read as ``PlainText/decode(_:)`` reads it, inflated straight into
    /// the string when it is UTF-8 as it is (most compressed text): a large changelog's text is
    /// then held once, not as its bytes and again as the string made of them.
    func text(of file: [UInt8], limit: Int) -> String? {
        guard let claimed = Self.claimedLength(file, limit: limit) else { return nil }
        var failed = false
        var other: [UInt8]?  // the contents, when PlainText must decide how to read them
        let text = String(unsafeUninitializedCapacity: claimed) { buffer in
            failed = !inflate(file, into: buffer)
            guard !failed else { return 0 }
            let contents = UnsafeBufferPointer(rebasing: buffer[0..<claimed])
            if PlainText.isUTF8AsItIs(contents) { return claimed }
            other = Array(contents)
            return 0
        }
        if failed { return nil }
        if let other { return PlainText.decode(other) }
        return text
    }

    /// The length a gzip file's trailer gives, when it is one and that is at most `limit`.
    private static func claimedLength(_ file: [UInt8], limit: Int) -> Int? {
        guard file.count >= 18, file[0] == 0x1F, file[1] == 0x8B else { return nil }
        let claimed = (0..<4).reduce(0) { $0 | Int(file[file.count - 4 + $1]) << (8 * $1) }
        return claimed <= limit ? claimed : nil
    }

    /// Inflates `file` into the first ``claimedLength(_:limit:)`` bytes of `buffer`; false unless
    /// its one member fills exactly those and is the whole file.
    private func inflate(_ file: [UInt8], into buffer: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        guard let decompressor = allocate() else { return false }
        defer { release(decompressor) }
        let claimed = (0..<4).reduce(0) { $0 | Int(file[file.count - 4 + $1]) << (8 * $1) }
        var read = 0
        var written = 0
        let status = file.withUnsafeBytes { input in
            decompress(decompressor, input.baseAddress, input.count, buffer.baseAddress, claimed, &read, &written)
        }
        return status == LIBDEFLATE_SUCCESS && read == file.count && written == claimed
    }
}
