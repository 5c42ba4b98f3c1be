import CLibraryTypes
import FSFindModel
import FSFindPlatform

/// gdk-pixbuf's decoding functions, for previews (the image extractor needs only the size:
/// ``PixbufLibrary``). Loaded with `dlopen` on first use.
struct PixbufDecoder: Sendable {
    let fileInfo: fsfind_gdk_pixbuf_get_file_info
    /// `gdk_pixbuf_new_from_file_at_scale(name, width, height, preserve_aspect_ratio, &error)`.
    let newFromFileAtScale: fsfind_gdk_pixbuf_new_from_file_at_scale
    let applyEmbeddedOrientation: fsfind_gdk_pixbuf_apply_embedded_orientation
    let pixels: fsfind_gdk_pixbuf_get_pixels
    let width: fsfind_gdk_pixbuf_int
    let height: fsfind_gdk_pixbuf_int
    let rowstride: fsfind_gdk_pixbuf_int
    let channels: fsfind_gdk_pixbuf_int
    let hasAlpha: fsfind_gdk_pixbuf_int
    let bitsPerSample: fsfind_gdk_pixbuf_int
    let objectUnref: fsfind_g_object_unref
    let errorFree: fsfind_g_error_free

    static let shared: Result<PixbufDecoder, ExtractionError> = Result { () throws(ExtractionError) in
        let library = try SharedLibrary("libgdk_pixbuf-2.0.so.0", package: "libgdk-pixbuf-2.0-0")
        return PixbufDecoder(
            fileInfo: try library.symbol("gdk_pixbuf_get_file_info"),
            newFromFileAtScale: try library.symbol("gdk_pixbuf_new_from_file_at_scale"),
            applyEmbeddedOrientation: try library.symbol("gdk_pixbuf_apply_embedded_orientation"),
            pixels: try library.symbol("gdk_pixbuf_get_pixels"),
            width: try library.symbol("gdk_pixbuf_get_width"),
            height: try library.symbol("gdk_pixbuf_get_height"),
            rowstride: try library.symbol("gdk_pixbuf_get_rowstride"),
            channels: try library.symbol("gdk_pixbuf_get_n_channels"),
            hasAlpha: try library.symbol("gdk_pixbuf_get_has_alpha"),
            bitsPerSample: try library.symbol("gdk_pixbuf_get_bits_per_sample"),
            objectUnref: try library.symbol("g_object_unref"),
            errorFree: try library.symbol("g_error_free"))
    }

    /// Most pixels an image may have to be drawn: gdk-pixbuf's PNG, GIF and TIFF loaders decode
    /// the whole image before scaling it, 4 bytes a pixel, and the worker's address space is
    /// limited. 100 megapixels is twice a high-end camera's sensor.
    static let largestImage = 100_000_000

    /// The image at `path` (the crawled file's `/proc/self/fd` name) scaled to fit `width ×
    /// height`, turned upright when its EXIF orientation says so.
    func pixels(path: [UInt8], fitting width: Int, _ height: Int) throws(ExtractionError) -> PreviewPixels {
        var fullWidth: Int32 = 0
        var fullHeight: Int32 = 0
        let format = PathBytes.withCString(path) { fileInfo($0, &fullWidth, &fullHeight) }
        guard format != nil, fullWidth > 0, fullHeight > 0 else {
            throw ExtractionError("gdk-pixbuf cannot read this image")
        }
        guard Int(fullWidth) * Int(fullHeight) <= Self.largestImage else {
            throw ExtractionError("the image is too large to draw (\(fullWidth) × \(fullHeight))")
        }
        var error: OpaquePointer?
        let loaded = PathBytes.withCString(path) {
            newFromFileAtScale($0, Int32(min(width, Int(fullWidth))), Int32(min(height, Int(fullHeight))), 1, &error)
        }
        guard let loaded else {
            throw consume(error, doing: "cannot decode the image")
        }
        defer { objectUnref(UnsafeMutableRawPointer(loaded)) }
        let upright = applyEmbeddedOrientation(loaded) ?? loaded
        defer { if upright != loaded { objectUnref(UnsafeMutableRawPointer(upright)) } }
        let columns = Int(self.width(upright))
        let rows = Int(self.height(upright))
        let stride = Int(rowstride(upright))
        let channelCount = Int(channels(upright))
        guard bitsPerSample(upright) == 8, channelCount == 3 || channelCount == 4, let base = pixels(upright),
            columns > 0, rows > 0, stride >= columns * channelCount
        else {
            throw ExtractionError("gdk-pixbuf gave pixels of an unexpected layout")
        }
        // The last row may stop at its last pixel (gdk-pixbuf does not pad it).
        let count = stride * (rows - 1) + columns * channelCount
        return PreviewPixels(
            width: columns, height: rows, stride: stride, type: hasAlpha(upright) != 0 ? .rgbaUnassociated : .rgb,
            bytes: Array(UnsafeBufferPointer(start: base, count: count)))
    }

    /// The GError's message as an ``ExtractionError``, freeing the GError (the layout is glib's
    /// public `GError`, CLibraryTypes' `fsfind_gerror`).
    private func consume(_ error: OpaquePointer?, doing context: String) -> ExtractionError {
        guard let error else { return ExtractionError(context) }
        defer { errorFree(error) }
        let layout = UnsafeRawPointer(error).assumingMemoryBound(to: fsfind_gerror.self)
        guard let message = layout.pointee.message else {
            return ExtractionError(context)
        }
        return ExtractionError("\(context): \(String(cString: message))")
    }
}
