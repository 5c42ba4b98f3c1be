import CExif

/// The libexif functions ``ExifRecord`` calls, loaded with `dlopen` on first use (see
/// ``SharedLibrary``). `CExif` supplies only the headers, for the struct layouts read here.
struct ExifLibrary: Sendable {
    // The types come from the headers (`CExif/shim.h`), so they match what is compiled against.
    let dataNewFromFile: fsfind_exif_data_new_from_file
    let dataUnref: fsfind_exif_data_unref
    let byteOrder: fsfind_exif_data_get_byte_order
    let contentEntry: fsfind_exif_content_get_entry
    let rational: fsfind_exif_get_rational

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
