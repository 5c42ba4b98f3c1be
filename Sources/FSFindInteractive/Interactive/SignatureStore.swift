import FSFindIndexFormat
import FSFindSearch

/// The index's row summaries, made once per snapshot, on a thread of their own in the search
/// loop (a million rows take a few hundred milliseconds), so no key waits for them: a scan uses
/// them once they are there and scores every row before.
final class SignatureStore: Sendable {
    private let made = Handoff<[RowSignatures?]>()

    init() {}

    /// Works out the summaries of every file of `index`, on the caller's thread.
    func make(for index: IndexSnapshot) { made.put(Self.summaries(of: index)) }

    /// Works them out on a thread of their own, after `prepare`.
    func makeInBackground(for index: IndexSnapshot, prepare: @escaping @Sendable () -> Void = {}) {
        made.fill {
            prepare()
            return Self.summaries(of: index)
        }
    }

    private static func summaries(of index: IndexSnapshot) -> [RowSignatures?] {
        index.files.map { RowSignatures(views: IndexViews(index: $0)) }
    }

    /// The summaries per file of the index, nil until they are made (or for a damaged file).
    var summaries: [RowSignatures?]? { made.value }
}

extension SignatureFilter {
    /// The filter of the field's text; nil unless it is plain free text.
    init?(_ query: FieldQuery) {
        self.init(
            text: query.text, isFreeText: query.isFreeText, words: query.words,
            matchesInsideWords: query.matchesInsideWords)
    }
}
