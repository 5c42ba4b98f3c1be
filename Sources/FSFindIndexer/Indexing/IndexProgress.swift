import Foundation

/// What the indexer reports while it runs, for a progress line on a terminal.
package struct IndexProgress: Sendable {
    package var items: Int
    package var elapsed: Double
    /// The folder being crawled, or of the file being read, as text.
    package var currentFolder: String
    /// Files read so far out of `toRead` in the current root (0 of 0 while crawling): reading new
    /// and changed files is the long part of a first index, so the line must move then too.
    package var read = 0
    package var toRead = 0

    package var rate: Double { elapsed > 0 ? Double(items) / elapsed : 0 }
}

/// Where the indexer sends progress and per-entry problems. The CLI decides what reaches stderr.
package protocol IndexReporter: Sendable {
    func progress(_ progress: IndexProgress)
    func problem(path: [UInt8], message: String)
    /// A recorded root that cannot be crawled (`reason`, the errno text): its items are kept until
    /// `keptUntil`, or, when that is nil, were dropped in this run because the time has passed.
    func missingRoot(path: [UInt8], reason: String, keptUntil: Date?)
}
