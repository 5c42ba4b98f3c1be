import FSFindIndexFormat
import FSFindModel
import FSFindQuery

/// Per row of one index file, a 320-bit summary of its free text: which characters, and which
/// pairs and triples of characters, start a word of its free-text values (``FreeTextMatcher``'s
/// words, folded), and which bytes, pairs and triples of bytes its name holds.
///
/// The search field's scan asks it before scoring a row: free text of a few letters matches at a
/// word start somewhere (or, from three letters, inside the name or among the file's words), and
/// a row whose summary lacks what the word starts with cannot match. One load and a test instead
/// of measuring every name again for each key: a field's first letter scored a million rows where
/// one in seven has a word starting with it. A summary only rules rows out (pairs share their 64
/// bits, so some rows pass that do not match); the row's score still decides.
///
/// Unchecked because its memory is a raw buffer, and safe to send: `words` is written in `init`
/// only, then read, and freed in `deinit`.
final class RowSignatures: @unchecked Sendable {

    /// ``stride`` per row. Word 0: bits 0–25 a word starts with that letter (folded), bit 26 with
    /// a digit, bit 27 with anything else; bits 32–57 the name holds that ASCII letter (either
    /// case), bit 58 a digit, bit 59 any other byte. Word 1: ``pairBit(_:_:)`` of the first two
    /// characters of each word. Word 2: ``pairBit(_:_:)`` of each two neighbouring bytes of the
    /// name (ASCII letters lowered). Word 3, the name apart from the other values: bits 0–25 the
    /// name's words start with that letter, bit 26 a word of one character (``nameSingleBit``),
    /// bit 28 a later word (not the first) of two characters (``nameLaterPairBit``), bit 29 a
    /// word in another free-text value than the name (``otherTextBit``), bits 30–32 the first
    /// word's length up to 7 (``nameLengthShift``), bits 33–37 its first letter (1–26 for a–z, 0
    /// for anything else: ``nameFirstShift``), bits 38–63 the other values' words start with
    /// that letter (``othersStartShift``) — what bounds a one-letter field's score without
    /// scoring the row, and spares measuring the other values when none can hold a word. Bits 28
    /// and 30–32 are set for an ASCII name only, whose words ``FreeTextLeaf`` measures by the
    /// same bytes. Word
    /// 4: ``tripleBit(_:_:_:)`` of the first three characters of each word of three or more, and
    /// of each three neighbouring bytes of the name — what a word of three letters or more must
    /// find, one way or the other, unless the file's words hold it: with pairs alone, four in five
    /// of the rows a three-letter field scored on a million names did not match.
    /// Memory of its own, valid while this object lives, so a scan reads it per row without
    /// retaining an array. Laid out word by word (``planes``), not row by row: word `w` of row
    /// `row` is `words[w * count + row]`, so a field that asks a row for two of its words reads
    /// 16 bytes of it, not the 40 of a row's whole summary (a first letter reads the first and
    /// the fourth: ``Planes``).
    let words: UnsafeMutableBufferPointer<UInt64>

    /// Words per row.
    static let stride = 5
    /// Where word 3 keeps the first letter of the name's first word (5 bits: 1–26 for a–z, 0 for
    /// anything else).
    static let nameFirstShift: UInt64 = 33
    /// Word 3's bit for a name with a word of one character.
    static let nameSingleBit: UInt64 = 1 << 26
    /// Where word 3 keeps the length of an ASCII name's first word (3 bits, at most 7: a longer
    /// word scores less, so 7 bounds it too; 0 for a name that is not ASCII).
    static let nameLengthShift: UInt64 = 30
    /// Where word 3 keeps the letters a–z that start a word of the row's other values (26 bits,
    /// as ``startBit(_:)``'s).
    static let othersStartShift: UInt64 = 38
    /// The bits of ``startBit(_:)`` for the letters a–z.
    static let letterBits: UInt64 = (1 << 26) - 1
    /// Word 3's bit for an ASCII name with a word of two characters after its first.
    static let nameLaterPairBit: UInt64 = 1 << 28
    /// Word 3's bit for a row with a word in a free-text value other than its name (a title, an
    /// author …): without it, only the name can score.
    static let otherTextBit: UInt64 = 1 << 29

