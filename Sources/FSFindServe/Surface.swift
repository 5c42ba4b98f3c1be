// What FSFindServe offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `SearchServer` (class, SearchServer.swift): `fsfind serve`'s HTTP server
