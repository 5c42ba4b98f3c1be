// What FSFindElastic offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `ElasticEndpoint` (struct, ElasticEndpoint.swift): What `fsfind serve` answers, without the HTTP
// - `ElasticExport` (enum, ElasticExport.swift): What `fsfind export` writes: the index mapping, or every item as a
//   `_bulk` action line and its FSCrawler-shaped document
// - `RequestStop` (class, RequestStop.swift): When one request's search should give up
