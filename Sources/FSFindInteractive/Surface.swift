// What FSFindInteractive offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `FilePreview` (enum, Interactive/FilePreview.swift): What `fsfind search` shows of a file itself beside its
//   attributes
// - `FilePreviewer` (protocol, Interactive/FilePreviewer.swift): What the search screen needs of whatever draws its
//   previews
// - `Key` (enum, Interactive/Key.swift): A key press (or a run of typed text) read from the terminal
// - `PreviewImage` (struct, Interactive/FilePreview.swift): A picture as pixels for the terminal to draw over a box
//   of cells
// - `PreviewPicture` (struct, Interactive/FilePreview.swift): A picture as terminal cells
// - `PreviewRequest` (struct, Interactive/PreviewRequest.swift): What the search screen asks its preview worker for
// - `SearchOutcome` (enum, Interactive/SearchEffect.swift): How a search session ends
// - `SearchScreen` (class, Interactive/SearchScreen.swift): `fsfind search`'s screen
// - `SearchTerminal` (protocol, Interactive/SearchScreen.swift): What the search screen needs of the terminal it
//   draws on
