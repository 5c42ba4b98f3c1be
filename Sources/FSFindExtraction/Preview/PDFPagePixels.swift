import CLibraryTypes
import Foundation

/// poppler-glib's page rendering and the cairo image surface it renders into, loaded with `dlopen`
/// (cairo through poppler-glib's handle: `dlsym` searches a library's dependencies too).
struct PDFRenderer: Sendable {
    let pageSize: fsfind_poppler_page_get_size
    let pageRender: fsfind_poppler_page_render
    /// `cairo_image_surface_create(format, width, height)`.
    let surfaceCreate: fsfind_cairo_image_surface_create
    let surfaceStatus: fsfind_cairo_surface_status
    let surfaceFlush: fsfind_cairo_surface_flush
    let surfaceData: fsfind_cairo_image_surface_get_data
    let surfaceStride: fsfind_cairo_image_surface_get_stride
    let surfaceDestroy: fsfind_cairo_surface_destroy
    let create: fsfind_cairo_create
    let destroy: fsfind_cairo_destroy
    let scale: fsfind_cairo_scale
    let setSourceRGB: fsfind_cairo_set_source_rgb
    let paint: fsfind_cairo_paint

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
        return try withPage(0) { (page) throws(ExtractionError) in
            try renderer.pixels(of: page, fitting: width, height)
        }
    }
}

extension PDFRenderer {
    /// `page` drawn on white at a scale that fits `width × height` pixels.
    fileprivate func pixels(of page: OpaquePointer, fitting width: Int, _ height: Int) throws(ExtractionError)
        -> PreviewPixels
    {
        var pageWidth = 0.0
        var pageHeight = 0.0
        pageSize(page, &pageWidth, &pageHeight)
        guard pageWidth.isFinite, pageHeight.isFinite, pageWidth >= 1, pageHeight >= 1 else {
            throw ExtractionError("the first page has no size")
        }
        let factor = min(Double(width) / pageWidth, Double(height) / pageHeight)
        let pixelWidth = max(1, Int(pageWidth * factor))
        let pixelHeight = max(1, Int(pageHeight * factor))
        let surface = surfaceCreate(FSFIND_CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        defer { surfaceDestroy(surface) }
        guard surfaceStatus(surface) == FSFIND_CAIRO_STATUS_SUCCESS, let cairo = create(surface)
        else {
            throw ExtractionError("cairo cannot make an image of \(pixelWidth) × \(pixelHeight)")
        }
        setSourceRGB(cairo, 1, 1, 1)
        paint(cairo)
        scale(cairo, factor, factor)
        pageRender(page, cairo)
        destroy(cairo)
        surfaceFlush(surface)
        let stride = Int(surfaceStride(surface))
        guard let data = surfaceData(surface), stride >= pixelWidth * 4 else {
            throw ExtractionError("cairo gave no pixels")
        }
        // CAIRO_FORMAT_ARGB32 is a native-endian 32-bit word: B, G, R, A in memory here.
        return PreviewPixels(
            width: pixelWidth, height: pixelHeight, stride: stride, type: .bgraPremultiplied,
            bytes: Array(UnsafeBufferPointer(start: data, count: stride * pixelHeight)))
    }
}
