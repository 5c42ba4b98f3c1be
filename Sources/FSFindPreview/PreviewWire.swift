import FSFindExtraction
import FSFindInteractive

/// The screen's side of the preview wire: its request as the worker's ``PreviewOrder`` and the
/// worker's ``PreviewReply`` as its ``FilePreview``. The bytes, both ends, and the worker's
/// process are the worker's (`FSFindExtraction/Preview/`); here only values change hands.
enum PreviewWire {
    static func order(_ request: PreviewRequest) -> PreviewOrder {
        PreviewOrder(
            path: request.path, identity: request.identity, tree: request.tree, columns: request.columns,
            rows: request.rows, monochrome: request.monochrome, pixels: request.pixels)
    }

    static func preview(_ reply: PreviewReply) -> FilePreview {
        switch reply {
        case .picture(let columns, let rows, let numbers):
            // Non-nil: a decoded reply holds columns × rows cells, both at least 1.
            return .picture(PreviewPicture(columns: columns, rows: rows, numbers: numbers)!)
        case .lines(let lines): return .lines(lines)
        case .unavailable(let reason): return .unavailable(reason)
        case .image(let width, let height, let columns, let rows, let packedPixels):
            return .image(
                PreviewImage(width: width, height: height, columns: columns, rows: rows, packedPixels: packedPixels))
        }
    }
}
