// What FSFindServe offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `SearchServer` (class, SearchServer.swift): `fsfind serve`'s HTTP server
// - `ServerLog` (struct, ServerLog.swift): One line per event on standard error (requests, refusals, closed
//   connections), which is what a systemd service's journal keeps