    /// Rows summarised, worked out once (a scan asks for every row).
    let count: Int

    /// Per row, bit `i` set when free-text attribute `i` (``AttributeRegistry/freeTextAttributes``,
    /// ``valueBit(_:)``) has a word: the values a row whose other values may match needs measured,
    /// where the others (most columns, for a row with a title or an artist) would each be read
    /// only to find them absent.
    let valuesWithWords: UnsafeMutableBufferPointer<UInt32>

    /// Per row, the number of its set of free-text values other than the name
    /// (``OtherValueSets``): rows of one set score the same in those values, so a scan measures
    /// them once per set (``FreeTextLeaf``). ``OtherValueSets/unnumbered`` for a row measured
    /// value by value.
    let otherSets: UnsafeMutableBufferPointer<UInt32>

    /// How many sets ``otherSets`` numbers (at most ``OtherValueSets/limit``).
    let otherSetCount: Int

    /// The bit of `attribute` in ``valuesWithWords`` (0 for one that is not free text).
    static func valueBit(_ attribute: Attribute) -> UInt32 {
        AttributeRegistry.freeTextAttributes.firstIndex(of: attribute).map { UInt32(1) << UInt32($0) } ?? 0
    }

    /// Worked out from the sections `views` reads (nil when one is damaged: the scan then scores
    /// every row). Each distinct string is summarised once.
    init?(views: IndexViews) {
        guard let strings = views.strings, let lists = views.lists, let names = views.names else { return nil }
        var sources: [TextSource] = []
        for attribute in AttributeRegistry.freeTextAttributes {
            guard let source = TextSource(attribute, views: views) else { return nil }
            // An attribute no row of the file has is not asked for each row.
            if !source.isMissing { sources.append(source) }
        }
        let index = views.index
        // Per string id, its bits once worked out (no summary has bit 63 of word 0).
        let unknown = Summary(starts: 1 << 63, pairs: 0)
        var starts = [Summary](repeating: unknown, count: strings.count)
        var holds = [Summary](repeating: unknown, count: strings.count)
        func startBits(ofString id: UInt32) -> Summary {
            guard Int(id) < starts.count else { return Summary() }
            if starts[Int(id)] != unknown { return starts[Int(id)] }
            let value = strings.bytes(id).map(Self.wordStarts) ?? Summary()
            starts[Int(id)] = value
            return value
        }
        let rows = index.itemCount
        let result = Self.filled(max(1, Self.stride * rows), with: UInt64(0))
        let withWords = Self.filled(rows, with: UInt32(0))
        let sourceBits = sources.map { Self.valueBit($0.attribute) }
        var sets = OtherValueSets()
        let setOfRow = Self.filled(rows, with: OtherValueSets.unnumbered)
        for row in 0..<index.itemCount {
            var (starting, name) = (Summary(), Summary())
            var (others, otherStarts): (UInt64, UInt64) = (0, 0)
            var valuesWithWords: UInt32 = 0
            for (position, source) in sources.enumerated() {
                var value = Summary()
                let cell = source.cell(row)
                if source.attribute != .displayName { sets.add(cell, source: position) }
                switch cell {
                case .absent: break
                case .string(let id): value = startBits(ofString: id)
                case .list(let id):
                    guard let elements = lists.list(id) else { break }
                    for i in 0..<elements.count { value.add(startBits(ofString: elements[i])) }
                case .slow:
                    switch index.value(of: source.attribute, at: row) {
                    case .text(let text)?: value = Self.wordStarts(text)
                    case .textList(let list)?: for text in list { value.add(Self.wordStarts(text)) }
                    default: break
                    }
                }
                starting.add(value)
                if value.starts != 0 { valuesWithWords |= sourceBits[position] }
                if source.attribute == .displayName {
                    name = value
                } else if value.starts != 0 {
                    others = Self.otherTextBit
                    otherStarts |= value.starts & Self.letterBits
                }
            }
            var holding: Summary
            if let own = names.ownNameID(row), Int(own) < holds.count {
                let id = Int(own)
                if holds[id] == unknown { holds[id] = strings.bytes(UInt32(id)).map(Self.nameBytes) ?? Summary() }
                holding = holds[id]
            } else {
                holding = index.name(at: row).withUnsafeBytes(Self.nameBytes)
            }
            result[row] = starting.starts | holding.starts
            result[rows + row] = starting.pairs
            result[2 * rows + row] = holding.pairs
            result[3 * rows + row] =
                name.starts & Self.letterBits | name.shape | others | otherStarts << Self.othersStartShift
            result[4 * rows + row] = starting.triples | holding.triples
            withWords[row] = valuesWithWords
            setOfRow[row] = sets.finishRow()
        }
        words = result
        self.valuesWithWords = withWords
        otherSets = setOfRow
        otherSetCount = sets.count
        count = index.itemCount
    }

