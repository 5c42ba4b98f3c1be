/// One entry of the index: a file, folder or symlink with everything fsfind knows about it.
package struct IndexedItem: Sendable, Hashable {
    /// Absolute path, raw bytes exactly as on disk (not necessarily UTF-8).
    package var path: [UInt8]
    package var identity: FileIdentity
    /// Every attribute the item has, `path` and `fsName` included (as lossy UTF-8 text).
    package var attributes: AttributeSet
    /// Set when the content could not be read or parsed.
    package var problem: ItemProblem?
    /// The words inside the file, on their way from an extractor to the full-text store; never
    /// written to the index file.
    package var content: String?
    /// The words already cut and packed by the extraction worker (instead of ``content``), when
    /// the indexer asked for them.
    package var cutText: CutText?
    /// True when the file was not as crawled by the time its content had been read (written
    /// to meanwhile): its words may not be those of its bytes as compared, so files with the same
    /// bytes read their own (``TextTwins`` in the indexer).
    package var changedWhileRead = false
    /// The text store's number for this file's words as they were stored (its document), nil
    /// when it has none: what the index records so a word's documents find their rows without a
    /// path lookup (`docs/full-text.md`).
    package var textDocument: UInt32?

    package init(path: [UInt8], identity: FileIdentity, attributes: AttributeSet, problem: ItemProblem? = nil) {
        self.path = path
        self.identity = identity
        self.attributes = attributes
        self.problem = problem
    }
}
