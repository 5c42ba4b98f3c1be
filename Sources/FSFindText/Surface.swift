// What FSFindText offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `CutText` (struct, CutText.swift): A file's words made ready for the text store where they were read (an
//   extraction worker)
// - `Deflate` (struct, Deflate.swift): zlib's one-shot `compress2` and `uncompress`, found with `dlopen`/`dlsym`
//   (their types from zlib.h, `CDeflate/shim.h`)
// - `DocumentSource` (struct, DocumentSource.swift): What a document's words were read from
// - `KeyedDigest` (struct, KeyedDigest.swift): 128 bits that name a file's bytes under a secret key
// - `Snippet` (struct, Snippet.swift): A line of context around the words a query found in a file (`fsfind query
//   --snippets`), and the page it is on when the text has pages
// - `SpellingTable` (class, SpellingTable.swift): The store's spelling words (``SpellingWords``) in byte order, each
//   with how many documents hold it
// - `TextStore` (class, TextStore.swift): The words inside files
// - `TextStoreFeeder` (class, TextStoreFeeder.swift): Writes a refresh's documents into the text store on a thread
//   of its own, so SQLite's tokenizing and indexing (the longest serial step of a first index with text) overlaps the
//   reading of the next batch instead of following it
// - `WordsOrText` (enum, WordsOrText.swift): A text's words made ready for the store where the text was read
//   (``CutText``), or the text itself
