import FSFindExtraction
import FSFindInteractive
import FSFindModel

/// The screen's half of the bytes `fsfind search` and its preview worker exchange: frames as in
/// `ExtractionWire` (a little-endian `UInt32` length, then the payload), with the same integer and
/// text encodings. The worker's half (`PreviewOrder`, `PreviewReply`) is in `FSFindExtraction`,
/// with the worker; each side writes and reads its own values, so neither holds the other's types.
/// The request's and the reply's fields, in order, are listed there.
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

    static func decodePreview(_ payload: [UInt8]) throws(ExtractionError) -> FilePreview {
        var reader = ExtractionWire.Reader(payload)
        let preview: FilePreview
        switch try reader.byte() {
        case 1:
            let columns = Int(try reader.u32())
            let rows = Int(try reader.u32())
            guard (1...PreviewWorker.largestSide).contains(columns), (1...PreviewWorker.largestSide).contains(rows)
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
            let sides = 1...PreviewWorker.largestSide
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
