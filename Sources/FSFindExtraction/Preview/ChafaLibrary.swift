import CLibraryTypes

/// chafa, which turns pixels into terminal symbols and colours, loaded with `dlopen` on first use
/// (see ``SharedLibrary``) so only the preview worker maps it.
///
/// The function types are `CLibraryTypes'`: chafa's header pulls in glib's, and a module with
/// chafa's pkg-config flags would link chafa into every `fsfind` start, so they are declared
/// there and checked against `chafa.h` by the tests, as are the enum values below.
struct ChafaLibrary: Sendable {
    let symbolMapNew: fsfind_chafa_symbol_map_new
    let symbolMapAddByTags: fsfind_chafa_symbol_map_add_by_tags
    let symbolMapUnref: fsfind_chafa_symbol_map_unref
    let configNew: fsfind_chafa_canvas_config_new
    let configSetGeometry: fsfind_chafa_canvas_config_set_geometry
    let configSetCanvasMode: fsfind_chafa_canvas_config_set_canvas_mode
    let configSetSymbolMap: fsfind_chafa_canvas_config_set_symbol_map
    let configUnref: fsfind_chafa_canvas_config_unref
    let canvasNew: fsfind_chafa_canvas_new
    let canvasDrawAllPixels: fsfind_chafa_canvas_draw_all_pixels
    let canvasCharAt: fsfind_chafa_canvas_get_char_at
    let canvasColorsAt: fsfind_chafa_canvas_get_colors_at
    let canvasUnref: fsfind_chafa_canvas_unref
    /// `chafa_calc_canvas_geometry(src_w, src_h, &w, &h, font_ratio, zoom, stretch)`.
    let calcGeometry: fsfind_chafa_calc_canvas_geometry

    /// `ChafaPixelType` values.
    enum PixelType: UInt32 {
        case rgbaPremultiplied = 0
        case bgraPremultiplied = 1
        case rgbaUnassociated = 4
        case rgb = 8
    }

    /// `ChafaCanvasMode`: `CHAFA_CANVAS_MODE_TRUECOLOR` and `CHAFA_CANVAS_MODE_FGBG`.
    static let truecolor: UInt32 = 0
    static let foregroundBackground: UInt32 = 5
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
