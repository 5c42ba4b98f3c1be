import FSFindModel

/// poppler-glib's page rendering and the cairo image surface it renders into, loaded with `dlopen`
/// (cairo through poppler-glib's handle: `dlsym` searches a library's dependencies too).
struct PDFRenderer: @unchecked Sendable {
    // @unchecked: C function pointers into a library that is never unloaded; immutable.
    let pageSize: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Void
    let pageRender: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    /// `cairo_image_surface_create(format, width, height)`; format 0 is `CAIRO_FORMAT_ARGB32`.
    let surfaceCreate: @convention(c) (Int32, Int32, Int32) -> OpaquePointer?
    let surfaceStatus: @convention(c) (OpaquePointer?) -> Int32
    let surfaceFlush: @convention(c) (OpaquePointer?) -> Void
    let surfaceData: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<UInt8>?
    let surfaceStride: @convention(c) (OpaquePointer?) -> Int32
    let surfaceDestroy: @convention(c) (OpaquePointer?) -> Void
    let create: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let destroy: @convention(c) (OpaquePointer?) -> Void
    let scale: @convention(c) (OpaquePointer?, Double, Double) -> Void
    let setSourceRGB: @convention(c) (OpaquePointer?, Double, Double, Double) -> Void
    let paint: @convention(c) (OpaquePointer?) -> Void

    static let shared: Result<PDFRenderer, ExtractionError> = Result { () throws(ExtractionError) in
        let library = try SharedLibrary("libpoppler-glib.so.8", package: "libpoppler-glib8")
        return PDFRenderer(
            pageSize: try library.symbol("poppler_page_get_size"),
            pageRender: try library.symbol("poppler_page_render"),
            surfaceCreate: try library.symbol("cairo_image_surface_create"),
            surfaceStatus: try library.symbol("cairo_surface_status"),
            surfaceFlush: try library.symbol("cairo_surface_flush"),
            surfaceData: try library.symbol("cairo_image_surface_get_data"),
            surfaceStride: try library.symbol("cairo_image_surface_get_stride"),
            surfaceDestroy: try library.symbol("cairo_surface_destroy"),
            create: try library.symbol("cairo_create"),
            destroy: try library.symbol("cairo_destroy"),
            scale: try library.symbol("cairo_scale"),
            setSourceRGB: try library.symbol("cairo_set_source_rgb"),
            paint: try library.symbol("cairo_paint"))
    }
}

extension PDFDocumentHandle {
    /// The first page drawn on white at a scale that fits `width × height` pixels. A page that
    /// takes too long to draw is the worker's CPU limit's to stop.
    func firstPagePixels(fitting width: Int, _ height: Int) throws(ExtractionError) -> PreviewPixels {
        let renderer = try PDFRenderer.shared.get()
        Self.lock.lock()
        defer { Self.lock.unlock() }
        guard let page = library.page(document, 0) else { throw ExtractionError("the PDF has no pages") }
        defer { library.objectUnref(UnsafeMutableRawPointer(page)) }
        var pageWidth = 0.0
        var pageHeight = 0.0
        renderer.pageSize(page, &pageWidth, &pageHeight)
        guard pageWidth.isFinite, pageHeight.isFinite, pageWidth >= 1, pageHeight >= 1 else {
            throw ExtractionError("the first page has no size")
        }
        let factor = min(Double(width) / pageWidth, Double(height) / pageHeight)
        let pixelWidth = max(1, Int(pageWidth * factor))
        let pixelHeight = max(1, Int(pageHeight * factor))
        let surface = renderer.surfaceCreate(0, Int32(pixelWidth), Int32(pixelHeight))
        defer { renderer.surfaceDestroy(surface) }
        guard renderer.surfaceStatus(surface) == 0, let cairo = renderer.create(surface) else {
            throw ExtractionError("cairo cannot make an image of \(pixelWidth) × \(pixelHeight)")
        }
        renderer.setSourceRGB(cairo, 1, 1, 1)
        renderer.paint(cairo)
        renderer.scale(cairo, factor, factor)
        renderer.pageRender(page, cairo)
        renderer.destroy(cairo)
        renderer.surfaceFlush(surface)
        let stride = Int(renderer.surfaceStride(surface))
        guard let data = renderer.surfaceData(surface), stride >= pixelWidth * 4 else {
            throw ExtractionError("cairo gave no pixels")
        }
        // CAIRO_FORMAT_ARGB32 is a native-endian 32-bit word: B, G, R, A in memory here.
        return PreviewPixels(
            width: pixelWidth, height: pixelHeight, stride: stride, type: .bgraPremultiplied,
            bytes: Array(UnsafeBufferPointer(start: data, count: stride * pixelHeight)))
    }
}
