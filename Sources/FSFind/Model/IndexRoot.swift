import Foundation

/// A folder the user asked fsfind to index, with the options it was crawled with.
public struct IndexRoot: Sendable, Hashable {
    /// Absolute path, raw bytes.
    public var path: [UInt8]
    public var options: CrawlOptions
    /// When this root was last crawled to completion.
    public var lastRefresh: Date

    public init(path: [UInt8], options: CrawlOptions, lastRefresh: Date) {
        self.path = path
        self.options = options
        self.lastRefresh = lastRefresh
    }
}
