import FSFindExtraction
import FSFindInteractive
import FSFindModel

/// The bytes `fsfind search` and its preview worker exchange: frames as in ``ExtractionWire``
/// (a little-endian `UInt32` length, then the payload), with the same integer and text encodings.
///
/// Request: path bytes, the indexed identity (device, inode, size, mtime, ctime), tree count and
/// UTIs, columns, rows, monochrome (one byte), pixels (one byte).
/// Reply: `1` picture (columns, rows, then per cell the symbol, foreground and background as
/// `UInt32`); `2` lines (count, texts); `3` no preview (the reason); `4` image (width, height,
/// columns, rows, the packed pixels).
enum PreviewWire {
    static func encode(_ request: PreviewRequest) -> [UInt8] {
        var writer = ExtractionWire.Writer()
        writer.blob(request.path)
        writer.file(identity: request.identity, tree: request.tree)
        writer.u32(request.columns)
        writer.u32(request.rows)
        writer.byte(request.monochrome ? 1 : 0)
        writer.byte(request.pixels ? 1 : 0)
        return writer.framed()
    }

    static func decodeRequest(_ payload: [UInt8]) throws(ExtractionError) -> PreviewRequest {
        var reader = ExtractionWire.Reader(payload)
        let path = try reader.blob()
        let (identity, tree) = try reader.file()
        let columns = Int(try reader.u32())
        let rows = Int(try reader.u32())
        let monochrome = try reader.byte() != 0
        let pixels = try reader.byte() != 0
        try reader.end()
        guard (1...PreviewRequest.largestSide).contains(columns), (1...PreviewRequest.largestSide).contains(rows) else {
            throw ExtractionError("a preview of \(columns) × \(rows) cells")
        }
        return PreviewRequest(
            path: path, identity: identity, tree: tree, columns: columns, rows: rows, monochrome: monochrome,
            pixels: pixels)
    }

    static func encode(_ preview: FilePreview) -> [UInt8] {
        var writer = ExtractionWire.Writer()
        switch preview {
        case .picture(let picture):
            writer.byte(1)
            writer.u32(picture.columns)
            writer.u32(picture.rows)
            for cell in picture.cells {
                writer.u32(Int(cell.symbol.value))
                writer.u32(Int(cell.foreground))
                writer.u32(Int(cell.background))
            }
        case .lines(let lines):
            writer.byte(2)
            writer.u32(lines.count)
            for line in lines { writer.text(line) }
        case .unavailable(let reason):
            writer.byte(3)
            writer.text(reason)
        case .image(let image):
            writer.byte(4)
            writer.u32(image.width)
            writer.u32(image.height)
            writer.u32(image.columns)
            writer.u32(image.rows)
            writer.blob(image.packedPixels)
        }
        return writer.framed()
    }

    static func decodePreview(_ payload: [UInt8]) throws(ExtractionError) -> FilePreview {
        var reader = ExtractionWire.Reader(payload)
        let preview: FilePreview
        switch try reader.byte() {
        case 1:
            let columns = Int(try reader.u32())
            let rows = Int(try reader.u32())
            guard (1...PreviewRequest.largestSide).contains(columns), (1...PreviewRequest.largestSide).contains(rows)
            else {
                throw ExtractionError("a picture of \(columns) × \(rows) cells")
            }
            var cells: [PreviewPicture.Cell] = []
            cells.reserveCapacity(columns * rows)
            for _ in 0..<(columns * rows) {
                let code = try reader.u32()
                let symbol = Unicode.Scalar(code).flatMap { $0.isTerminalControl ? nil : $0 } ?? " "
                cells.append(.init(symbol: symbol, foreground: try reader.u32(), background: try reader.u32()))
            }
            // Non-nil: the count is columns × rows, both at least 1.
            preview = .picture(PreviewPicture(columns: columns, rows: rows, cells: cells)!)
        case 2:
            var lines: [String] = []
            for _ in 0..<(try reader.count()) { lines.append(try reader.text()) }
            preview = .lines(lines)
        case 3:
            preview = .unavailable(try reader.text())
        case 4:
            let width = Int(try reader.u32())
            let height = Int(try reader.u32())
            let columns = Int(try reader.u32())
            let rows = Int(try reader.u32())
            let sides = 1...PreviewRequest.largestSide
            guard (1...4096).contains(width), (1...4096).contains(height), sides.contains(columns), sides.contains(rows)
            else {
                throw ExtractionError("an image of \(width) × \(height) pixels on \(columns) × \(rows) cells")
            }
            preview = .image(
                PreviewImage(
                    width: width, height: height, columns: columns, rows: rows, packedPixels: try reader.blob()))
        case let tag:
            throw ExtractionError("unknown preview tag \(tag)")
        }
        try reader.end()
        return preview
    }
}
