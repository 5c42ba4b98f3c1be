import FSFindModel

/// The preview worker's half of the bytes `fsfind search` and its preview worker exchange (the
/// screen's half, with the screen's values, is `FSFindPreview`'s `PreviewWire`): frames as in
/// ``ExtractionWire``, with the same integer and text encodings.
///
/// The worker reads a request into ``PreviewOrder`` and writes its answer from a
/// ``PreviewReply`` straight into the frame, so it never holds the screen's types and the screen
/// never holds a library's.
///
/// Request: path bytes, the indexed identity (device, inode, size, mtime, ctime), tree count and
/// UTIs, columns, rows, monochrome (one byte), pixels (one byte).
/// Reply: `1` picture (columns, rows, then per cell the symbol, foreground and background as
/// `UInt32`); `2` lines (count, texts); `3` no preview (the reason); `4` image (width, height,
/// columns, rows, the packed pixels).
struct PreviewOrder: Sendable, Hashable {
    var path: [UInt8]
    /// What the index recorded at `path`: a file replaced since is refused, like in extraction.
    var identity: FileIdentity
    var tree: [String]
    var columns: Int
    var rows: Int
    /// Symbols only, in the terminal's own colours (`NO_COLOR`).
    var monochrome: Bool
    /// The terminal draws images itself: reply with pixels rather than symbols.
    var pixels: Bool = false

    /// Reads what the screen's `PreviewWire.encode` wrote; a box larger than
    /// ``PreviewWorker/largestSide`` on a side is a broken peer.
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

    init(path: [UInt8], identity: FileIdentity, tree: [String], columns: Int, rows: Int, monochrome: Bool) {
        self.path = path
        self.identity = identity
        self.tree = tree
        self.columns = columns
        self.rows = rows
        self.monochrome = monochrome
    }
}

/// A preview as the worker sends it: the screen's `FilePreview` in the wire's terms.
enum PreviewReply: Sendable, Equatable {
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
}
