import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindExtraction
@testable import FSFindIndexFormat
@testable import FSFindModel
@testable import FSFindText

/// Words cut where they are read (``WordCutter``, in the extraction workers) and replayed to the
/// store's writer: the store holds exactly what cutting the text there gives, snippets and
/// forgetting a document work as before, and a damaged stream is refused.
@Suite struct WordStreamTests {
    private static func identity(_ n: UInt64) -> FileIdentity {
        FileIdentity(device: 7, inode: n, size: Int64(n), mtimeNanos: Int64(n), ctimeNanos: Int64(n))
    }

    /// Texts with what cutting has to get right: case and diacritics, stems, numbers, CJK, a
    /// long token, punctuation runs, an empty text, pages.
    static let texts = [
        "Dear Frédéric, CALLING about the pages: comparisons of 3.14 and 1,000 ÉTÉ été",
        "東京 と 大阪 の 天気; naïve café — œuvre Ærø straße",
        String(repeating: "x", count: 300) + " tail " + String(repeating: "ab-", count: 50),
        "",
        "Chapter 1. First page\u{0C}Chapter 2. Second page, calling again",
        "a b c d e f g h i j k l m n o p q r s t u v w x y z 0 1 2 3 4 5 6 7 8 9",
        mixed,
    ]

    /// Six thousand words drawn (seeded) from ASCII words in every case, with digits, of the
    /// lengths around the cutter's cache limit (23–25 letters), words touching accented letters,
    /// CJK or dashes, between every kind of separator: the ASCII words are cut through the stem
    /// cache (most of them more than once), the rest by the tokenizer.
    static let mixed: String = {
        let words = [
            "running", "RUNNING", "Running", "runs", "ran", "calling", "Comparisons", "the", "a", "I", "ok",
            "ABC123def", "x86_64", "don't", "e-mail", "3.14", "1,000", "v2", "HTTP2", "café", "Zürich",
            "naïve", "İstanbul", "straße", "œuvre", "東京", "word—another", "Ωmega", "e\u{301}t\u{301}e",
            String(repeating: "q", count: 23), String(repeating: "r", count: 24), String(repeating: "S", count: 25),
            "internationalizations", "generalizations", "relational", "hopping", "agreed", "ponies", "ties",
            "caresses", "feed", "sky", "dying", "flies", "happily", "Ç", "ÿes", "ﬁnance", "Ⅻ", "²",
        ]
        let separators = [
            " ", " ", " ", "\n", ", ", ". ", "; ", "(", ")", "'", "\"", "-", "_", "/", "\t", " — ", "\u{A0}", "…",
        ]
        var generator = SplitMix64(seed: 23)
        var text = ""
        for _ in 0..<6000 {
            text += words[Int(generator.next() % UInt64(words.count))]
            text += separators[Int(generator.next() % UInt64(separators.count))]
        }
        return text
    }()

    /// Every word of the store, with its document's path and its position: what FTS5 indexed.
    private static func instances(_ path: String) throws -> [String] {
        let database = try SQLiteDatabase(path: path, create: false)
        try database.registerSnowball()
        try database.execute("CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, words, 'instance')")
        let rows = try database.prepare(
            "SELECT '/d/' || s.inode, v.offset, v.term FROM temp.v v JOIN source s ON s.document = v.doc ORDER BY 1, 2, 3"
        )
        var result: [String] = []
        while try rows.step() { result.append("\(rows.text(0)) \(rows.integer(1)) \(rows.text(2))") }
        return result
    }

