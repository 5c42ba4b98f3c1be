import FSFindModel
import FSFindPlatform
import FSFindQuery

/// What a field of plain free text asks of a row's ``RowSignatures`` summary before the row is
/// scored: every word's first character, and first two and three, start a word of the row's
/// free text (or the word is among the file's words), or — once every word is long enough to
/// match inside names — the name holds every byte and every pair and triple of neighbouring
/// bytes of every word. A row that fails cannot match; one that passes is scored.
struct SignatureFilter {
    /// Per query word (cut and folded as ``FreeTextMatcher`` does), the bit of its first character
    /// and the bits of its first two and three (0 for a word shorter than that).
    private let starts: [(first: UInt64, pair: UInt64, triple: UInt64)]
    /// The bits of the typed words' bytes and of their pairs and triples when they match inside
    /// names.
    private let inside: (bytes: UInt64, pairs: UInt64, triples: UInt64)?
    /// For a field of one word of one letter (a–z, whose bit says exactly which rows match), its
    /// bit and its number (1–26, as ``RowSignatures/nameFirstShift`` keeps it): see
    /// ``textBound(_:at:)``.
    private let letter: (bit: UInt64, code: UInt64)?
    /// The bits of the words' first letters among the other values' (``RowSignatures/othersStartShift``),
    /// nil when a word starts with something else than a–z: a row whose other values start no
    /// word with them has its name measured alone.
    private let othersStart: UInt64?
    /// Whether some word has a pair, or a triple, of first characters to test (a word of two
    /// characters or more, of three or more): else that word of a row's summary is not read.
    private let pairsAsked: Bool
    private let triplesAsked: Bool

    /// The most a one-letter word scores in values other than the name: the largest weight of
    /// the other attributes times the best quality (a whole first word). No bonus: that needs
    /// the word in the name.
    static let besideName =
        (AttributeRegistry.freeTextWeights.filter { $0.attribute != .displayName }.map(\.weight).max() ?? 0)
        * FreeTextMatcher.quality(wordCount: 1, valueWordCount: 1, first: true)
    /// The most it scores when the name holds it but neither as its first word nor as a word of
    /// its own (so of two letters or more): the better of the name's quality and ``besideName``,
    /// plus the bonus of a word found in the name.
    static let laterInName =
        max(nameWeight * FreeTextMatcher.quality(wordCount: 1, valueWordCount: 2, first: false), besideName)
        + FreeTextMatcher.inNameBonus
    /// The name's weight among the free-text attributes.
    private static let nameWeight =
        AttributeRegistry.freeTextWeights.first { $0.attribute == .displayName }?.weight ?? 1
    /// For an ASCII name whose lengths the summary knows (``RowSignatures/nameLengthShift``), and
    /// which has no word of one character: indexed by the first word's length when it starts with
    /// the letter (2–7, 7 standing for longer; 0 when it does not), then by whether a later word
    /// has two characters, then by whether a word of another value than the name starts with the
    /// letter (``RowSignatures/othersStartShift``). A later word starting with the letter scores at most 0.75
    /// if it has two, else at most 0.67 (three or more); the first word by its length; the better
    /// of those, or ``besideName`` when other values may match, plus the bonus.
    static let asciiNameBounds: [[[Double]]] = (0...7).map { length in
        let first = length >= 2 ? FreeTextMatcher.quality(wordCount: 1, valueWordCount: length, first: true) : 0
        return [3, 2].map { later in
            let inName =
                nameWeight * max(first, FreeTextMatcher.quality(wordCount: 1, valueWordCount: later, first: false))
            return [inName + FreeTextMatcher.inNameBonus, max(inName, besideName) + FreeTextMatcher.inNameBonus]
        }
    }

