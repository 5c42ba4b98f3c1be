import FSFindIndexFormat
import FSFindModel
import FSFindQuery
import Foundation

/// What one free-text leaf's words find among one index file's words (format 6): one bit per
/// string some word starts a word of (or holds a form of), and those strings' qualities in the
/// order of their ids, so a string's are found from its bit's rank. Read-only once made.
///
/// A scan of the search field makes one per leaf and file before its parts start, and every
/// part's ``FreeTextLeaf`` reads it: each part used to look the words up on its own, at the same
/// time on the other core, into a table of 4 bytes a string that could take fresh pages every
/// key, and a row's score read that table, a cache miss, before its qualities
/// (`benchmarks/RESULTS.md`, "One look-up per key"). The bits and their ranks (12 bytes per 64
/// strings) stay in the processor's cache.
///
/// Unchecked because its tables are classes of raw memory; safe to share, since they are
/// written only in `init` and read afterwards (and handed back to ``LookUpTables`` in `deinit`,
/// when no leaf holds it any more).
final class FreeTextLookUp: @unchecked Sendable {
    /// One bit per string id, set for the strings some query word starts a word of.
    let matched: FlatTable<UInt64>
    /// Per word of ``matched``, the bits set in the words before it.
    let ranks: FlatTable<UInt32>
    /// Qualities, the query's word count per matched string, in the order of the strings' ids.
    let qualities: DoubleRun
    /// Strings in the file.
    let stringCount: Int
    /// Whether no string holds a word.
    let matchesNone: Bool
    private let tables: LookUpTables.Tables
    private let recycler: LookUpTables?

    /// A string no word matches (``FreeTextLeaf``'s `none`).
    static let none: Int32 = -2

    /// Looks `words` (and each word's `forms`) up in `lexicon`, for a file of `stringCount`
    /// strings; its tables come from `tables` when it keeps some of that size.
    init(
        _ words: [[Unicode.Scalar]], forms: [[[UInt8]]], in lexicon: WordLexicon, stringCount: Int,
        tables recycler: LookUpTables? = nil
    ) {
        let tables = recycler?.take(count: stringCount) ?? LookUpTables.Tables(count: stringCount)
        Self.lookUp(
            words, forms: forms, in: lexicon, stringQualities: tables.stringQualities, qualities: tables.unordered,
            matched: tables.matched)
        // The qualities again in the order of the strings' ids, and each bit word's rank.
        var rank: UInt32 = 0
        for word in tables.matched.buffer.indices {
            tables.ranks[word] = rank
            var bits = tables.matched[word]
            rank += UInt32(bits.nonzeroBitCount)
            while bits != 0 {
                let offset = Int(tables.stringQualities[word << 6 | bits.trailingZeroBitCount])
                tables.ordered.append(tables.unordered, from: offset, count: words.count)
                bits &= bits - 1
            }
        }
        self.tables = tables
        self.recycler = recycler
        matched = tables.matched
        ranks = tables.ranks
        qualities = tables.ordered
        self.stringCount = stringCount
        matchesNone = rank == 0
    }

    deinit { recycler?.giveBack(tables) }

    /// The look-ups of every free-text leaf of `query` (in the order ``QueryPlan`` meets them)
    /// in the file `views` reads, the leaves' forms from `content`; nil for each when the file
    /// has no words.
    static func leaves(
        of query: CompiledQuery, views: IndexViews, content: ContentMatches?, tables: LookUpTables? = nil
    ) -> [FreeTextLookUp?] {
        let matchers = ContentMatches.freeTextLeaves(query.root)
        guard let lexicon = views.words, let strings = views.strings else { return matchers.map { _ in nil } }
        let forms = content?.forms ?? []
        return matchers.enumerated().map { k, matcher in
            FreeTextLookUp(
                matcher.words, forms: k < forms.count ? forms[k] : [], in: lexicon, stringCount: strings.count,
                tables: tables)
        }
    }

