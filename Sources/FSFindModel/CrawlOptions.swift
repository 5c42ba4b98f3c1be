/// How one root is crawled; recorded with the root so `fsfind index` with no PATH repeats it.
package struct CrawlOptions: Sendable, Hashable {
    /// Descend into and record entries whose names start with `.`.
    package var includeHidden: Bool
    /// fnmatch(3) globs; an entry whose name or path matches one is skipped (folders: with all below).
    package var excludes: [String]

    package init(includeHidden: Bool = false, excludes: [String] = []) {
        self.includeHidden = includeHidden
        self.excludes = excludes
    }
}