    /// Nil unless the field's text is plain free text (not a tree, not a predicate): `text`
    /// compiled, `words` its folded words for matching inside names, `matchesInsideWords` when
    /// every word is long enough for that (the search field's `FieldQuery`).
    init?(text: CompiledQuery?, isFreeText: Bool, words: [[UInt8]], matchesInsideWords: Bool) {
        guard isFreeText, !words.isEmpty, case .freeText(let matcher)? = text?.root else {
            return nil
        }
        starts = matcher.words.map { word in
            let first = word.first?.value ?? 0
            return (
                RowSignatures.startBit(first), word.count > 1 ? RowSignatures.pairBit(first, word[1].value) : 0,
                word.count > 2 ? RowSignatures.tripleBit(first, word[1].value, word[2].value) : 0
            )
        }
        pairsAsked = matcher.words.contains { $0.count > 1 }
        triplesAsked = matcher.words.contains { $0.count > 2 }
        if matcher.words.count == 1, let word = matcher.words.first, word.count == 1, word[0].value &- 0x61 < 26 {
            letter = (RowSignatures.startBit(word[0].value), UInt64(word[0].value - 0x60))
        } else {
            letter = nil
        }
        let firsts = matcher.words.map { $0.first?.value ?? 0 }
        othersStart =
            firsts.allSatisfy { $0 &- 0x61 < 26 }
            ? firsts.reduce(0) { $0 | RowSignatures.startBit($1) } << RowSignatures.othersStartShift : nil
        guard matchesInsideWords else {
            inside = nil
            return
        }
        var bytes: UInt64 = 0
        var pairs: UInt64 = 0
        var triples: UInt64 = 0
        for word in words {
            for (k, byte) in word.enumerated() {
                bytes |= RowSignatures.byteBit(byte)
                if k > 0 { pairs |= RowSignatures.pairBit(UInt32(word[k - 1]), UInt32(byte)) }
                if k > 1 { triples |= RowSignatures.tripleBit(UInt32(word[k - 2]), UInt32(word[k - 1]), UInt32(byte)) }
            }
        }
        inside = (bytes, pairs, triples)
    }

    /// Whether row `row`, whose summary `words` holds, may match; `content` holds the words of
    /// the files of the row's index file, when they were looked up. A word's pair and triple
    /// are read only when it has them: a first letter reads the row's first word alone.
    @inline(__always) func passes(_ words: RowSignatures.Planes, row: Int, content: ContentMatches?) -> Bool {
        let first = words.starts[row]
        let pairs = pairsAsked ? words.pairs[row] : 0
        let triples = triplesAsked ? words.triples[row] : 0
        var everyWord = true
        for k in starts.indices
        where first & starts[k].first == 0 || pairs & starts[k].pair != starts[k].pair
            || triples & starts[k].triple != starts[k].triple
        {
            if let content, content.firstLeaf(word: k, holds: row) { continue }
            everyWord = false
            break
        }
        if everyWord { return true }
        guard let inside else { return false }
        return first & inside.bytes == inside.bytes && words.namePairs[row] & inside.pairs == inside.pairs
            && words.triples[row] & inside.triples == inside.triples
    }

    /// The start bit of each query word (``RowSignatures/startBit(_:)``) that every row this
    /// filter passes has in its summary, so the rows of ``StartRows`` are all a scan needs to
    /// visit; empty when a row may pass without them: inside its name (every word three letters
    /// or more) or by the files' words (`content` answers for a word).
    func requiredStarts(content: ContentMatches?) -> [UInt64] {
        guard inside == nil, content?.answersFirstLeaf != true else { return [] }
        return starts.map(\.first)
    }

    /// What a row needs for the filter to pass it (unless the files' words hold the first
    /// word): the first word's start bit and its triple's (0 for a word of two characters or
    /// fewer) in its summary, or the triples and the bytes (bits of the summary's first word) of
    /// every word in its name (``StartRows/rows(passing:content:of:)``). Nil when the words do not
    /// match inside names (``requiredStarts(content:)`` is then what they need).
    var firstWordNeeds: (start: UInt64, triple: UInt64, inside: UInt64, bytes: UInt64)? {
        guard let inside, let first = starts.first else { return nil }
        return (first.first, first.triple, inside.triples, inside.bytes)
    }

    /// Whether no word's first character, and first two and three, start a word of the row's
    /// values (a row that passed did so by the files' words or inside its name): its values need
    /// no measuring.
    @inline(__always) func startsNowhere(_ words: RowSignatures.Planes, row: Int) -> Bool {
        let first = words.starts[row]
        let pairs = pairsAsked ? words.pairs[row] : 0
        let triples = triplesAsked ? words.triples[row] : 0
        for k in starts.indices
        where first & starts[k].first != 0 && pairs & starts[k].pair == starts[k].pair
            && triples & starts[k].triple == starts[k].triple
        {
            return false
        }
        return true
    }