    /// A store of `texts` written by cutting each text there, and one written from words cut by
    /// ``WordCutter``: the same words at the same places.
    private func bothWays(language: String?, in folder: TemporaryFolder) throws -> (
        plain: TextStore, replayed: TextStore
    ) {
        let plain = try TextStore(path: folder.file("plain.text"), create: true, language: language)
        let replayed = try TextStore(path: folder.file("replayed.text"), create: true, language: language)
        let cutter = try WordCutter.shared.get()
        try plain.write { writer throws(FSFindError) in
            for (n, text) in Self.texts.enumerated() {
                try writer.add(source: .plainText(Self.identity(UInt64(n))), text: text)
            }
        }
        try replayed.write { writer throws(FSFindError) in
            for (n, text) in Self.texts.enumerated() {
                try writer.add(
                    source: .plainText(Self.identity(UInt64(n))), digest: nil,
                    words: try cutter.cut(text, spec: replayed.wordCutterSpec), packed: try TextStore.pack(text),
                    document: writer.nextDocument)
            }
        }
        let expected = try Self.instances(folder.file("plain.text"))
        #expect(expected.count > 6000, "the texts have words")
        #expect(try Self.instances(folder.file("replayed.text")) == expected)
        return (plain, replayed)
    }

    @Test func replayedWordsAreTheWordsCuttingGivesInEveryLanguage() throws {
        for language in [nil, "french", "none"] {
            let folder = TemporaryFolder()
            let (plain, replayed) = try bothWays(language: language, in: folder)
            for question in [
                #""frederic"*"#, #""call"*"#, #""second page""#,
                #""東京"*"#, #""ete"*"#, #""xx"*"#,
            ] {
                #expect(
                    try replayed.search(question, ranked: true).documents
                        == plain.search(question, ranked: true).documents, "\(question) in \(language ?? "english")")
            }
            // The stores' files stay until the questions are asked.
            withExtendedLifetime(folder) {}
        }
    }

    @Test func snippetsAndForgettingWorkOnReplayedDocuments() throws {
        let folder = TemporaryFolder()
        let (_, replayed) = try bothWays(language: nil, in: folder)
        let snippets = try replayed.snippets(
            #""calling"*"#,
            for: [
                try replayed.document(for: .plainText(Self.identity(4))),
                try replayed.document(for: .plainText(Self.identity(0))),
            ])
        #expect(snippets[0]?.page == 2 && snippets[0]?.text.contains("calling") == true)
        #expect(snippets[1]?.text.contains("CALLING") == true)
        // Forgetting a document cuts its stored text again: every one of its words goes.
        let removed = try replayed.write { writer throws(FSFindError) in
            try writer.removeUnnamed(among: nil) { _, identity in
                identity != Self.identity(0) && identity != Self.identity(1)
            }
        }
        #expect(removed == 2)
        let left = try Self.instances(folder.file("replayed.text"))
        #expect(!left.isEmpty && !left.contains { $0.hasPrefix("/d/0 ") || $0.hasPrefix("/d/1 ") })
        #expect(try replayed.search(#""frederic"*"#, ranked: false).documents.isEmpty)
    }

    @Test func aDamagedStreamIsRefusedAndLeavesNothing() throws {
        let folder = TemporaryFolder()
        let store = try TextStore(path: folder.file("d.text"), create: true)
        // A length that runs past the end, a varint that never ends.
        for damaged: [UInt8] in [[10, 0x61], [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]] {
            #expect(throws: FSFindError.self) {
                try store.write { writer throws(FSFindError) in
                    try writer.add(
                        source: .plainText(Self.identity(1)), digest: nil, words: damaged,
                        packed: try TextStore.pack("a"), document: writer.nextDocument)
                }
            }
        }
        #expect(try store.documentCount() == 0)
        // An empty stream is a document without words.
        try store.write { writer throws(FSFindError) in
            try writer.add(
                source: .plainText(Self.identity(2)), digest: nil, words: [], packed: try TextStore.pack(""),
                document: writer.nextDocument)
        }
        #expect(try store.documentCount() == 1)
    }

    /// A large text's words are written where they are kept (``WordCutter/cut(_:spec:room:)``);
    /// a stream longer than its room goes on in the cutter's memory: the same words either way.
    @Test func wordsWrittenInPlaceAreTheWordsCopied() throws {
        let cutter = try WordCutter.shared.get()
        for spec in [TextStore.defaultWordCutterSpec, TextStore.tokenizer(for: "french"), "unicode61"] {
            for text in Self.texts {
                let copied = try cutter.cut(text, spec: spec, room: 0)
                for room in [1, 16, copied.count, copied.count + 1, text.utf8.count + 64] {
                    #expect(try cutter.cut(text, spec: spec, room: room) == copied, "room \(room)")
                }
            }
        }
    }

    /// A text packed in pieces (``PackedPieces``) is its stored form, read back whole by the
    /// store's reader, and its words cut piece by piece are the words cut whole.
    @Test func wordsCutFromPiecesAreTheWordsOfTheWholeText() throws {
        let cutter = try WordCutter.shared.get()
        let long = String(repeating: "y", count: 5000)
        for text in Self.texts + [long, long + " " + long, "東京" + long + "—" + Self.mixed] where !text.isEmpty {
            for pieceBytes in [1, 7, 100, 4096, 1 << 20] {
                let pieces = try #require(PackedPieces(text, pieceBytes: pieceBytes))
                let unpacked = pieces.packed.withUnsafeBytes { StoredText.unpack($0) }
                #expect(unpacked == Array(text.utf8), "pieces of \(pieceBytes)")
                #expect(pieces.text == text)
                for spec in [TextStore.defaultWordCutterSpec, TextStore.tokenizer(for: "french"), "unicode61"] {
                    #expect(try cutter.cut(pieces, spec: spec) == cutter.cut(text, spec: spec, room: 0))
                }
            }
        }
    }

    /// A worker's large text is packed in pieces and let go before its words are cut: the reply
    /// holds the same text and words as cutting it whole.
    @Test func aLargeTextIsCutFromItsPieces() throws {
        let spec = TextStore.defaultWordCutterSpec
        let text = String(repeating: Self.mixed, count: WordsOrText.piecesFrom / Self.mixed.utf8.count + 1)
        let cut = try #require(ExtractionWire.cut(text, spec: spec))
        #expect(cut.packed.withUnsafeBytes { StoredText.unpack($0) } == Array(text.utf8))
        #expect(cut.words.elementsEqual(try WordCutter.shared.get().cut(text, spec: spec, room: 0)))
        #expect(cut.spelling.elementsEqual(SpellingWords.distinct(in: text)))
    }

    @Test func anUnknownTokenizerIsAnError() throws {
        #expect(throws: FSFindError.self) { try WordCutter.shared.get().cut("words", spec: "nosuch tokenizer") }
    }

    @Test func cutTextAndTheTokenizerTravelOverTheWire() throws {
        let request = ExtractionWire.Request(
            extractor: "text", path: Array("/t".utf8), identity: Self.identity(1), tree: ["public.plain-text"],
            textLimit: 100, wordCutter: "porter unicode61 remove_diacritics 2")
        let framed = ExtractionWire.encode(request)
        #expect(try ExtractionWire.decodeRequest(Array(framed.dropFirst(4))) == request)
        let cut = try #require(ExtractionWire.cut("Buy bread", spec: request.wordCutter))
        let extracted = ExtractionWire.Extracted([.title: .text("List")], cutText: cut)
        let reply = Array(ExtractionWire.encode(.success(extracted)).dropFirst(4))
        #expect(try ExtractionWire.decodeReply(reply).get() == extracted)
        // Without a tokenizer, or without words, the text travels as it is.
        #expect(ExtractionWire.cut("Buy bread", spec: "") == nil)
        #expect(ExtractionWire.cut("", spec: request.wordCutter) == nil)
        for length in 0..<reply.count {
            #expect(throws: ExtractionError.self) { try ExtractionWire.decodeReply(Array(reply.prefix(length))) }
        }
    }
}
