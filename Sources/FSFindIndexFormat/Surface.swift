// What FSFindIndexFormat offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `CellReader` (class, IndexFile+Columns.swift): Reads one column's raw cells row by row
// - `DeltaOutput` (struct, DeltaOutput.swift): What a watcher's batch that writes a delta starts from and needs at
//   the end
// - `DerivedFlag` (enum, IndexFormat.swift): Bits of the per-item derived-flags byte
// - `DerivedFlagsView` (struct, IndexFile+Columns.swift): The derived-flags section
// - `FolderChildren` (struct, FolderChildren.swift): A file's rows by folder and name: the row called `name` in a
//   folder's row, found by binary search over that folder's children, so a crawled entry is matched with its old row
//   without a path built or compared whole
// - `IdentitiesView` (struct, IndexFile+Columns.swift): The identities section row by row
// - `IndexFile` (class, IndexFile.swift): An index file opened for reading
// - `IndexFormat` (enum, IndexFormat.swift): Constants of the on-disk index format
// - `IndexReader` (class, IndexReader.swift): The one way to read an index's rows
// - `IndexSnapshot` (class, IndexSnapshot.swift): The index as a reader sees it
// - `IndexUpdate` (struct, IndexUpdate.swift): The next index file made from the previous one: what became of each
//   of its rows and the items read since, written in path order
// - `ListElements` (struct, IndexFile+Columns.swift): One list's elements (string ids), as ``StringsView/list(_:)``
//   finds them in the lists section
// - `MappingFaults` (enum, MappingFaults.swift): Turns a `SIGBUS` in a mapped index file into a message and an exit
//   status
// - `NamesView` (struct, IndexFile+Columns.swift): The names section row by row
// - `ReaderRow` (struct, IndexReader.swift): One row of an ``IndexReader``, as the query evaluator and the result
//   writers read an item
// - `StringsView` (struct, IndexFile+Columns.swift): The strings (or lists) section
// - `TextDocuments` (struct, TextDocuments.swift): Which rows have words in the text store, and under which document
//   number
// - `TypeColumnView` (struct, IndexFile+Columns.swift): The type column with the table's size, so an entry past the
//   table reads as unknown
// - `WordLexicon` (struct, WordLexicon.swift): The `words` section (format 6)
// - `WrittenIndex` (struct, DeltaOutput+Write.swift): An index file written beside its target and not yet in place,
//   and what the index holds with it
