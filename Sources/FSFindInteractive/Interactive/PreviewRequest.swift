import FSFindModel

/// What the search screen asks its preview worker for: one indexed file, drawn in a box of
/// `columns × rows` cells.
package struct PreviewRequest: Sendable, Hashable {
    package var path: [UInt8]
    /// What the index recorded at `path`: a file replaced since is refused, like in extraction.
    package var identity: FileIdentity
    package var tree: [String]
    package var columns: Int
    package var rows: Int
    /// Symbols only, in the terminal's own colours (`NO_COLOR`).
    package var monochrome: Bool
    /// The terminal draws images itself (kitty's graphics protocol): reply with pixels
    /// (``FilePreview/image(_:)``) rather than symbols.
    package var pixels: Bool

    init(
        path: [UInt8], identity: FileIdentity, tree: [String], columns: Int, rows: Int, monochrome: Bool,
        pixels: Bool = false
    ) {
        self.path = path
        self.identity = identity
        self.tree = tree
        self.columns = columns
        self.rows = rows
        self.monochrome = monochrome
        self.pixels = pixels
    }
}
