import FSFindIndex
import FSFindModel

/// zlib's gzip file functions, loaded with `dlopen` (``SharedLibrary``) the first time a worker
/// reads a compressed text file. `gzFile` is opaque, so no header is needed.
struct GzipLibrary: @unchecked Sendable {
    // @unchecked: C function pointers into a library that is never unloaded; immutable.
    let open: @convention(c) (Int32, UnsafePointer<CChar>?) -> OpaquePointer?
    let read: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UInt32) -> Int32
    let close: @convention(c) (OpaquePointer?) -> Int32

    static let shared: Result<GzipLibrary, ExtractionError> = Result { () throws(ExtractionError) in
        let library = try SharedLibrary("libz.so.1", package: "zlib1g")
        return GzipLibrary(
            open: try library.symbol("gzdopen"), read: try library.symbol("gzread"),
            close: try library.symbol("gzclose"))
    }
}