    /// For a row that passed, the most its text can score when that is provably below a
    /// one-letter field's best (nil otherwise): ``besideName`` when no word of its name starts
    /// with the letter; for an ASCII name without a one-letter word, ``asciiNameBounds`` by its
    /// words' lengths; for another name, ``laterInName`` when only later words of two letters or
    /// more do. A row
    /// whose bound and recency lift stay below the worst result kept is counted without being
    /// scored: on a million names, about three in four of a first letter's matches.
    @inline(__always) func textBound(_ words: RowSignatures.Planes, row: Int) -> Double? {
        guard let letter else { return nil }
        let name = words.name[row]
        if name & letter.bit == 0 { return Self.besideName }
        guard name & RowSignatures.nameSingleBit == 0 else { return nil }
        let startsFirst = (name >> RowSignatures.nameFirstShift) & 31 == letter.code
        let length = Int(truncatingIfNeeded: (name >> RowSignatures.nameLengthShift) & 7)
        guard length > 0 else { return startsFirst ? nil : Self.laterInName }
        // The other values count only when a word of theirs starts with the letter.
        return Self.asciiNameBounds[startsFirst ? length : 0][name & RowSignatures.nameLaterPairBit != 0 ? 1 : 0][
            name & letter.bit << RowSignatures.othersStartShift != 0 ? 1 : 0]
    }

    /// Whether the field is one word of one letter a–z, whose matches are exactly the rows of
    /// its start (``StartRows``) and whose rows' texts have bounds (``textBound(_:row:)``).
    var isOneLetter: Bool { letter != nil }

    /// Whether a row's pairs of first characters (``RowSignatures/Planes/pairs``) are read.
    var asksPairs: Bool { pairsAsked }
    /// Whether a row's triples (``RowSignatures/Planes/triples``) are read.
    var asksTriples: Bool { triplesAsked || inside != nil }

    /// Whether no word of the row's other values than its name can start with a query word
    /// (from word 3 of its summary): none has words, or none starts one with a word's first letter.
    @inline(__always) func othersStartNone(_ name: UInt64) -> Bool {
        if name & RowSignatures.otherTextBit == 0 { return true }
        guard let othersStart else { return false }
        return name & othersStart == 0
    }
}

/// ``SignatureFilter`` over the rows of one index file of a scan. A class, so the scan's per-row
/// call reaches the summaries and the file's content answers through `self` without copying
/// (and retaining) them.
final class FileRowFilter {
    private let filter: SignatureFilter
    private let summaries: RowSignatures
    private let words: RowSignatures.Planes
    private let valuesWithWords: UnsafeMutableBufferPointer<UInt32>
    private let otherSets: UnsafeMutableBufferPointer<UInt32>
    private let content: ContentMatches?
    private let count: Int

    init(_ filter: SignatureFilter, summaries: RowSignatures, content: ContentMatches?) {
        self.filter = filter
        self.summaries = summaries
        words = summaries.planes
        valuesWithWords = summaries.valuesWithWords
        otherSets = summaries.otherSets
        self.content = content
        count = summaries.count
    }

    /// Which values of a row that passed need measuring: none when no word starts a word of
    /// them (``SignatureFilter/startsNowhere(_:at:)``), the name alone when no other value can
    /// (``SignatureFilter/othersStartNone(_:)``: most rows, whose other free-text columns would
    /// each be read only to find them empty or not matching), else the name and the row's set
    /// of other values (``RowSignatures/otherSets``), or those that have words when its set is
    /// not numbered.
    @inline(__always) func measuredValues(_ row: Int) -> MeasuredValues {
        guard row < count else { return .all }
        if filter.startsNowhere(words, row: row) { return .none }
        if filter.othersStartNone(words.name[row]) { return .name }
        let set = otherSets[row]
        return set != OtherValueSets.unnumbered ? .nameAndSet(set) : .withWords(valuesWithWords[row])
    }

    /// ``SignatureFilter/textBound(_:at:)`` of a row that passed.
    @inline(__always) func textBound(_ row: Int) -> Double? {
        row < count ? filter.textBound(words, row: row) : nil
    }

    /// Asks for the row's summary ahead of ``rejects(_:)``, in a scan over scattered rows: the
    /// words a scan reads of every row (its first, and the name's), and the pairs and triples when
    /// the field asks for them.
    @inline(__always) func prefetch(_ row: Int) {
        guard row < count else { return }
        prefetchForReading(words.starts + row)
        prefetchForReading(words.name + row)
        if filter.asksPairs { prefetchForReading(words.pairs + row) }
        if filter.asksTriples { prefetchForReading(words.triples + row) }
    }

    /// True when row `row` of the file cannot match.
    @inline(__always) func rejects(_ row: Int) -> Bool {
        row < count && !filter.passes(words, row: row, content: content)
    }
}
