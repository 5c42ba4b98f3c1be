import FSFindExtraction
import FSFindInteractive
import FSFindModel

/// The screen's side of the preview wire: its request as the worker's ``PreviewOrder`` and the
/// worker's ``PreviewReply`` as its ``FilePreview``. The bytes, both ends, are the worker's
/// (`FSFindExtraction/Preview/PreviewWorkerWire.swift`); here only values change hands.
enum PreviewWire {
    static func encode(_ request: PreviewRequest) -> [UInt8] {
        PreviewOrder(
            path: request.path, identity: request.identity, tree: request.tree, columns: request.columns,
            rows: request.rows, monochrome: request.monochrome, pixels: request.pixels
        ).encoded
    }

    static func decodePreview(_ payload: [UInt8]) throws(ExtractionError) -> FilePreview {
        switch try PreviewReply(decoding: payload) {
        case .picture(let columns, let rows, let numbers):
            var cells: [PreviewPicture.Cell] = []
            cells.reserveCapacity(columns * rows)
            for start in stride(from: 0, to: numbers.count, by: 3) {
                // A control or a code point that is none is drawn as a space, never sent to the terminal.
                let symbol = Unicode.Scalar(numbers[start]).flatMap { $0.isTerminalControl ? nil : $0 } ?? " "
                cells.append(.init(symbol: symbol, foreground: numbers[start + 1], background: numbers[start + 2]))
            }
            // Non-nil: the reply holds columns × rows cells, both at least 1.
            return .picture(PreviewPicture(columns: columns, rows: rows, cells: cells)!)
        case .lines(let lines): return .lines(lines)
        case .unavailable(let reason): return .unavailable(reason)
        case .image(let width, let height, let columns, let rows, let packedPixels):
            return .image(
                PreviewImage(width: width, height: height, columns: columns, rows: rows, packedPixels: packedPixels))
        }
    }
}
