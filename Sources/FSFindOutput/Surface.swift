// What FSFindOutput offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `JSONWriter` (struct, JSONWriter.swift): Builds one-line JSON objects with keys in the order given (`path`
//   first), for NDJSON output
// - `ValueFormatter` (struct, ValueFormatter.swift): How attribute values are written for people (`show`, `--attr`)
//   and for JSON
