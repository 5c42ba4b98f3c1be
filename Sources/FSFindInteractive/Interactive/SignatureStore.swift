import FSFindIndexFormat
import FSFindSearch

/// The index's row summaries, made once per snapshot, on a thread of their own in the search
/// loop (a million rows take a few hundred milliseconds), so no key waits for them: a scan uses
/// them once they are there and scores every row before.
final class SignatureStore: Sendable {
    /// The summaries of each file, and the rows by how their words start, made together so a
    /// scan reads both from one snapshot.
    struct Made: Sendable {
        /// Per file of the index, nil for a damaged file.
        let files: [RowSignatures?]
        /// Nil when a file has no summary.
        let starts: StartRows?
    }

    private let made = Handoff<Made>()

    init() {}

    /// Works out the summaries of every file of `index`, on the caller's thread.
    func make(for index: IndexSnapshot) { made.put(Self.summaries(of: index)) }

    /// Works them out on a thread of their own, after `prepare`. The summaries are handed over
    /// as soon as they are made, the rows by their words' starts after them: a key typed in
    /// between scans with the summaries alone.
    func makeInBackground(for index: IndexSnapshot, prepare: @escaping @Sendable () -> Void = {}) {
        made.fill { [made] in
            prepare()
            let files = Self.files(of: index)
            made.put(Made(files: files, starts: nil))
            return Made(files: files, starts: StartRows(summaries: files, of: index))
        }
    }

    private static func files(of index: IndexSnapshot) -> [RowSignatures?] {
        index.files.map { RowSignatures(views: IndexViews(index: $0)) }
    }

    private static func summaries(of index: IndexSnapshot) -> Made {
        let files = files(of: index)
        return Made(files: files, starts: StartRows(summaries: files, of: index))
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
