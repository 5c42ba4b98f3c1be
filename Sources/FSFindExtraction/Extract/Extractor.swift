import FSFindCrawl
import FSFindModel

/// Reads content metadata (title, authors, duration, dimensions, …) from one family of files.
///
/// Extractors are chosen by content type, never by extension: `handles(_:)` looks at the item's
/// `contentTypeTree`. Each returns only the attributes it found; the pipeline merges them into the
/// item (an extractor's `contentCreationDate` replaces the file-system fallback).
protocol Extractor: Sendable {
    /// A short stable name for diagnostics and `show` ("media", "pdf", "image", "office", …).
    var name: String { get }

    /// True when this extractor reads items of this type (the UTI and every type it conforms to).
    func handles(tree: [String]) -> Bool

    /// Reads the file at `path` (raw bytes). Throws ``ExtractionError`` when the content is
    /// malformed; a crash or hang is the pipeline's to contain, not the extractor's.
    func extract(_ file: CrawledFile, tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue]

    /// The words inside the file, at most `limit` bytes of its text, or nil when this extractor
    /// reads none. For the full-text store (`docs/full-text.md`).
    func text(_ file: CrawledFile, tree: [String], limit: Int) throws(ExtractionError) -> String?

    /// The attributes and, when `textLimit` > 0, the words of the file, reading it once where the
    /// extractor can (a PDF is opened and parsed once, not once for each). A failure to read the
    /// attributes fails the file; a failure to read the words (or a part of the metadata a library
    /// that is not installed reads) costs only that part (``ExtractorReading/problem``). By default ``extract(_:tree:)`` then
    /// ``text(_:tree:limit:)``.
    func read(_ file: CrawledFile, tree: [String], textLimit: Int) throws(ExtractionError) -> ExtractorReading

    /// True for an extractor whose ``text(_:tree:limit:)`` can return text.
    var readsText: Bool { get }

    /// About how many bytes of text a file of `size` bytes gives (for batching: a batch holds a
    /// bounded amount of text); its size, unless the file is compressed.
    func expectedTextBytes(fileSize size: Int) -> Int

    /// True for an extractor that finds nothing but text: skipped entirely when content is not
    /// wanted (`fsfind index --no-content`), so such a run opens no more files than before.
    var readsOnlyText: Bool { get }
}

extension Extractor {
    func text(_ file: CrawledFile, tree: [String], limit: Int) throws(ExtractionError) -> String? { nil }
    func read(_ file: CrawledFile, tree: [String], textLimit: Int) throws(ExtractionError) -> ExtractorReading {
        try ExtractorReading(
            textLimit: textLimit, attributes: { () throws(ExtractionError) in try extract(file, tree: tree) },
            text: { (limit) throws(ExtractionError) in try text(file, tree: tree, limit: limit) })
    }
    var readsText: Bool { false }
    var readsOnlyText: Bool { false }
    func expectedTextBytes(fileSize size: Int) -> Int { size }
}

/// What one reading of a file gave (``Extractor/read(_:tree:textLimit:)``).
struct ExtractorReading: Sendable {
    /// The content attributes found.
    var attributes: [Attribute: AttributeValue]
    /// The words, when they were asked for and the file has any.
    var text: String?
    /// Why a part of the file could not be read (its words, or metadata a library that is not
    /// installed reads), beside attributes that could; recorded as the item's problem.
    var problem: String?

    init(attributes: [Attribute: AttributeValue], text: String? = nil, problem: String? = nil) {
        self.attributes = attributes
        self.text = text
        self.problem = problem
    }

    /// The `attributes`, then, when `textLimit` > 0, the words `text` reads (given the limit); a
    /// failure of the attributes fails the reading, a failure of the words costs only them.
    init(
        textLimit: Int, attributes: () throws(ExtractionError) -> [Attribute: AttributeValue],
        text: (Int) throws(ExtractionError) -> String?
    ) throws(ExtractionError) {
        self.init(attributes: try attributes())
        guard textLimit > 0 else { return }
        do throws(ExtractionError) {
            self.text = try text(textLimit)
        } catch {
            problem = "its words could not be read: \(error.reason)"
        }
    }
}

/// Why an extractor could not read a file; recorded as the item's `.unparsable` problem.
struct ExtractionError: Error, Sendable, Hashable, CustomStringConvertible {
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    var description: String { reason }
}
