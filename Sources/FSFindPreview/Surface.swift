// What FSFindPreview offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `Previews` (enum, Previews.swift): What this target offers the command line: the search screen's previewer, as
//   the screen's own protocol
