import FSFindModel

/// What `fsfind search` shows of a file itself beside its attributes: a picture drawn with
/// terminal symbols, its first lines, or why there is none.
///
/// Made in a sandboxed worker (`fsfind preview-worker`, `FSFindExtraction`'s `PreviewWorker`), read
/// from its reply by `FSFindPreview`'s client, painted by the search screen; a plain value, so the
/// screen never sees the file or a library. Only its cases and initialisers leave this target.
package enum FilePreview: Sendable, Equatable {
    /// An image, a PDF's first page or a video's poster frame, as coloured cells.
    case picture(PreviewPicture)
    /// The same as pixels, for a terminal that draws images itself (the kitty graphics protocol).
    case image(PreviewImage)
    /// The first lines of a text file (control characters are the painter's to blank out).
    case lines([String])
    /// Why there is no preview, shown as "no preview: …".
    case unavailable(String)

    /// Bytes the preview holds, about: what the search screen's cache counts against its limit.
    var cost: Int {
        switch self {
        case .picture(let picture): 64 + picture.cells.count * MemoryLayout<PreviewPicture.Cell>.stride
        case .image(let image): 64 + image.packedPixels.count
        case .lines(let lines): 64 + lines.reduce(0) { $0 + 16 + $1.utf8.count }
        case .unavailable(let reason): 64 + reason.utf8.count
        }
    }
}

/// A picture as terminal cells: each a symbol (a block, a half block, a braille pattern …) drawn
/// in a foreground colour over a background colour, the way chafa lays an image out.
package struct PreviewPicture: Sendable, Equatable {
    /// One cell: a symbol one column wide and its two colours.
    struct Cell: Sendable, Equatable {
        var symbol: Unicode.Scalar
        /// `0xRRGGBB`, or ``Cell/noColor`` for the terminal's own colour.
        var foreground: UInt32
        var background: UInt32

        /// The terminal's default colour (chafa's "transparent"), and the only one without colours.
        static let noColor: UInt32 = 0xFFFF_FFFF
    }

    let columns: Int
    let rows: Int
    /// Row after row, `columns × rows` cells.
    let cells: [Cell]

    /// Nil unless `cells` holds exactly `columns × rows` cells.
    init?(columns: Int, rows: Int, cells: [Cell]) {
        guard columns > 0, rows > 0, cells.count == columns * rows else { return nil }
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }

    /// The picture as the preview worker sends it: three numbers a cell, row after row, its
    /// symbol's code point and its foreground and background colours (chafa's layout). A control
    /// character or a number that is no code point is drawn as a space, never sent to the
    /// terminal. Nil unless `numbers` holds exactly `columns × rows` cells.
    package init?(columns: Int, rows: Int, numbers: [UInt32]) {
        guard numbers.count == 3 * columns * rows else { return nil }
        var cells: [Cell] = []
        cells.reserveCapacity(columns * rows)
        for start in stride(from: 0, to: numbers.count, by: 3) {
            let symbol = Unicode.Scalar(numbers[start]).flatMap { $0.isTerminalControl ? nil : $0 } ?? " "
            cells.append(Cell(symbol: symbol, foreground: numbers[start + 1], background: numbers[start + 2]))
        }
        self.init(columns: columns, rows: rows, cells: cells)
    }

    subscript(column: Int, row: Int) -> Cell { cells[row * columns + column] }
}

/// A picture as pixels for the terminal to draw over a box of cells: RGB, 8 bits a channel,
/// packed with zlib (what the kitty graphics protocol takes as `f=24,o=z`).
package struct PreviewImage: Sendable, Equatable {
    let width: Int
    let height: Int
    /// The cells the image covers, its aspect ratio kept.
    let columns: Int
    let rows: Int
    /// `width × height × 3` bytes of RGB, zlib-compressed.
    let packedPixels: [UInt8]

    package init(width: Int, height: Int, columns: Int, rows: Int, packedPixels: [UInt8]) {
        self.width = width
        self.height = height
        self.columns = columns
        self.rows = rows
        self.packedPixels = packedPixels
    }
}
