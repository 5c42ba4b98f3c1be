/// A file's words made ready for the text store where they were read (an extraction worker):
/// the text packed as the store keeps it, and its words as the store's tokenizer cuts them, so
/// the store's writing thread only indexes them (`docs/full-text.md`, "Words cut where they are
/// read").
///
/// The three parts are slices: decoded from a worker's reply they share the reply's bytes rather
/// than copy them, so a large file's words are not held twice while the reply is read.
package struct CutText: Sendable, Hashable {
    /// The text in the store's packed form (what snippets and `show` read back).
    package var packed: ArraySlice<UInt8>
    /// The words, as a stream the store's writer replays to FTS5.
    package var words: ArraySlice<UInt8>
    /// The text's distinct words as the spelling corrector keeps them (`SpellingWords` in the
    /// text store), cut here for the same reason as ``words``.
    package var spelling: ArraySlice<UInt8>

    package init(packed: ArraySlice<UInt8>, words: ArraySlice<UInt8>, spelling: ArraySlice<UInt8> = []) {
        self.packed = packed
        self.words = words
        self.spelling = spelling
    }

    init(packed: [UInt8], words: [UInt8], spelling: [UInt8] = []) {
        self.init(packed: packed[...], words: words[...], spelling: spelling[...])
    }
}
