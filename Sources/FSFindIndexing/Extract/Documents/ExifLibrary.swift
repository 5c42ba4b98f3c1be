import CExif

/// The libexif functions ``ExifRecord`` calls, loaded with `dlopen` on first use (see
/// ``SharedLibrary``). `CExif` supplies only the headers, for the struct layouts read here.
struct ExifLibrary: @unchecked Sendable {
    // @unchecked: C function pointers into a library that is never unloaded; immutable.
    let dataNewFromFile: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<ExifData>?
    let dataUnref: @convention(c) (UnsafeMutablePointer<ExifData>?) -> Void
    let byteOrder: @convention(c) (UnsafeMutablePointer<ExifData>?) -> ExifByteOrder
    let contentEntry:
        @convention(c) (UnsafeMutablePointer<ExifContent>?, ExifTag) -> UnsafeMutablePointer<ExifEntry>?
    let rational: @convention(c) (UnsafePointer<UInt8>?, ExifByteOrder) -> ExifRational

    /// `libexif.so.12`, the soname of every libexif 0.6 release.
    static let shared: Result<ExifLibrary, ExtractionError> = Result { () throws(ExtractionError) in
        let library = try SharedLibrary("libexif.so.12", package: "libexif12")
        return ExifLibrary(
            dataNewFromFile: try library.symbol("exif_data_new_from_file"),
            dataUnref: try library.symbol("exif_data_unref"),
            byteOrder: try library.symbol("exif_data_get_byte_order"),
            contentEntry: try library.symbol("exif_content_get_entry"),
            rational: try library.symbol("exif_get_rational"))
    }
}
