/// A file's words made ready for the text store where they were read (an extraction worker):
/// the text packed as the store keeps it, and its words as the store's tokenizer cuts them, so
/// the store's writing thread only indexes them (`docs/full-text.md`, "Words cut where they are
/// read").
package struct CutText: Sendable, Hashable {
    /// The text in the store's packed form (what snippets and `show` read back).
    package var packed: [UInt8]
    /// The words, as a stream the store's writer replays to FTS5.
    package var words: [UInt8]
    /// The text's distinct words as the spelling corrector keeps them (`SpellingWords` in the
    /// text store), cut here for the same reason as ``words``.
    package var spelling: [UInt8]

    package init(packed: [UInt8], words: [UInt8], spelling: [UInt8] = []) {
        self.packed = packed
        self.words = words
        self.spelling = spelling
    }
}
