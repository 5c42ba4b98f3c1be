// What FSFindElastic offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `ElasticDocument` (struct, ElasticDocument.swift): One indexed item as an FSCrawler-shaped Elasticsearch document
// - `ElasticEndpoint` (struct, ElasticEndpoint.swift): What `fsfind serve` answers, without the HTTP
// - `ElasticMapping` (enum, ElasticMapping.swift): The index mapping for a cluster that `fsfind export --es-bulk`
//   loads
// - `RequestStop` (class, RequestStop.swift): When one request's search should give up
