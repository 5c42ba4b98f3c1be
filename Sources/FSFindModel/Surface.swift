// What FSFindModel offers the other targets of fsfind: its `package` declarations, and nothing else
// (everything else here is internal; tests reach it through `@testable import`).
// `SurfaceTests` (RepositoryTests) checks this list against the code, so it cannot drift.
//
// - `ASCIIText` (struct, Text/ASCIIText.swift): Raw ASCII bytes of one value, classified the way ``TextFolding``
//   classifies them, without building a `String` or a ``FoldedText``
// - `Attribute` (enum, Attribute.swift): Every attribute fsfind knows, in the order `fsfind attributes` prints them
// - `AttributeDescriptor` (struct, AttributeDescriptor.swift): What the registry knows about one attribute
// - `AttributeRegistry` (enum, AttributeRegistry.swift): The attribute table from `docs/spec/attributes.md`, as code
// - `AttributeSet` (struct, AttributeSource.swift): An item's attributes held in memory
// - `AttributeSource` (protocol, AttributeSource.swift): Anything the query evaluator can read attribute values from
// - `AttributeType` (enum, AttributeType.swift): The one type every attribute has
// - `AttributeValue` (enum, AttributeValue.swift): One attribute's value
// - `ByteCursor` (struct, ByteCursor.swift): The one bounds-checked little-endian reader every byte format here uses
// - `CrawlOptions` (struct, CrawlOptions.swift): How one root is crawled
// - `FileIdentity` (struct, FileIdentity.swift): What decides whether a file changed since the last index run
//   (`docs/spec/cli.md`)
// - `FoldedText` (struct, Text/TextFolding.swift): A value or pattern prepared for matching
// - `FSFindError` (struct, FSFindError.swift): The library's one error type
// - `FSFindVersion` (enum, Version.swift): The version `fsfind --version` prints
// - `IndexedItem` (struct, IndexedItem.swift): One entry of the index
// - `IndexRoot` (struct, IndexRoot.swift): A folder the user asked fsfind to index, with the options it was crawled
//   with
// - `ISO8601Text` (struct, ISO8601Text.swift): The ISO-8601 forms `$time.iso(…)` and `FSFIND_NOW` accept, parsed by
//   hand
// - `ItemProblem` (struct, ItemProblem.swift): Why an item's content could not be read or parsed
// - `MissingLibrary` (struct, MissingLibrary.swift): A library fsfind loads on first use that is not installed, as an
//   item's problem names it
// - `PathBytes` (enum, PathBytes.swift): Helpers for paths held as raw bytes (`[UInt8]`, no terminating NUL), the way
//   the kernel sees them
// - `Scope` (enum, Scope.swift): A category a query can be narrowed to, like a search field's scope control
//   (`docs/spec/attributes.md`)
// - `TextFolding` (enum, Text/TextFolding.swift): Unicode folding and word classification that behave the same on
//   Linux and macOS (stdlib scalar properties plus Foundation's canonical decomposition only)
// - `TypeCatalog` (enum, Types/TypeCatalog.swift): The content types fsfind knows, shared by the indexer (which names
//   files with them) and the query front end (which checks `kind:` and type names against them)
// - `ValueWords` (struct, Text/ValueWords.swift): The words free text sees in a value
