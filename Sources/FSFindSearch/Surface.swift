// What FSFindSearch offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `FieldQuery` (struct, FieldScan/FieldQuery.swift): A search field turned into what the scan runs: the chips as
//   one compiled filter, the text as free text or a predicate, or the error that keeps the text from running yet
// - `InteractiveScan` (struct, FieldScan/InteractiveScan.swift): One pass over the index for the interactive
//   search: field query, location, every scope's count, and the ranked best rows of the chosen scope
// - `OpenIndex` (class, FrontEnd/OpenIndex.swift): One version of the index and, once a question needs them, its
//   words
// - `QueryFrontEnd` (struct, FrontEnd/QueryFrontEnd.swift): The one way fsfind's front ends ask the index a question
// - `QueryResults` (struct, FrontEnd/QueryResults.swift): What a question found in one version of the index
// - `Question` (struct, FrontEnd/Question.swift): A query as a front end asks it
// - `ScanResult` (struct, FieldScan/InteractiveScan.swift): What one scan found: the best rows of the chosen scope,
//   how many it holds, and how many each scope would hold
// - `Searcher` (struct, Searcher.swift): Answers a query from an open index
// - `SearchRequest` (struct, SearchRequest.swift): Everything `fsfind query` asks of the index besides the query
//   itself
// - `SortKey` (enum, SortKey.swift): The orders `query --sort` offers (`docs/spec/cli.md`)
// - `SpellingCorrection` (struct, Spelling/SpellingCorrection.swift): A word of a query that nothing holds, and the
//   word it most likely meant
