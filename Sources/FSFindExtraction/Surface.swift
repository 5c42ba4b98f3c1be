// What FSFindExtraction offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `ExtractionPipeline` (struct, Extract/ExtractionPipeline.swift): Reads content metadata for identified items and
//   merges it in
// - `ExtractionWorker` (enum, Extract/ExtractionWorker.swift): The loop `fsfind extract-worker` runs
// - `Identifier` (enum, ContentType/Identifier.swift): Turns crawl entries into index items
// - `PreviewOrder` (struct, Preview/PreviewWorkerWire.swift): The bytes `fsfind search` and its preview worker
//   exchange, both ends
// - `PreviewReply` (enum, Preview/PreviewWorkerWire.swift): A preview as the worker sends it: the screen's
//   `FilePreview` in the wire's terms
// - `PreviewWorker` (enum, Preview/PreviewWorker.swift): The loop `fsfind preview-worker` runs: read a request,
//   draw its preview, reply
// - `PreviewWorkerClient` (class, Preview/PreviewWorkerClient.swift): The caller's side of the preview worker
//   (`PreviewWorker`, `fsfind preview-worker`): one order at a time, answered while the caller goes on with its own
//   work
