import Foundation

/// A folder the user asked fsfind to index, with the options it was crawled with.
package struct IndexRoot: Sendable, Hashable {
    /// Absolute path, raw bytes.
    package var path: [UInt8]
    package var options: CrawlOptions
    /// When this root was last crawled to completion.
    package var lastRefresh: Date

    package init(path: [UInt8], options: CrawlOptions, lastRefresh: Date) {
        self.path = path
        self.options = options
        self.lastRefresh = lastRefresh
    }
}
