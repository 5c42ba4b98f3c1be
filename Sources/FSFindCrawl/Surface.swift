// What FSFindCrawl offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `CrawlEntry` (struct, CrawlEntry.swift): One entry the crawler found, from `statx` with `AT_SYMLINK_NOFOLLOW`
//   (lstat semantics)
// - `Crawler` (struct, Crawler.swift): Walks a folder tree with POSIX calls, paths as raw bytes end to end, reporting
//   every entry with its `statx` status (lstat semantics) and every failure as a diagnostic
