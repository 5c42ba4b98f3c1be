import Foundation

/// What the indexer reports while it runs, for a progress line on a terminal.
///
/// A reporter is handed ``line`` alone (``IndexReporter/progress(_:)``), as ``IndexSummary`` offers
/// its lines: the counts stay the indexer's, so a new one changes this file and not every reporter.
struct IndexProgress: Sendable {
    var items: Int
    var elapsed: Double
    /// The folder being crawled, or of the file being read, as text.
    var currentFolder: String
    /// Files read so far out of `toRead` in the current root (0 of 0 while crawling): reading new
    /// and changed files is the long part of a first index, so the line must move then too.
    var read = 0
    var toRead = 0

    var rate: Double { elapsed > 0 ? Double(items) / elapsed : 0 }

    /// The progress line (`1200 items, 400/s, 3 s, reading 5 of 40  …/deep/folder`), the folder
    /// cut to its last 50 characters so the line fits a terminal.
    var line: String {
        var folder = currentFolder
        if folder.count > 50 { folder = "…" + folder.suffix(49) }
        let reading = toRead > 0 ? ", reading \(read) of \(toRead)" : ""
        return "\(items) items, \(Int(rate))/s, \(Int(elapsed)) s\(reading)  \(folder)"
    }
}

/// Where the indexer sends progress and per-entry problems. The CLI decides what reaches stderr.
package protocol IndexReporter: Sendable {
    /// The progress line (``IndexProgress/line``), at most every tenth of a second.
    func progress(_ line: String)
    func problem(path: [UInt8], message: String)
    /// A recorded root that cannot be crawled (`reason`, the errno text): its items are kept until
    /// `keptUntil`, or, when that is nil, were dropped in this run because the time has passed.
    func missingRoot(path: [UInt8], reason: String, keptUntil: Date?)
}
