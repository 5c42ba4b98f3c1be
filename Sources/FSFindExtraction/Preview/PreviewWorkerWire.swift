import FSFindModel

/// The bytes `fsfind search` and its preview worker exchange, both ends: frames as in
/// ``ExtractionWire``, with the same integer and text encodings. The screen's side
/// (`FSFindPreview`'s `PreviewWire`) turns its own values into a ``PreviewOrder`` and a
/// ``PreviewReply`` into its own, so neither side holds the other's types and the codec does
/// not leave this target.
///
/// Request: path bytes, the indexed identity (device, inode, size, mtime, ctime), tree count and
/// UTIs, columns, rows, monochrome (one byte), pixels (one byte).
/// Reply: `1` picture (columns, rows, then per cell the symbol, foreground and background as
/// `UInt32`); `2` lines (count, texts); `3` no preview (the reason); `4` image (width, height,
/// columns, rows, the packed pixels).
package struct PreviewOrder: Sendable, Hashable {
    var path: [UInt8]
    /// What the index recorded at `path`: a file replaced since is refused, like in extraction.
    var identity: FileIdentity
    var tree: [String]
    var columns: Int
    var rows: Int
    /// Symbols only, in the terminal's own colours (`NO_COLOR`).
    var monochrome: Bool
    /// The terminal draws images itself: reply with pixels rather than symbols.
    var pixels: Bool

    package init(
        path: [UInt8], identity: FileIdentity, tree: [String], columns: Int, rows: Int, monochrome: Bool, pixels: Bool
    ) {
        self.path = path
        self.identity = identity
        self.tree = tree
        self.columns = columns
        self.rows = rows
        self.monochrome = monochrome
        self.pixels = pixels
    }

    /// The request's frame, as the screen sends it.
    var encoded: [UInt8] {
        var writer = ExtractionWire.Writer()
        writer.blob(path)
        writer.file(identity: identity, tree: tree)
        writer.u32(columns)
        writer.u32(rows)
        writer.byte(monochrome ? 1 : 0)
        writer.byte(pixels ? 1 : 0)
        return writer.framed()
    }

    /// Reads a request's payload; a box larger than ``PreviewWorker/largestSide`` on a side is a
    /// broken peer.
    init(decoding payload: [UInt8]) throws(ExtractionError) {
        var reader = ExtractionWire.Reader(payload)
        path = try reader.blob()
        (identity, tree) = try reader.file()
        columns = Int(try reader.u32())
        rows = Int(try reader.u32())
        monochrome = try reader.byte() != 0
        pixels = try reader.byte() != 0
        try reader.end()
        let sides = 1...PreviewWorker.largestSide
        guard sides.contains(columns), sides.contains(rows) else {
            throw ExtractionError("a preview of \(columns) × \(rows) cells")
        }
    }
}

/// A preview as the worker sends it: the screen's `FilePreview` in the wire's terms.
package enum PreviewReply: Sendable, Equatable {
    /// `columns × rows` cells, row after row, each three numbers: the symbol's code point, the
    /// foreground and the background (`0xRRGGBB`, or ``noColor``).
    case picture(columns: Int, rows: Int, cells: [UInt32])
    /// RGB pixels, zlib-compressed, for a terminal that draws images, over `columns × rows` cells.
    case image(width: Int, height: Int, columns: Int, rows: Int, packedPixels: [UInt8])
    /// A text file's first lines.
    case lines([String])
    /// Why there is no preview.
    case unavailable(String)

    /// The terminal's default colour (chafa's "transparent"): the screen's `Cell.noColor`.
    static let noColor: UInt32 = 0xFFFF_FFFF

    /// The reply's frame.
    var encoded: [UInt8] {
        var writer = ExtractionWire.Writer()
        switch self {
        case .picture(let columns, let rows, let cells):
            writer.byte(1)
            writer.u32(columns)
            writer.u32(rows)
            for number in cells { writer.u32(Int(number)) }
        case .lines(let lines):
            writer.byte(2)
            writer.u32(lines.count)
            for line in lines { writer.text(line) }
        case .unavailable(let reason):
            writer.byte(3)
            writer.text(reason)
        case .image(let width, let height, let columns, let rows, let packedPixels):
            writer.byte(4)
            writer.u32(width)
            writer.u32(height)
            writer.u32(columns)
            writer.u32(rows)
            writer.blob(packedPixels)
        }
        return writer.framed()
    }

    /// Reads a reply's payload, as the screen receives it: sizes out of range, an unknown tag or
    /// bytes left over are a broken reply.
    init(decoding payload: [UInt8]) throws(ExtractionError) {
        var reader = ExtractionWire.Reader(payload)
        let sides = 1...PreviewWorker.largestSide
        switch try reader.byte() {
        case 1:
            let columns = Int(try reader.u32())
            let rows = Int(try reader.u32())
            guard sides.contains(columns), sides.contains(rows) else {
                throw ExtractionError("a picture of \(columns) × \(rows) cells")
            }
            var cells: [UInt32] = []
            cells.reserveCapacity(columns * rows * 3)
            for _ in 0..<(columns * rows * 3) { cells.append(try reader.u32()) }
            self = .picture(columns: columns, rows: rows, cells: cells)
        case 2:
            var lines: [String] = []
            for _ in 0..<(try reader.count()) { lines.append(try reader.text()) }
            self = .lines(lines)
        case 3:
            self = .unavailable(try reader.text())
        case 4:
            let width = Int(try reader.u32())
            let height = Int(try reader.u32())
            let columns = Int(try reader.u32())
            let rows = Int(try reader.u32())
            guard (1...4096).contains(width), (1...4096).contains(height), sides.contains(columns), sides.contains(rows)
            else {
                throw ExtractionError("an image of \(width) × \(height) pixels on \(columns) × \(rows) cells")
            }
            self = .image(width: width, height: height, columns: columns, rows: rows, packedPixels: try reader.blob())
        case let tag:
            throw ExtractionError("unknown preview tag \(tag)")
        }
        try reader.end()
    }
}
