// What FSFindSearch offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `ContentMatches` (struct, Plan/ContentMatches.swift): What a query asks of the text store, answered once before
//   the scan, for each file of the index (the base, and the delta when there is one)
// - `FileRowFilter` (class, Plan/SignatureFilter.swift): ``SignatureFilter`` over the rows of one index file of a
//   scan
// - `FlatTable` (class, Plan/FlatTable.swift): A fixed-size table of plain values that a scan reads and writes
//   millions of times
// - `FreeTextLookUp` (class, Plan/FreeTextLookUp.swift): What one free-text leaf's words find among one index
//   file's words, made once for a scan's parts
// - `IndexViews` (class, Plan/IndexViews.swift): The section views one ``QueryPlan`` reads, each made on first use
// - `LookUpTables` (class, Plan/FreeTextLookUp.swift): Tables of look-ups whose scans are over, kept for the next
// - `MeasuredValues` (enum, Plan/FreeTextLeaf.swift): Which of a row's free-text values a query word can start a word
//   of, as the row's summary (``RowSignatures``) tells a scan before the row is scored
// - `NumberSource` (struct, Plan/NumberSource.swift): Where one number or date attribute of a row lives
// - `OpenIndex` (class, FrontEnd/OpenIndex.swift): One version of the index and, once a question needs them, its
//   words
// - `PartitionedScan` (struct, PartitionedScan.swift): How a scan of many rows is cut among threads, the one way for
//   `fsfind query` (``Searcher``) and the search field (`InteractiveScan`) alike
// - `QueryFrontEnd` (struct, FrontEnd/QueryFrontEnd.swift): The one way fsfind's front ends ask the index a question
// - `QueryPlan` (class, Plan/QueryPlan.swift): A ``CompiledQuery`` bound to one open index
// - `QueryResults` (struct, FrontEnd/QueryResults.swift): What a question found in one version of the index
// - `Question` (struct, FrontEnd/Question.swift): A query as a front end asks it
// - `RowSignatures` (class, Plan/RowSignatures.swift): Per row of one index file, a 320-bit summary of its free text
// - `Searcher` (struct, Searcher.swift): Answers a query from an open index
// - `SearchRequest` (struct, SearchRequest.swift): Everything `fsfind query` asks of the index besides the query
//   itself
// - `SignatureFilter` (struct, Plan/SignatureFilter.swift): What a field of plain free text asks of a row's
//   ``RowSignatures`` summary before the row is scored
// - `SortKey` (enum, SortKey.swift): The orders `query --sort` offers (`docs/spec/cli.md`)
// - `SpellingCorrection` (struct, Spelling/SpellingCorrection.swift): A word of a query that nothing holds, and the
//   word it most likely meant
// - `StartRows` (struct, Plan/StartRows.swift): For each way a word can start, the merged rows of a snapshot some
//   word of whose free text starts so
// - `StringAnswers` (class, Plan/StringAnswers.swift): One yes/no answer per string (or list) id, worked out the
//   first time a row shows the id
// - `TopResults` (struct, TopResults.swift): The best `capacity` (row, score) pairs seen, kept in a min-heap so a
//   million matches cost O(n log k), not a full sort
