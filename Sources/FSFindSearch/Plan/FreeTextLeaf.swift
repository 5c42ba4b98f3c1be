import FSFindIndexFormat
import FSFindModel
import FSFindQuery

/// Free text (``FreeTextMatcher``) over raw string ids: each distinct string's best quality per
/// query word is worked out once and kept, and a row's score is put together from those, in
/// the same arithmetic as ``FreeTextMatcher/score(_:)``.
final class FreeTextLeaf {
    private let index: IndexReader
    private let matcher: FreeTextMatcher
    /// The query words as bytes, for comparing with ASCII values.
    private let words: ASCIIWords
    private let sources: [TextSource]
    /// ``sources`` in memory of the leaf's own, read in place: an element of the array was
    /// copied for each row's read, a retain and a release of its column reader.
    private let sourceTable: UnsafeMutableBufferPointer<TextSource>
    /// The name's place among ``sources``, as a range of one (none when the name is not free text).
    private let nameSource: Range<Int>
    /// Per source, its bit in ``MeasuredValues/withWords(_:)``.
    private let sourceBits: [UInt32]
    private let weights: [Double]
    /// The first folded scalar of each query word.
    private let firstScalars: [UInt32]
    /// For U+0080 + i: whether the character folds (case and diacritics) to text holding one of
    /// ``firstScalars``.
    private let latinHasFirstScalar: [Bool]
    /// Per byte: whether it is, in either case, the first byte of an ASCII query word.
    private let firstBytes: FlatTable<Bool>
    private let strings: StringsView
    private let lists: StringsView
    /// Without the file's words, per string id: `unknown`, `none` (no word matches, or the id
    /// does not resolve), or the offset of its qualities in ``qualities``; empty with them.
    private let stringQualities: FlatTable<Int32>
    /// With the file's words: one bit per string id, set for the strings some query word starts a
    /// word of. A row's name is looked up here first: the bits of a million strings fit in the
    /// processor's cache, their qualities' offsets (four bytes each) do not.
    private let matchedStrings: FlatTable<UInt64>
    /// ``matchedStrings``' words, read in the scan's loop without touching the table object.
    private let matchedBits: UnsafeMutableBufferPointer<UInt64>
    /// With the file's words: per word of ``matchedBits``, the bits set before it, whose rank
    /// is a matched string's place in ``qualities`` (``FreeTextLookUp``).
    private let rankWords: UnsafeMutableBufferPointer<UInt32>
    private let wordCount: Int
    private let hasWords: Bool
    private let listQualities: FlatTable<Int32>
    /// Strings' qualities, `words.count` per matching string: the look-up's with the file's
    /// words, else ``ownQualities``.
    private let qualities: DoubleRun
    /// Qualities this leaf works out as its rows show them: lists', values only the row reader
    /// reads, and strings' without the file's words (``keepScratch()``).
    private let ownQualities: DoubleRun
    /// The look-up whose tables ``matchedStrings``, ``rankWords`` and ``qualities`` are,
    /// kept alive with the leaf.
    private let lookUp: FreeTextLookUp?
    /// Per set of other values (``MeasuredValues/nameAndSet(_:)``): `unknown`, `none` (no word
    /// matches any of its values), or the offset in ``setBests`` of each word's best
    /// `weight × quality` among them, worked out the first time a row shows the set.
    private let setOffsets: FlatTable<Int32>
    private let setBests = DoubleRun()
    /// One value's qualities while they are worked out.
    private let scratch: FlatTable<Double>
    /// A Latin value with its letters' marks dropped (``TextFolding/strippingLatinMarks(_:into:)``).
    private let stripped = FlatTable<UInt8>(count: 1024, repeating: 0)
    private let kept: FlatTable<Double>
    private let best: FlatTable<Double>
    /// ``best`` of the name alone while a set of other values is measured.
    private let nameBest: FlatTable<Double>
    private let inName: FlatTable<Bool>
    /// Per query word, the rows whose words (in the text store) hold it; nil without a store.
    private let content: [ContentRows]?
    /// Per query word, its other forms (``WordForms``): whole words of a value that count as it.
    private let forms: [[[UInt8]]]
    private let hasForms: Bool
    /// Cuts a measured value into words to compare with ``forms``.
    private var formCutter = ValueWords()

