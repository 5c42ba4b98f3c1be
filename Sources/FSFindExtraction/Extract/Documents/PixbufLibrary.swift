import CLibraryTypes

/// gdk-pixbuf's `gdk_pixbuf_get_file_info`, loaded with `dlopen` on first use (see
/// ``SharedLibrary``): the image extractor needs nothing else from gdk-pixbuf, and linking it made
/// every `fsfind` start map glib, gio and their dependencies.
struct PixbufLibrary: Sendable {
    /// Returns the loader's `GdkPixbufFormat` (owned by gdk-pixbuf), or nil when no loader reads
    /// the file; fills in the size.
    let fileInfo: fsfind_gdk_pixbuf_get_file_info

    static let shared: Result<PixbufLibrary, ExtractionError> = Result { () throws(ExtractionError) in
        let library = try SharedLibrary("libgdk_pixbuf-2.0.so.0", package: "libgdk-pixbuf-2.0-0")
        return PixbufLibrary(fileInfo: try library.symbol("gdk_pixbuf_get_file_info"))
    }
}
