/// One entry of the index: a file, folder or symlink with everything fsfind knows about it.
package struct IndexedItem: Sendable, Hashable {
    /// Absolute path, raw bytes exactly as on disk (not necessarily UTF-8).
    package var path: [UInt8]
    package var identity: FileIdentity
    /// Every attribute the item has, `path` and `fsName` included (as lossy UTF-8 text).
    package var attributes: AttributeSet
    /// Set when the content could not be read or parsed.
    package var problem: ItemProblem?

    package init(path: [UInt8], identity: FileIdentity, attributes: AttributeSet, problem: ItemProblem? = nil) {
        self.path = path
        self.identity = identity
        self.attributes = attributes
        self.problem = problem
    }
}
