import FSFindExtraction
import FSFindInteractive

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
            // Non-nil: the reply holds columns × rows cells, both at least 1.
            return .picture(PreviewPicture(columns: columns, rows: rows, numbers: numbers)!)
        case .lines(let lines): return .lines(lines)
        case .unavailable(let reason): return .unavailable(reason)
        case .image(let width, let height, let columns, let rows, let packedPixels):
            return .image(
                PreviewImage(width: width, height: height, columns: columns, rows: rows, packedPixels: packedPixels))
        }
    }
}