    /// Word `word` (0–4) of row `row`'s summary.
    @inline(__always) func word(_ word: Int, _ row: Int) -> UInt64 { words[word * count + row] }

    /// Each of the five words' plane, for a scan's reads.
    var planes: Planes {
        let base = words.baseAddress.unsafelyUnwrapped
        return Planes(
            starts: base, pairs: base + count, namePairs: base + 2 * count, name: base + 3 * count,
            triples: base + 4 * count)
    }

    /// Where each word of the summaries starts: a scan reads a row's words from those it needs.
    /// Valid while the summaries live.
    struct Planes {
        /// Word 0: the words' first characters, and the name's bytes.
        let starts: UnsafeMutablePointer<UInt64>
        /// Word 1: the words' first two characters.
        let pairs: UnsafeMutablePointer<UInt64>
        /// Word 2: the name's neighbouring bytes.
        let namePairs: UnsafeMutablePointer<UInt64>
        /// Word 3: the name apart from the other values.
        let name: UnsafeMutablePointer<UInt64>
        /// Word 4: the words' first three characters, and the name's neighbouring three bytes.
        let triples: UnsafeMutablePointer<UInt64>
    }

    /// Memory of `count` values, each `value`.
    private static func filled<Value>(_ count: Int, with value: Value) -> UnsafeMutableBufferPointer<Value> {
        let buffer = UnsafeMutableBufferPointer<Value>.allocate(capacity: count)
        buffer.initialize(repeating: value)
        return buffer
    }

    deinit {
        words.deallocate()
        valuesWithWords.deallocate()
        otherSets.deallocate()
    }

    /// One value's bits: in word 0, and in word 1 or 2.
    struct Summary: Equatable {
        var starts: UInt64 = 0
        var pairs: UInt64 = 0
        var triples: UInt64 = 0
        /// Of one value's words: its first word's first letter (1–26 at ``nameFirstShift``), its
        /// length and whether a later word has two characters (ASCII only), and
        /// ``nameSingleBit`` when a word is one character long. Not merged by ``add(_:)``.
        var shape: UInt64 = 0

        mutating func add(_ other: Summary) {
            starts |= other.starts
            pairs |= other.pairs
            triples |= other.triples
        }

        /// Counts word `first` (a folded character) of `length` characters, the `position`th.
        /// `exactLength`: `length` is what ``FreeTextLeaf`` measures the word by (an ASCII value's
        /// bytes), so the lengths may bound its score.
        mutating func word(_ first: UInt32, length: Int, position: Int, exactLength: Bool = false) {
            let bit = startBit(first)
            starts |= bit
            if position == 0 {
                if first &- 0x61 < 26 { shape |= UInt64(first - 0x60) << nameFirstShift }
                if exactLength { shape |= UInt64(min(length, 7)) << nameLengthShift }
            } else if exactLength, length == 2 {
                shape |= nameLaterPairBit
            }
            if length == 1 { shape |= nameSingleBit }
        }
    }

    /// The bit for a word starting with `scalar` (folded).
    @inline(__always) static func startBit(_ scalar: UInt32) -> UInt64 {
        if scalar &- 0x61 < 26 { return 1 << UInt64(scalar - 0x61) }
        if scalar &- 0x30 < 10 { return 1 << 26 }
        return 1 << 27
    }

