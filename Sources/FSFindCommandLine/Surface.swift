// What FSFindCommandLine offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `Entrypoint` (enum, Entrypoint.swift): Runs the command and turns every failure into one sentence on stderr and
//   the exit status of `docs/spec/cli.md`