    /// For U+0080 + i: the scalars the character folds to (case and diacritics), nil when it is
    /// no scalar. Worked out once: each leaf of each scan asked the general fold of 256 characters
    /// (a part of every free-text key's cost before its rows).
    private static let latinFolds: [[UInt32]?] = (0x80..<0x180).map { value in
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return nil }
        let folded = TextFolding.fold(String(Character(scalar)), caseInsensitive: true, diacriticInsensitive: true)
        return folded.scalars.map(\.value)
    }

    private static let unknown: Int32 = -1
    private static let none = FreeTextLookUp.none

    /// Nil when a section it needs is damaged. `lookUp`: the words already looked up in this
    /// file's words, as a scan's parts share them (``FreeTextLookUp``); made here when not given.
    init?(
        _ matcher: FreeTextMatcher, views: IndexViews, content: [ContentRows]? = nil, forms: [[[UInt8]]] = [],
        lookUp given: FreeTextLookUp? = nil
    ) {
        guard let strings = views.strings, let lists = views.lists else { return nil }
        // With the file's words (format 6), every string's qualities are known before the scan:
        // the strings no query word starts a word of are none, and no value is measured again.
        let lexicon = views.words
        // A look-up made for another file's strings is not this one's.
        let shared = given.flatMap { $0.stringCount == strings.count ? $0 : nil }
        let lookUp = lexicon.map {
            shared ?? FreeTextLookUp(matcher.words, forms: forms, in: $0, stringCount: strings.count)
        }
        // Without the file's words, each string's qualities as its rows show it.
        let stringQualities = FlatTable(count: lookUp == nil ? strings.count : 0, repeating: Self.unknown)
        let ownQualities = DoubleRun()
        let qualities = lookUp?.qualities ?? ownQualities
        let matched = lookUp?.matched ?? FlatTable<UInt64>(count: 0, repeating: 0)
        // No string holds a query word: only the name (and the files' words) can match, and no
        // column needs reading to know it.
        let matchesNone = lookUp?.matchesNone ?? false
        let rows = views.index.itemCount
        var sources: [TextSource] = []
        var weights: [Double] = []
        for (attribute, weight) in AttributeRegistry.freeTextWeights {
            guard let source = TextSource(attribute, views: views) else { return nil }
            // Most files hold a few of the free-text attributes, and with the file's words a
            // query word is known to be in few of them (a camera's make holds no `report`): a
            // source none of whose values can match is not read for each row.
            guard !source.isMissing else { continue }
            if lexicon != nil, source.attribute != .displayName,
                matchesNone || !source.mayHold(anyOf: matched, lists: lists, views: views, rows: rows)
            {
                continue
            }
            sources.append(source)
            weights.append(weight)
        }
        index = views.index
        self.matcher = matcher
        words = ASCIIWords(matcher.words)
        self.sources = sources
        sourceTable = Self.table(of: sources)
        nameSource = sources.firstIndex { $0.attribute == .displayName }.map { $0..<($0 + 1) } ?? 0..<0
        sourceBits = sources.map { RowSignatures.valueBit($0.attribute) }
        self.weights = weights
        let firstScalars = matcher.words.compactMap { $0.first?.value }
        self.firstScalars = firstScalars
        latinHasFirstScalar = Self.latinFolds.map { folded in
            folded.map { $0.contains { firstScalars.contains($0) } } ?? true
        }
        firstBytes = Self.firstBytes(of: firstScalars)
        self.strings = strings
        self.lists = lists
        self.stringQualities = stringQualities
        self.qualities = qualities
        self.ownQualities = ownQualities
        listQualities = FlatTable(count: lists.count, repeating: Self.unknown)
        scratch = FlatTable(count: matcher.words.count, repeating: 0)
        kept = FlatTable(count: matcher.words.count, repeating: 0)
        best = FlatTable(count: matcher.words.count, repeating: 0)
        nameBest = FlatTable(count: matcher.words.count, repeating: 0)
        inName = FlatTable(count: matcher.words.count, repeating: false)
        setOffsets = Self.setOffsets(sources: sources.count, rows: rows)
        self.content = content
        self.forms = forms
        hasForms = forms.contains { !$0.isEmpty }
        matchedStrings = matched
        matchedBits = matched.buffer
        rankWords = lookUp?.ranks.buffer ?? UnsafeMutableBufferPointer(start: nil, count: 0)
        wordCount = matcher.words.count
        hasWords = lookUp != nil
        self.lookUp = lookUp
    }

    /// Per byte, whether it is one of `firstScalars` that is ASCII, in either case.
    private static func firstBytes(of firstScalars: [UInt32]) -> FlatTable<Bool> {
        let firstBytes = FlatTable(count: 256, repeating: false)
        for scalar in firstScalars where scalar < 0x80 {
            let byte = UInt8(scalar)
            firstBytes[Int(byte)] = true
            firstBytes[Int(ASCIIText.lowered(byte))] = true
            if byte &- 0x61 < 26 { firstBytes[Int(byte - 0x20)] = true }
        }
        return firstBytes
    }

    /// `sources` in memory of their own.
    private static func table(of sources: [TextSource]) -> UnsafeMutableBufferPointer<TextSource> {
        let table = UnsafeMutableBufferPointer<TextSource>.allocate(capacity: sources.count)
        _ = table.initialize(from: sources)
        return table
    }

    /// Every set `unknown`: at most one set per row, and no more than the summaries number; none
    /// when the name is the only source.
    private static func setOffsets(sources: Int, rows: Int) -> FlatTable<Int32> {
        FlatTable(count: sources > 1 ? min(rows + 1, OtherValueSets.limit) : 0, repeating: unknown)
    }

    deinit {
        sourceTable.deinitialize()
        sourceTable.deallocate()
    }

    /// What a word found only among the file's words is worth, at most: below any name or
    /// title match, so a file named or titled with the words ranks above one that mentions them.
    static let contentWeight = 0.1

    /// ``FreeTextMatcher/score(_:)`` for `row`, measuring only the values `measured` says a query
    /// word can start a word of (``QueryPlan/relevance(_:measuring:)``); the files' words are
    /// asked in every case.
    func score(_ row: Int, measuring measured: MeasuredValues = .all) -> Double? {
        let count = words.count
        guard count > 0 else { return nil }
        if count == 1 {
            switch measured {
            case .name:
                switch nameScore(row) {
                case .score(let score): return score
                case .noMatch: return contentScore(0, row)
                case .unknown: break
                }
            case .none: return contentScore(0, row)
            case .all, .withWords, .nameAndSet: break
            }
        }
        for k in 0..<count {
            best[k] = 0
            inName[k] = false
        }
        let (measuredSources, mask) = measuredSources(measured)
        for s in measuredSources where sourceBits[s] & mask != 0 {
            raise(source: s, row)
        }
        if case .nameAndSet(let set) = measured {
            let offset = setOffset(set, row)
            if offset >= 0 {
                for k in 0..<count { best[k] = max(best[k], setBests[Int(offset) + k]) }
            }
        }
        var total = 0.0
        var allInName = true
        for k in 0..<count {
            if best[k] == 0, let score = contentScore(k, row) {
                // Each word may be in a different place: a name, a title, or the file's words.
                best[k] = score
            }
            guard best[k] > 0 else { return nil }
            total += best[k]
            allInName = allInName && inName[k]
        }
        return total + (allInName ? FreeTextMatcher.inNameBonus : 0)
    }

    /// What a row's name alone says of a one-word field's score (``nameScore(_:)``): its score,
    /// no match (only the files' words can hold the word), or unknown (not a string of its own).
    private enum NameScore {
        case score(Double)
        case noMatch
        case unknown
    }

    /// A one-word field's score of a row measured in its name alone, whose name is a string:
    /// its quality times the name's weight, and the bonus of a word in the name, as
    /// ``score(_:measuring:)``'s loops put them together. Most rows a field's scan scores are
    /// such rows, and the loops' scratch tables were written and read for each.
    @inline(__always) private func nameScore(_ row: Int) -> NameScore {
        guard nameSource.count == 1, case .string(let id) = sourceTable[nameSource.lowerBound].cell(row) else {
            return .unknown
        }
        let offset = matchedOffset(id)
        let best = offset >= 0 ? weights[nameSource.lowerBound] * qualities[Int(offset)] : 0
        return best > 0 ? .score(best + FreeTextMatcher.inNameBonus) : .noMatch
    }

    /// What the files' words give query word `k` in `row` (at most ``contentWeight``), nil when
    /// they do not hold it: a word no measured value holds, and a one-word field's whole score.
    @inline(__always) private func contentScore(_ k: Int, _ row: Int) -> Double? {
        guard let content, content[k].contains(row) else { return nil }
        let words = content[k].score(row)
        return Self.contentWeight * max(0.01, words / (1 + words))
    }

    /// The offset in ``setBests`` of what the row's set of other values scores per word, or
    /// `none`: measured on this row the first time a row shows the set, every row of which holds
    /// the same cells in those values.
    private func setOffset(_ set: UInt32, _ row: Int) -> Int32 {
        guard Int(set) < setOffsets.count else { return Self.none }
        let known = setOffsets[Int(set)]
        if known != Self.unknown { return known }
        // The name's part is kept aside: the set's is each word's best among the others alone
        // (none of which is the name, so none marks a word as in it).
        let count = words.count
        for k in 0..<count {
            nameBest[k] = best[k]
            best[k] = 0
        }
        for s in sources.indices where !nameSource.contains(s) { raise(source: s, row) }
        var offset = Self.none
        if best.buffer.contains(where: { $0 > 0 }) { offset = Int32(setBests.append(best)) }
        for k in 0..<count { best[k] = nameBest[k] }
        setOffsets[Int(set)] = offset
        return offset
    }

    /// Raises each word's best with what source `s`'s value of the row scores.
    @inline(__always) private func raise(source s: Int, _ row: Int) {
        let count = words.count
        let offset: Int32
        // A string's qualities are the look-up's (or this leaf's own without the file's
        // words); a list's and a slow value's this leaf's own.
        let run: DoubleRun
        switch sourceTable[s].cell(row) {
        case .absent: return
        case .string(let id):
            offset = matchedOffset(id)
            run = qualities
        case .list(let id):
            offset = listOffset(id)
            run = ownQualities
        case .slow:
            offset = slowOffset(sourceTable[s].attribute, row)
            run = ownQualities
        }
        guard offset >= 0 else { return }
        let weight = weights[s]
        let isName = nameSource.contains(s)
        for k in 0..<count {
            let quality = run[Int(offset) + k]
            guard quality > 0 else { continue }
            best[k] = max(best[k], weight * quality)
            if isName { inName[k] = true }
        }
    }

    /// The sources `measured` asks for: a range of them, and the bits (``sourceBits``) of those
    /// of the range to read.
    @inline(__always) private func measuredSources(_ measured: MeasuredValues) -> (Range<Int>, UInt32) {
        switch measured {
        case .all: (sources.indices, ~0)
        case .name: (nameSource, ~0)
        case .none: (0..<0, 0)
        case .withWords(let bits): (sources.indices, bits)
        case .nameAndSet: (nameSource, ~0)
        }
    }

    /// Keeps `scratch` when some word matched; the offset, or `none`.
    private func keepScratch() -> Int32 {
        guard scratch.buffer.contains(where: { $0 > 0 }) else { return Self.none }
        for k in 0..<scratch.count { kept[k] = scratch[k] }
        return Int32(ownQualities.append(kept))
    }

    /// The offset of string `id`'s qualities in ``qualities``, or `none`: with the file's words,
    /// from its bit and the bits before it (the look-up's ranks, ``FreeTextLookUp``), else
    /// ``stringOffset(_:)``.
    @inline(__always) private func matchedOffset(_ id: UInt32) -> Int32 {
        guard hasWords else { return stringOffset(id) }
        let word = Int(id >> 6)
        guard word < matchedBits.count else { return Self.none }
        let bits = matchedBits[word]
        let bit: UInt64 = 1 << UInt64(id & 63)
        guard bits & bit != 0 else { return Self.none }
        return Int32((Int(rankWords[word]) + (bits & (bit &- 1)).nonzeroBitCount) * wordCount)
    }

    /// The offset of string `id`'s qualities, measured the first time a row shows it when the
    /// file has no words.
    private func stringOffset(_ id: UInt32) -> Int32 {
        if hasWords { return matchedOffset(id) }
        guard Int(id) < stringQualities.count else { return Self.none }
        let known = stringQualities[Int(id)]
        if known != Self.unknown { return known }
        let offset: Int32
        if let bytes = strings.bytes(id) {
            measure(bytes)
            offset = keepScratch()
        } else {
            offset = Self.none
        }
        stringQualities[Int(id)] = offset
        return offset
    }

    /// Puts `bytes`' qualities in `scratch`, its words' forms included.
    private func measure(_ bytes: UnsafeRawBufferPointer) {
        measureWords(bytes)
        // A form starts with its word's first letter (a stem keeps a word's start): an ASCII
        // value with none of those letters holds none.
        if hasForms, !ASCIIText.isASCII(bytes) || holdsFirstByte(bytes) { raiseForms(bytes) }
    }

    /// Raises `scratch` where a word of `bytes` is a form of a query word.
    private func raiseForms(_ bytes: UnsafeRawBufferPointer) {
        let forms = forms
        let scratch = scratch
        formCutter.forEach(in: bytes) { word, first in
            for k in 0..<min(forms.count, scratch.count) where forms[k].contains(where: { $0.elementsEqual(word) }) {
                scratch[k] = max(scratch[k], FreeTextMatcher.formQuality(first: first))
            }
        }
    }

    /// Puts `bytes`' qualities in `scratch`: the query words as prefixes of its words.
    private func measureWords(_ bytes: UnsafeRawBufferPointer) {
        if ASCIIText.isASCII(bytes) {
            // A word of the value can match only where it starts with a query word's first
            // letter: a value holding none of those bytes (most names, for most words) is not
            // cut into words at all.
            guard holdsFirstByte(bytes) else {
                for k in 0..<scratch.count { scratch[k] = 0 }
                return
            }
            matcher.qualities(in: ASCIIText(bytes: bytes), words: words, into: scratch.buffer)
        } else if lacksEveryFirstScalar(bytes) {
            for k in 0..<scratch.count { scratch[k] = 0 }
        } else if let count = TextFolding.strippingLatinMarks(
            bytes, into: UnsafeMutableRawBufferPointer(stripped.buffer))
        {
            // Accented Latin letters and ASCII: the ASCII matcher over the letters without marks.
            let ascii = UnsafeRawBufferPointer(start: stripped.buffer.baseAddress, count: count)
            matcher.qualities(in: ASCIIText(bytes: ascii), words: words, into: scratch.buffer)
        } else if let folded = TextFolding.foldLatin(bytes, caseInsensitive: true, diacriticInsensitive: true) {
            matcher.qualities(in: folded, into: scratch.buffer)
        } else {
            matcher.qualities(in: String(decoding: bytes, as: UTF8.self), into: scratch.buffer)
        }
    }

    /// True when some byte of an ASCII value is a query word's first letter (in either case).
    @inline(__always) private func holdsFirstByte(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes where firstBytes[Int(byte)] { return true }
        return false
    }

    /// True when the folded value cannot hold the first scalar of any query word, so no word
    /// can start one of its words: every ASCII byte and every U+0080–U+017F character is checked
    /// against what it folds to (case and diacritics; the same for a character wherever it
    /// stands). Anything else answers false, leaving the value to the full fold.
    private func lacksEveryFirstScalar(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        let count = bytes.count
        while i < count {
            let lead = bytes[i]
            if lead < 0x80 {
                if firstScalars.contains(UInt32(ASCIIText.lowered(lead))) { return false }
                i += 1
                continue
            }
            guard lead >= 0xC2, lead <= 0xC5, i + 1 < count, bytes[i + 1] & 0xC0 == 0x80 else { return false }
            let value = (Int(lead & 0x1F) << 6) | Int(bytes[i + 1] & 0x3F)
            if latinHasFirstScalar[value - 0x80] { return false }
            i += 2
        }
        return true
    }

    private func listOffset(_ id: UInt32) -> Int32 {
        guard Int(id) < listQualities.count else { return Self.none }
        let known = listQualities[Int(id)]
        if known != Self.unknown { return known }
        var offset = Self.none
        if let elements = lists.list(id) {
            // A list with an element that does not resolve reads as absent, as the row reader has it.
            var combined = [Double](repeating: 0, count: words.count)
            var valid = true
            for i in 0..<elements.count {
                let element = elements[i]
                guard Int(element) < strings.count, strings.bytes(element) != nil else {
                    valid = false
                    break
                }
                let elementOffset = stringOffset(element)
                guard elementOffset >= 0 else { continue }
                for k in combined.indices { combined[k] = max(combined[k], qualities[Int(elementOffset) + k]) }
            }
            if valid {
                for k in combined.indices { scratch[k] = combined[k] }
                offset = keepScratch()
            }
        }
        listQualities[Int(id)] = offset
        return offset
    }

    /// A value only the row reader can read (a root's name): measured every time, not kept.
    private func slowOffset(_ attribute: Attribute, _ row: Int) -> Int32 {
        let values: [String]
        switch index.value(of: attribute, at: row) {
        case .text(let text)?: values = [text]
        case .textList(let list)?: values = list
        default: return Self.none
        }
        var combined = [Double](repeating: 0, count: words.count)
        for value in values {
            matcher.qualities(in: value, into: scratch.buffer)
            if hasForms {
                var value = value
                value.withUTF8 { raiseForms(UnsafeRawBufferPointer($0)) }
            }
            for k in combined.indices { combined[k] = max(combined[k], scratch[k]) }
        }
        for k in combined.indices { scratch[k] = combined[k] }
        return keepScratch()
    }
}
