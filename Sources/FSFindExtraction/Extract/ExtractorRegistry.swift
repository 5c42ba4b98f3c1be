/// Every content extractor fsfind has, and which one reads a given type.
///
/// The order is the tie-breaker: the first extractor whose `handles(tree:)` accepts a tree wins,
/// so a specific extractor goes before a general one. The worker process finds the extractor the
/// parent chose by ``Extractor/name``, so names must be unique.
struct ExtractorRegistry: Sendable {
    var extractors: [any Extractor]

    /// The extractors fsfind ships with.
    static let standard = ExtractorRegistry(
        extractors: [
            MediaExtractor()
        ] + DocumentExtractors.all + [PlainTextExtractor(), ArchiveTextExtractor()])

    /// The extractor for an item of this type tree, or nil when none reads it (the item keeps its
    /// file-system attributes and is never opened again).
    func extractor(for tree: [String]) -> (any Extractor)? {
        extractors.first { $0.handles(tree: tree) }
    }

    /// The extractor called `name`, as the worker process looks it up.
    func extractor(named name: String) -> (any Extractor)? {
        extractors.first { $0.name == name }
    }
}