    /// The bit for a name holding `byte`, either case for an ASCII letter.
    @inline(__always) static func byteBit(_ byte: UInt8) -> UInt64 {
        let lowered = ASCIIText.lowered(byte)
        if lowered &- 0x61 < 26 { return 1 << UInt64(32 + lowered - 0x61) }
        if byte &- 0x30 < 10 { return 1 << 58 }
        return 1 << 59
    }

    /// One of 64 bits for the pair `first`, `second` (scalars or bytes, folded or lowered).
    @inline(__always) static func pairBit(_ first: UInt32, _ second: UInt32) -> UInt64 {
        1 << UInt64(((first &* 0x9E37_79B1) ^ (second &* 0x85EB_CA77)) >> 26)
    }

    /// One of 64 bits for the three `first`, `second`, `third` (scalars or bytes, folded or
    /// lowered).
    @inline(__always) static func tripleBit(_ first: UInt32, _ second: UInt32, _ third: UInt32) -> UInt64 {
        1 << UInt64(((first &* 0x9E37_79B1) ^ (second &* 0x85EB_CA77) ^ (third &* 0xC2B2_AE3D)) >> 26)
    }

    /// The bytes of a name and their neighbouring pairs and triples, ASCII letters lowered: what
    /// ``ResultRanker``'s inside-a-word test compares typed bytes with.
    static func nameBytes(_ bytes: UnsafeRawBufferPointer) -> Summary {
        var summary = Summary()
        var previous: UInt32?
        var beforePrevious: UInt32?
        for byte in bytes {
            summary.starts |= byteBit(byte)
            let lowered = UInt32(ASCIIText.lowered(byte))
            if let previous {
                summary.pairs |= pairBit(previous, lowered)
                if let beforePrevious { summary.triples |= tripleBit(beforePrevious, previous, lowered) }
            }
            beforePrevious = previous
            previous = lowered
        }
        return summary
    }

    /// The first characters, and first two, of `value`'s words, cut and folded as
    /// ``FreeTextMatcher`` cuts and folds them (the same paths ``FreeTextLeaf`` measures with).
    static func wordStarts(_ value: UnsafeRawBufferPointer) -> Summary {
        if ASCIIText.isASCII(value) {
            var summary = Summary()
            var position = 0
            ASCIIText(bytes: value).forEachWord { word in
                let first = UInt32(ASCIIText.lowered(value[word.lowerBound]))
                summary.word(first, length: word.count, position: position, exactLength: true)
                position += 1
                if word.count > 1 {
                    let second = UInt32(ASCIIText.lowered(value[word.lowerBound + 1]))
                    summary.pairs |= pairBit(first, second)
                    if word.count > 2 {
                        summary.triples |= tripleBit(
                            first, second, UInt32(ASCIIText.lowered(value[word.lowerBound + 2])))
                    }
                }
                return true
            }
            return summary
        }
        return wordStarts(
            TextFolding.foldLatin(value, caseInsensitive: true, diacriticInsensitive: true)
                ?? TextFolding.fold(
                    String(decoding: value, as: UTF8.self), caseInsensitive: true, diacriticInsensitive: true))
    }

    /// The same for a value only the row reader reads (a root's name), folded as
    /// ``FreeTextMatcher/qualities(in:into:)`` folds it.
    static func wordStarts(_ value: String) -> Summary {
        wordStarts(TextFolding.fold(value, caseInsensitive: true, diacriticInsensitive: true))
    }

    private static func wordStarts(_ folded: FoldedText) -> Summary {
        var summary = Summary()
        for (position, word) in folded.words.enumerated() {
            let first = folded.scalars[word.lowerBound].value
            summary.word(first, length: word.count, position: position)
            guard word.count > 1 else { continue }
            let second = folded.scalars[word.lowerBound + 1].value
            summary.pairs |= pairBit(first, second)
            if word.count > 2 { summary.triples |= tripleBit(first, second, folded.scalars[word.lowerBound + 2].value) }
        }
        return summary
    }
}
