import FSFindModel

/// chafa, which turns pixels into terminal symbols and colours, loaded with `dlopen` on first use
/// (see ``SharedLibrary``) so only the preview worker maps it.
///
/// The types are written here from `chafa.h` (1.12, Debian 12) rather than imported: its header
/// pulls in glib's, and a module with chafa's pkg-config flags would link chafa into every
/// `fsfind` start. Only opaque pointers and C integers cross; the enum values below are the
/// header's, which chafa keeps stable as public API.
struct ChafaLibrary: @unchecked Sendable {
    // @unchecked: C function pointers into a library that is never unloaded; immutable.
    let symbolMapNew: @convention(c) () -> OpaquePointer?
    let symbolMapAddByTags: @convention(c) (OpaquePointer?, Int32) -> Void
    let symbolMapUnref: @convention(c) (OpaquePointer?) -> Void
    let configNew: @convention(c) () -> OpaquePointer?
    let configSetGeometry: @convention(c) (OpaquePointer?, Int32, Int32) -> Void
    let configSetCanvasMode: @convention(c) (OpaquePointer?, Int32) -> Void
    let configSetSymbolMap: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    let configUnref: @convention(c) (OpaquePointer?) -> Void
    let canvasNew: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let canvasDrawAllPixels: @convention(c) (OpaquePointer?, Int32, UnsafePointer<UInt8>?, Int32, Int32, Int32) -> Void
    let canvasCharAt: @convention(c) (OpaquePointer?, Int32, Int32) -> UInt32
    let canvasColorsAt:
        @convention(c) (OpaquePointer?, Int32, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) ->
            Void
    let canvasUnref: @convention(c) (OpaquePointer?) -> Void
    /// `chafa_calc_canvas_geometry(src_w, src_h, &w, &h, font_ratio, zoom, stretch)`.
    let calcGeometry:
        @convention(c) (Int32, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, Float, Int32, Int32)
            -> Void

    /// `ChafaPixelType` values.
    enum PixelType: Int32 {
        case rgbaPremultiplied = 0
        case bgraPremultiplied = 1
        case rgbaUnassociated = 4
        case rgb = 8
    }

    /// `ChafaCanvasMode`: `CHAFA_CANVAS_MODE_TRUECOLOR` and `CHAFA_CANVAS_MODE_FGBG`.
    static let truecolor: Int32 = 0
    static let foregroundBackground: Int32 = 5
    /// `ChafaSymbolTags`: space, solid, block, border, quadrants, half blocks (horizontal 1<<8,
    /// vertical 1<<9): symbols one column wide that every terminal font in use today has.
    static let symbols: Int32 = (1 << 0) | (1 << 1) | (1 << 3) | (1 << 4) | (1 << 7) | (1 << 8) | (1 << 9)

    static let shared: Result<ChafaLibrary, ExtractionError> = Result { () throws(ExtractionError) in
        let library = try SharedLibrary("libchafa.so.0", package: "libchafa0")
        return ChafaLibrary(
            symbolMapNew: try library.symbol("chafa_symbol_map_new"),
            symbolMapAddByTags: try library.symbol("chafa_symbol_map_add_by_tags"),
            symbolMapUnref: try library.symbol("chafa_symbol_map_unref"),
            configNew: try library.symbol("chafa_canvas_config_new"),
            configSetGeometry: try library.symbol("chafa_canvas_config_set_geometry"),
            configSetCanvasMode: try library.symbol("chafa_canvas_config_set_canvas_mode"),
            configSetSymbolMap: try library.symbol("chafa_canvas_config_set_symbol_map"),
            configUnref: try library.symbol("chafa_canvas_config_unref"),
            canvasNew: try library.symbol("chafa_canvas_new"),
            canvasDrawAllPixels: try library.symbol("chafa_canvas_draw_all_pixels"),
            canvasCharAt: try library.symbol("chafa_canvas_get_char_at"),
            canvasColorsAt: try library.symbol("chafa_canvas_get_colors_at"),
            canvasUnref: try library.symbol("chafa_canvas_unref"),
            calcGeometry: try library.symbol("chafa_calc_canvas_geometry"))
    }
}
