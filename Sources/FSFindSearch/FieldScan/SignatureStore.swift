import FSFindIndexFormat
import FSFindPlatform

/// The index's row summaries, its rows' recency lifts and its rows by type, made once per snapshot, on a thread of
/// their own in the search loop (a million rows take a few hundred milliseconds), so no key waits
/// for them: a scan uses them once they are there and scores every row before.
final class SignatureStore: Sendable {
    /// The summaries of each file, and the rows by how their words start, made together so a
    /// scan reads both from one snapshot.
    struct Made: Sendable {
        /// Per file of the index, nil for a damaged file.
        let files: [RowSignatures?]
        /// Per file of the index, the rows' recency lifts (nil for a damaged file).
        let lifts: [RecencyLifts?]
        /// Nil when a file has no summary.
        let starts: StartRows?
        /// Per file of the index, its rows by type-table entry (nil for a file without a type
        /// column), made last: a field of type tests alone takes its rows from them.
        var types: [TypeRows?] = []
        /// The rows of each scope, made with the rows by type: a one-letter field counts its
        /// matches per scope from them.
        var scopes: ScopeRows?
        /// Per file of the index, the strings its sparse free-text columns name (nil for a
        /// damaged file), made with the rows by type: every thread's views of every scan read them.
        var named: [NamedStrings?] = []
    }

    private let made = Handoff<Made>()

    init() {}

    /// Works out the summaries of every file of `reader`, and the lifts `ranker` gives its rows, on
    /// the caller's thread.
    func make(for reader: IndexReader, ranker: ResultRanker) { made.put(Self.summaries(of: reader, ranker: ranker)) }

    /// Works them out on a thread of their own, then runs `then` there. The summaries are handed
    /// over as soon as they are made, the rows by their words' starts after them: a key typed in
    /// between scans with the summaries alone.
    func makeInBackground(
        for reader: IndexReader, ranker: ResultRanker, then: @escaping @Sendable () -> Void = {}
    ) {
        made.fill { [made] in
            let files = Self.files(of: reader)
            let lifts = Self.lifts(of: reader, ranker: ranker)
            made.put(Made(files: files, lifts: lifts, starts: nil))
            let starts = StartRows(summaries: files, of: reader.snapshot)
            made.put(Made(files: files, lifts: lifts, starts: starts))
            let all = Made(
                files: files, lifts: lifts, starts: starts, types: Self.types(of: reader),
                scopes: ScopeRows(reader: reader), named: Self.named(of: reader))
            made.put(all)
            then()
            return all
        }
    }

    /// Each file's rows by type-table entry.
    private static func types(of reader: IndexReader) -> [TypeRows?] {
        reader.fileReaders.map { file in
            IndexViews(reader: file).types.map { TypeRows(types: $0, count: file.itemCount) }
        }
    }

    /// Each file's strings named by its sparse free-text columns.
    private static func named(of reader: IndexReader) -> [NamedStrings?] {
        reader.fileReaders.map { NamedStrings(views: IndexViews(reader: $0)) }
    }

    /// `reader` reads every attribute the summaries hold (the search screen's reader of everything).
    private static func files(of reader: IndexReader) -> [RowSignatures?] {
        reader.fileReaders.map { RowSignatures(views: IndexViews(reader: $0)) }
    }

    private static func lifts(of reader: IndexReader, ranker: ResultRanker) -> [RecencyLifts?] {
        reader.fileReaders.map { RecencyLifts(views: IndexViews(reader: $0), ranker: ranker) }
    }

    private static func summaries(of reader: IndexReader, ranker: ResultRanker) -> Made {
        let files = files(of: reader)
        return Made(
            files: files, lifts: lifts(of: reader, ranker: ranker),
            starts: StartRows(summaries: files, of: reader.snapshot), types: types(of: reader),
            scopes: ScopeRows(reader: reader), named: named(of: reader))
    }

    /// The summaries per file of the index, nil until they are made (or for a damaged file).
    var summaries: [RowSignatures?]? { made.value?.files }

    /// The summaries and the rows by their words' starts, nil until they are made.
    var current: Made? { made.value }
}

extension SignatureFilter {
    /// The filter of the field's text; nil unless it is plain free text.
    init?(_ query: FieldQuery) {
        self.init(
            text: query.text, isFreeText: query.isFreeText, words: query.words,
            matchesInsideWords: query.matchesInsideWords)
    }
}
