import FSFindModel
import FSFindText

/// Decoded pixels on their way from a decoder (gdk-pixbuf, poppler with cairo, FFmpeg) to chafa.
struct PreviewPixels {
    var width: Int
    var height: Int
    /// Bytes from one row to the next.
    var stride: Int
    var type: ChafaLibrary.PixelType
    var bytes: [UInt8]

    /// The pixel size to decode to for a box of `columns × rows` cells: chafa looks at about 8 × 8
    /// pixels per cell (more detail is averaged away), so decoding more costs time for nothing; a
    /// terminal that draws the image itself shows about 10 × 20 pixels a cell.
    static func decodeSize(columns: Int, rows: Int, forTerminal: Bool = false) -> (width: Int, height: Int) {
        let (cellWidth, cellHeight, largest) = forTerminal ? (10, 20, 2048) : (8, 16, 1024)
        return (max(8, min(columns * cellWidth, largest)), max(8, min(rows * cellHeight, largest)))
    }

    /// The picture chafa draws of these pixels in at most `columns × rows` cells, keeping the
    /// aspect ratio (a cell is taken to be twice as high as it is wide). `monochrome` draws
    /// symbols only, in the terminal's own colours (`NO_COLOR`).
    func picture(columns: Int, rows: Int, monochrome: Bool) throws(ExtractionError) -> PreviewReply {
        let chafa = try ChafaLibrary.shared.get()
        guard width > 0, height > 0, columns > 0, rows > 0 else { throw ExtractionError("the picture is empty") }
        var fitColumns = Int32(columns)
        var fitRows = Int32(rows)
        chafa.calcGeometry(Int32(width), Int32(height), &fitColumns, &fitRows, 0.5, 1, 0)
        fitColumns = max(1, min(fitColumns, Int32(columns)))
        fitRows = max(1, min(fitRows, Int32(rows)))

        let symbols = chafa.symbolMapNew()
        defer { chafa.symbolMapUnref(symbols) }
        chafa.symbolMapAddByTags(symbols, ChafaLibrary.symbols)
        let config = chafa.configNew()
        defer { chafa.configUnref(config) }
        chafa.configSetGeometry(config, fitColumns, fitRows)
        chafa.configSetCanvasMode(config, monochrome ? ChafaLibrary.foregroundBackground : ChafaLibrary.truecolor)
        chafa.configSetSymbolMap(config, symbols)
        guard let canvas = chafa.canvasNew(config) else { throw ExtractionError("chafa cannot make a canvas") }
        defer { chafa.canvasUnref(canvas) }
        bytes.withUnsafeBufferPointer {
            chafa.canvasDrawAllPixels(canvas, type.rawValue, $0.baseAddress, Int32(width), Int32(height), Int32(stride))
        }
        var cells: [UInt32] = []
        cells.reserveCapacity(Int(fitColumns * fitRows) * 3)
        for row in 0..<fitRows {
            for column in 0..<fitColumns {
                let code = chafa.canvasCharAt(canvas, column, row)
                var foreground: Int32 = -1
                var background: Int32 = -1
                if !monochrome { chafa.canvasColorsAt(canvas, column, row, &foreground, &background) }
                // A symbol chafa should never give (a control, a wide one) is drawn as a space.
                let symbol = Unicode.Scalar(code).flatMap { $0.isTerminalControl ? nil : $0 } ?? " "
                cells.append(symbol.value)
                cells.append(Self.color(foreground))
                cells.append(Self.color(background))
            }
        }
        return .picture(columns: Int(fitColumns), rows: Int(fitRows), cells: cells)
    }

    /// The pixels as RGB for a terminal that draws images (the reply's `image`), covering as many
    /// of `columns × rows` cells as the aspect ratio allows (a cell twice as high as wide).
    func image(columns: Int, rows: Int) throws(ExtractionError) -> PreviewReply {
        guard width > 0, height > 0, columns > 0, rows > 0 else { throw ExtractionError("the picture is empty") }
        var fitColumns = columns
        var fitRows = max(1, Int((Double(columns) * Double(height) / Double(width) / 2).rounded()))
        if fitRows > rows {
            fitRows = rows
            fitColumns = max(1, min(columns, Int((Double(rows) * 2 * Double(width) / Double(height)).rounded())))
        }
        // RGB: the preview has no transparency to show (a page is on white, a photo opaque), and
        // a quarter fewer bytes cross to the terminal.
        var rgb = [UInt8](repeating: 255, count: width * height * 3)
        let order: (Int, Int, Int, step: Int) =
            switch type {
            case .rgb: (0, 1, 2, 3)
            case .rgbaUnassociated, .rgbaPremultiplied: (0, 1, 2, 4)
            // cairo's pages are drawn on opaque white, so premultiplied equals straight.
            case .bgraPremultiplied: (2, 1, 0, 4)
            }
        bytes.withUnsafeBufferPointer { source in
            rgb.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    var from = y * stride
                    var to = y * width * 3
                    for _ in 0..<width {
                        target[to] = source[from + order.0]
                        target[to + 1] = source[from + order.1]
                        target[to + 2] = source[from + order.2]
                        from += order.step
                        to += 3
                    }
                }
            }
        }
        let packed: [UInt8]
        do throws(FSFindError) {
            packed = try Deflate.compressed(rgb)
        } catch {
            throw ExtractionError(error.message)
        }
        return .image(width: width, height: height, columns: fitColumns, rows: fitRows, packedPixels: packed)
    }

    /// chafa's packed `0xRRGGBB`, or -1 for "the terminal's colour".
    private static func color(_ value: Int32) -> UInt32 {
        value < 0 ? PreviewReply.noColor : UInt32(value) & 0xFF_FFFF
    }
}
