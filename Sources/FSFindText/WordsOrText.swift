/// A text's words made ready for the store where the text was read (``CutText``), or the text
/// itself, which then travels as it is and the store's writer cuts it.
///
/// How a store keeps a text and cuts its words (``StoredText``, ``PackedPieces``,
/// ``SpellingWords``, ``WordCutter``) is the store's own business: an extraction worker hands
/// over the text, its tokenizer, how much its message can carry and, for a gzip file, the file.
package enum WordsOrText: Sendable, Hashable {
    case cut(CutText)
    case text(String)

    /// Texts of this many bytes or more are packed in pieces (``init(_:spec:maximum:gzipFile:)``).
    static let piecesFrom = 4 << 20

    /// `text` packed and cut by the tokenizer `spec` (a store's ``TextStore/wordCutterSpec``), or
    /// the text back for no spec, no words, when cutting fails, or when the three parts come to
    /// `maximum` bytes or more.
    ///
    /// The words come last: they are the largest part (about as long as the text), so packing's
    /// and the spelling tally's working memory is gone before they are cut. A text of
    /// ``piecesFrom`` bytes or more, unless its file is its stored form, is packed in pieces and
    /// let go before its words are cut from them (``PackedPieces``): its worker then never holds
    /// the text and its words whole at once. So `text` is consumed: its caller must not keep it.
    ///
    /// `gzipFile(length)` is the file the text was read from, when it is a gzip file whose trailer
    /// gives `length` as its contents' length (nil otherwise, without reading it): it is the
    /// stored form when it holds exactly the text (``StoredText/gzipFile(_:holding:)``).
    package init(_ text: consuming String, spec: String, maximum: Int, gzipFile: (Int) -> [UInt8]? = { _ in nil }) {
        guard !spec.isEmpty, !text.isEmpty, let cutter = try? WordCutter.shared.get() else {
            self = .text(text)
            return
        }
        let spelling = SpellingWords.distinct(in: text)
        let stored = gzipFile(text.utf8.count).flatMap { StoredText.gzipFile($0, holding: text) }
        func fits(_ words: [UInt8], _ packed: [UInt8]) -> Bool {
            words.count + packed.count + spelling.count < maximum
        }
        if stored == nil, text.utf8.count >= Self.piecesFrom, let pieces = PackedPieces(text) {
            _ = consume text
            guard let words = try? cutter.cut(pieces, spec: spec), fits(words, pieces.packed) else {
                self = .text(pieces.text)
                return
            }
            self = .cut(CutText(packed: pieces.packed, words: words, spelling: spelling))
            return
        }
        guard let packed = stored ?? (try? StoredText.pack(text)),
            let words = try? cutter.cut(text, spec: spec), fits(words, packed)
        else {
            self = .text(text)
            return
        }
        self = .cut(CutText(packed: packed, words: words, spelling: spelling))
    }
}
