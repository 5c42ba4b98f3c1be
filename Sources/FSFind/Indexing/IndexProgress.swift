/// What the indexer reports while it runs, for a progress line on a terminal.
public struct IndexProgress: Sendable {
    public var items: Int
    public var elapsed: Double
    /// The folder being crawled, as text.
    public var currentFolder: String

    public var rate: Double { elapsed > 0 ? Double(items) / elapsed : 0 }
}

/// Where the indexer sends progress and per-entry problems. The CLI decides what reaches stderr.
public protocol IndexReporter: Sendable {
    func progress(_ progress: IndexProgress)
    func problem(path: [UInt8], message: String)
}