    /// Every string some query word starts a word of, or holds one of its forms as a word, from
    /// the file's words: its qualities kept in `qualities` (the offset in `stringQualities`) and
    /// its bit set in `matched`.
    private static func lookUp(
        _ words: [[Unicode.Scalar]], forms: [[[UInt8]]], in lexicon: WordLexicon, stringQualities: FlatTable<Int32>,
        qualities: DoubleRun, matched: FlatTable<UInt64>
    ) {
        let zeros = FlatTable<Double>(count: words.count, repeating: 0)
        func raise(_ id: UInt32, word k: Int, to quality: Double) {
            guard Int(id) < stringQualities.count else { return }
            var offset = stringQualities[Int(id)]
            if offset < 0 {
                offset = Int32(qualities.append(zeros))
                stringQualities[Int(id)] = offset
                matched[Int(id) >> 6] |= 1 << UInt64(id & 63)
            }
            qualities.raise(Int(offset) + k, to: quality)
        }
        for (k, word) in words.enumerated() {
            let prefix = Array(String(String.UnicodeScalarView(word)).utf8)
            prefix.withUnsafeBytes { prefix in
                for w in lexicon.words(startingWith: prefix) {
                    let length = ValueWords.scalarCount(lexicon.word(w))
                    lexicon.forEachString(holding: w) { id, first in
                        raise(
                            id, word: k,
                            to: FreeTextMatcher.quality(wordCount: word.count, valueWordCount: length, first: first))
                    }
                }
            }
            for form in k < forms.count ? forms[k] : [] {
                form.withUnsafeBytes { form in
                    // The word itself: the first of those it starts, when it is as long.
                    guard let w = lexicon.words(startingWith: form).first, lexicon.word(w).count == form.count else {
                        return
                    }
                    lexicon.forEachString(holding: w) { id, first in
                        raise(id, word: k, to: FreeTextMatcher.formQuality(first: first))
                    }
                }
            }
        }
    }
}

/// Tables of look-ups whose scans are over, kept for the next: a key's look-up then writes pages
/// it already has instead of the kernel clearing 4 bytes a string of new ones every key.
///
/// Unchecked because the tables are classes of raw memory; safe because a set of tables is
/// either here, under `lock`, or owned by one ``FreeTextLookUp``, never both.
final class LookUpTables: @unchecked Sendable {
    /// One look-up's tables for a file of `count` strings.
    struct Tables {
        /// Per string id, ``FreeTextLookUp/none`` or the offset of its qualities in ``unordered``.
        let stringQualities: FlatTable<Int32>
        let matched: FlatTable<UInt64>
        let ranks: FlatTable<UInt32>
        /// The qualities in the order the words' strings were met.
        let unordered: DoubleRun
        /// The same in the order of the strings' ids.
        let ordered: DoubleRun

        init(count: Int) {
            stringQualities = FlatTable(count: count, repeating: FreeTextLookUp.none)
            matched = FlatTable(count: (count + 63) / 64, repeating: 0)
            ranks = FlatTable(count: (count + 63) / 64, repeating: 0)
            unordered = DoubleRun()
            ordered = DoubleRun()
        }
    }

    private let lock = NSLock()
    private var kept: [Tables] = []
    /// Enough for the leaves of one field in a base and a delta.
    private static let limit = 4

    init() {}

    /// Tables for a file of `count` strings, every string `none`, no bit set and no quality;
    /// nil when none are kept.
    fileprivate func take(count: Int) -> Tables? {
        lock.withLock {
            guard let k = kept.firstIndex(where: { $0.stringQualities.count == count }) else { return nil }
            return kept.remove(at: k)
        }
    }

    /// Takes back a look-up's tables, cleared where its bits say it wrote.
    fileprivate func giveBack(_ tables: Tables) {
        let matched = tables.matched
        for word in matched.buffer.indices where matched[word] != 0 {
            var bits = matched[word]
            while bits != 0 {
                tables.stringQualities[word << 6 | bits.trailingZeroBitCount] = FreeTextLookUp.none
                bits &= bits - 1
            }
            matched[word] = 0
        }
        tables.unordered.removeAll()
        tables.ordered.removeAll()
        lock.withLock {
            if kept.count < Self.limit { kept.append(tables) }
        }
    }
}
