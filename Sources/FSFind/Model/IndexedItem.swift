/// One entry of the index: a file, folder or symlink with everything fsfind knows about it.
public struct IndexedItem: Sendable, Hashable {
    /// Absolute path, raw bytes exactly as on disk (not necessarily UTF-8).
    public var path: [UInt8]
    public var identity: FileIdentity
    /// Every attribute the item has, `path` and `fsName` included (as lossy UTF-8 text).
    public var attributes: AttributeSet
    /// Set when the content could not be read or parsed.
    public var problem: ItemProblem?

    public init(path: [UInt8], identity: FileIdentity, attributes: AttributeSet, problem: ItemProblem? = nil) {
        self.path = path
        self.identity = identity
        self.attributes = attributes
        self.problem = problem
    }
}
