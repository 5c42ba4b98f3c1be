import FSFindIndexFormat
import FSFindModel
import FSFindQuery
import Foundation

/// Orders interactive results: the most relevant first, the way a search field should.
///
/// A free-text word that starts a word of the name scores by ``CompiledQuery/relevance(_:)`` (name
/// before title before authors and the rest, whole words before prefixes); a word found only
/// inside a word of the name (`aris` in `paris`) still matches, below every word-start match, once
/// every word is ``FieldQuery/shortestInsideWord`` long.
/// Recently modified files get a small lift that fades over weeks, so between equal matches the
/// recent one comes first. Without free text (only chips, or a predicate), recency alone orders.
struct ResultRanker: Sendable {
    /// Seconds since 2001 that "now" is, for the recency lift.
    let now: Double

    init(now: Date) {
        self.now = now.timeIntervalSinceReferenceDate
    }

    /// The score an infix-only name match gets per word: below any word-start match (≥ 0.4).
    static let infixWeight = 0.1
    /// The largest recency lift, for a file modified now; it halves after 30 days.
    static let recencyWeight = 0.3

    /// The score of `row` for free text, nil when it does not match.
    /// `name` is asked for only when no word starts a word (it costs a copy per row).
    func freeTextScore(_ query: FieldQuery, row: ReaderRow, name: () -> [UInt8]) -> Double? {
        guard let text = query.text else { return nil }
        // Free text in a tree (`paris -draft`, `a|b`): the tree decides, its leaves rank.
        if query.words.isEmpty { return text.matches(row) ? text.relevance(row) + recency(row) : nil }
        let relevance = text.relevance(row)
        if relevance > 0 { return relevance + recency(row) }
        guard query.matchesInsideWords, Self.containsAll(query.words, in: name()) else { return nil }
        return Self.infixWeight * Double(query.words.count) + recency(row)
    }

    /// The lift for how recently the row's content changed, 0 when it has no date.
    func recency(_ row: ReaderRow) -> Double {
        guard case .date(let date)? = row.value(of: .contentModificationDate) else { return 0 }
        return recency(modified: date.timeIntervalSinceReferenceDate)
    }

    /// The lift for content modified at `modified` (seconds since 2001).
    @inline(__always) func recency(modified: Double) -> Double {
        let days = max(0, now - modified) / 86_400
        return Self.recencyWeight / (1 + days / 30)
    }

    /// True when every word occurs in `name`, ASCII letters compared without case.
    static func containsAll<Name: RandomAccessCollection<UInt8>>(_ words: [[UInt8]], in name: Name) -> Bool
    where Name.Index == Int {
        guard !words.isEmpty else { return false }
        return words.allSatisfy { contains($0, in: name) }
    }

    static func contains<Name: RandomAccessCollection<UInt8>>(_ word: [UInt8], in name: Name) -> Bool
    where Name.Index == Int {
        guard !word.isEmpty, word.count <= name.count else { return word.isEmpty }
        let first = word[0]
        var start = 0
        let last = name.count - word.count
        while start <= last {
            if lower(name[start]) == first {
                var k = 1
                while k < word.count, lower(name[start + k]) == word[k] { k += 1 }
                if k == word.count { return true }
            }
            start += 1
        }
        return false
    }

    @inline(__always) static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
