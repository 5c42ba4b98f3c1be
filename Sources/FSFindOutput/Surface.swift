// What FSFindOutput offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `AttributeListFormatter` (struct, AttributeListFormatter.swift): An item's attributes as `mdls` prints them
// - `JSONWriter` (struct, JSONWriter.swift): Builds one-line JSON objects with keys in the order given (`path`
//   first), for NDJSON output
// - `MdlsFormatter` (struct, MdlsFormatter.swift): Writes attributes the way macOS's `mdls` does, for the `mdls` link
//   to fsfind
// - `ResultWriter` (struct, ResultWriter.swift): Writes query results and `show` output
// - `StandardOutput` (struct, StandardOutput.swift): Everything a command prints on stdout goes through one of these
// - `TerminalText` (enum, TerminalText.swift): Text made safe to show on a terminal
// - `ValueFormatter` (struct, ValueFormatter.swift): How attribute values are written for people (`show`, `--attr`)
//   and for JSON
