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
    ///
    /// Two passes over the words' strings: the first sets their bits, the second raises their
    /// qualities in place, found by rank. One table of 4 bytes a string, read at random, kept
    /// each string's qualities apart until a third pass put them in order: a common first
    /// letter's look-up waited on the memory for most of its time.
    init(
        _ words: [[Unicode.Scalar]], forms: [[[UInt8]]], in lexicon: WordLexicon, stringCount: Int,
        tables recycler: LookUpTables? = nil
    ) {
        let tables = recycler?.take(count: stringCount) ?? LookUpTables.Tables(count: stringCount)
        let matched = tables.matched
        Self.forEachString(words, forms: forms, in: lexicon) { id, _, _ in
            guard Int(id) < stringCount else { return }
            matched[Int(id) >> 6] |= 1 << UInt64(id & 63)
        }
        // Each bit word's rank: a matched string's place among them.
        var rank: UInt32 = 0
        for word in matched.buffer.indices {
            tables.ranks[word] = rank
            rank += UInt32(matched[word].nonzeroBitCount)
        }
        let count = words.count
        let qualities = tables.qualities
        qualities.replaceWithZeros(count: Int(rank) * count)
        let ranks = tables.ranks
        Self.forEachString(words, forms: forms, in: lexicon) { id, k, quality in
            guard Int(id) < stringCount else { return }
            let word = Int(id) >> 6
            let below = matched[word] & ((1 << UInt64(id & 63)) - 1)
            qualities.raise((Int(ranks[word]) + below.nonzeroBitCount) * count + k, to: quality)
        }
        self.tables = tables
        self.recycler = recycler
        self.matched = matched
        self.ranks = ranks
        self.qualities = qualities
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

    /// Calls `body` with every string some query word (the `k`th) starts a word of, or holds one
    /// of its forms as a word, in the file's words, and the quality it finds there.
    @inline(__always)
    private static func forEachString(
        _ words: [[Unicode.Scalar]], forms: [[[UInt8]]], in lexicon: WordLexicon,
        _ body: (_ id: UInt32, _ k: Int, _ quality: Double) -> Void
    ) {
        for (k, word) in words.enumerated() {
            let prefix = Array(String(String.UnicodeScalarView(word)).utf8)
            prefix.withUnsafeBytes { prefix in
                for w in lexicon.words(startingWith: prefix) {
                    let length = scalarCount(lexicon.word(w))
                    // Worked out once a word: its strings differ only in whether it comes first.
                    let later = FreeTextMatcher.quality(wordCount: word.count, valueWordCount: length, first: false)
                    let first = FreeTextMatcher.quality(wordCount: word.count, valueWordCount: length, first: true)
                    lexicon.forEachString(holding: w) { id, isFirst in body(id, k, isFirst ? first : later) }
                }
            }
            for form in k < forms.count ? forms[k] : [] {
                form.withUnsafeBytes { form in
                    // The word itself: the first of those it starts, when it is as long.
                    guard let w = lexicon.words(startingWith: form).first, lexicon.word(w).count == form.count else {
                        return
                    }
                    lexicon.forEachString(holding: w) { id, isFirst in
                        body(id, k, FreeTextMatcher.formQuality(first: isFirst))
                    }
                }
            }
        }
    }

    /// The number of scalars in a lexicon word's UTF-8 bytes (what free text's quality counts).
    private static func scalarCount(_ word: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in word where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}

/// Tables of look-ups whose scans are over, kept for the next: a key's look-up then writes pages
/// it already has (its bits, ranks and qualities) instead of the kernel clearing new ones every key.
///
/// Unchecked because the tables are classes of raw memory; safe because a set of tables is
/// either here, under `lock`, or owned by one ``FreeTextLookUp``, never both.
final class LookUpTables: @unchecked Sendable {
    /// One look-up's tables for a file of `count` strings.
    struct Tables {
        let matched: FlatTable<UInt64>
        let ranks: FlatTable<UInt32>
        /// The matched strings' qualities, in the order of their ids.
        let qualities = DoubleRun()

        init(count: Int) {
            matched = FlatTable(count: (count + 63) / 64, repeating: 0)
            ranks = FlatTable(count: (count + 63) / 64, repeating: 0)
        }
    }

    private let lock = NSLock()
    private var kept: [Tables] = []
    /// Enough for the leaves of one field in a base and a delta.
    private static let limit = 4

    init() {}

    /// Tables for a file of `count` strings, no bit set and no quality; nil when none are kept.
    fileprivate func take(count: Int) -> Tables? {
        lock.withLock {
            guard let k = kept.firstIndex(where: { $0.matched.count == (count + 63) / 64 }) else { return nil }
            return kept.remove(at: k)
        }
    }

    /// Takes back a look-up's tables, cleared.
    fileprivate func giveBack(_ tables: Tables) {
        let matched = tables.matched
        for word in matched.buffer.indices where matched[word] != 0 { matched[word] = 0 }
        tables.qualities.removeAll()
        lock.withLock {
            if kept.count < Self.limit { kept.append(tables) }
        }
    }
}
