// What FSFindIndexer offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `IndexChanges` (class, Watch/IndexChanges.swift): Tells a reader when the index it reads has changed (its file or
//   its delta replaced)
// - `Indexer` (struct, Indexing/Indexer.swift): Runs `fsfind index`
// - `IndexReporter` (protocol, Indexing/IndexProgress.swift): Where the indexer sends progress and per-entry problems
// - `IndexSummary` (struct, Indexing/IndexSummary.swift): What one `fsfind index` run did
// - `WatchReport` (enum, Watch/WatchReport.swift): What `fsfind watch`'s loop tells the command while it runs
// - `WatcherStatus` (struct, Watch/WatcherStatus.swift): Whether an `fsfind watch` runs on an index, and when it last
//   updated it
