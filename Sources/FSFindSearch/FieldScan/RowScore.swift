import FSFindIndexFormat
import FSFindModel

/// Whether a row matches one scan's field, and its rank: the field's chips and text as
/// ``QueryPlan``s, and ``ResultRanker``'s scores read from the raw sections — the same numbers as
/// ``ResultRanker/freeTextScore(_:row:name:)`` and ``ResultRanker/recency(_:)``, without
/// decoding a row.
///
/// A class, so the scan's per-row call reaches the plans through `self` instead of binding
/// optionals, which cost a retain and a release per row each.
final class RowScore {
    private let index: IndexReader
    private let ranker: ResultRanker
    private let filter: QueryPlan?
    private let text: QueryPlan?
    private let isFreeText: Bool
    private let words: [[UInt8]]
    /// Whether a name holding every word inside its words matches (``FieldQuery/matchesInsideWords``).
    private let matchesInside: Bool
    private let modified: ModificationDates?
    /// The file's rows' lifts, worked out for the session (``RecencyLifts``): read instead of
    /// ``modified`` when there are as many as the rows.
    private let lifts: RecencyLifts?
    private let names: NamesView?
    private let strings: StringsView?
    /// Per name string id: whether every word occurs inside the name (see
    /// ``ResultRanker/containsAll(_:in:)``), asked only of rows no word starts a word of.
    private let infix: StringAnswers

    /// `lookUps`: the text's free-text leaves looked up in the file's words once for the scan
    /// (``FreeTextLookUp``), shared by its parts; `lifts`, the file's recency lifts when made.
    init(
        _ query: FieldQuery, views: IndexViews, ranker: ResultRanker, content: ContentMatches? = nil,
        lookUps: [FreeTextLookUp?] = [], lifts: RecencyLifts? = nil
    ) {
        self.index = views.index
        self.ranker = ranker
        filter = query.filter.map { QueryPlan($0, views: views) }
        text = query.text.map { QueryPlan($0, views: views, content: content, lookUps: lookUps) }
        isFreeText = query.isFreeText
        let words = query.words
        self.words = words
        matchesInside = query.matchesInsideWords
        modified = NumberSource(.contentModificationDate, views: views).map(ModificationDates.init)
        self.lifts = lifts.flatMap { $0.count == views.index.itemCount ? $0 : nil }
        names = views.names
        strings = views.strings
        infix = StringAnswers(count: query.matchesInsideWords ? (views.strings?.count ?? 0) : 0)
    }

    /// The row's rank, nil when the chips or the text do not match it. A rank that even the
    /// largest recency lift keeps below `floor` (the worst of the results kept so far) is
    /// returned without its lift: the row cannot be kept, and its modification time, a cache
    /// miss per row, is not read.
    /// `measured`: the values the row's summary says a free-text word can start a word of
    /// (``QueryPlan/relevance(_:measuring:)``).
    func score(_ row: Int, floor: Double = -.infinity, measuring measured: MeasuredValues = .all) -> Double? {
        // Optional chaining, not binding: a bound plan is retained and released for every row.
        if filter?.matches(row) == false { return nil }
        guard text != nil else { return lifted(0, row, floor) }
        if isFreeText { return freeText(row, floor: floor, measuring: measured) }
        return text?.matches(row) == true ? lifted(0, row, floor) : nil
    }

    /// Asks for what scoring the row reads first, its name's record and its modification date,
    /// ahead of ``score(_:floor:measuring:)``, in a scan over scattered rows.
    @inline(__always) func prefetch(_ row: Int) {
        names?.prefetch(row)
        if lifts != nil { lifts?.prefetch(row) } else { modified?.prefetch(row) }
    }

    /// Whether the field's chips (not its text) match the row.
    func chipsMatch(_ row: Int) -> Bool { filter?.matches(row) != false }

    /// `base` and the row's recency lift, or `base` alone when it stays below `floor` anyway.
    @inline(__always) private func lifted(_ base: Double, _ row: Int, _ floor: Double) -> Double {
        base + ResultRanker.recencyWeight < floor ? base : base + recency(row)
    }

    /// ``ResultRanker/recency(_:)`` of the row.
    @inline(__always) func recency(_ row: Int) -> Double {
        // Chained, not bound: a bound reference is retained and released for every row.
        if let lift = lifts?.lift(row) { return lift }
        if let seconds = modified?.value(row) { return ranker.recency(modified: seconds) }
        return modified == nil ? ranker.recency(index.row(row)) : 0
    }

    /// ``ResultRanker/freeTextScore(_:row:name:)`` of the row, the text being free text (without
    /// the lift below `floor`, as ``score(_:floor:)``).
    func freeText(_ row: Int, floor: Double = -.infinity, measuring measured: MeasuredValues = .all) -> Double? {
        // Free text in a tree (`paris -draft`, `a|b`): the tree decides, its leaves rank.
        if words.isEmpty {
            return text?.matches(row) == true ? lifted(text?.relevance(row) ?? 0, row, floor) : nil
        }
        let relevance = text?.relevance(row, measuring: measured) ?? 0
        if relevance > 0 { return lifted(relevance, row, floor) }
        guard matchesInside, nameContainsAll(row) else { return nil }
        return lifted(ResultRanker.infixWeight * Double(words.count), row, floor)
    }

    private func nameContainsAll(_ row: Int) -> Bool {
        guard !words.isEmpty else { return false }
        guard let names, let strings, let id = names.ownNameID(row) else {
            return ResultRanker.containsAll(words, in: index.name(at: row))
        }
        // An id that does not resolve reads as an empty name, which contains no word.
        guard Int(id) < strings.count else { return false }
        let words = self.words
        return infix.answer(Int(id)) {
            guard let bytes = strings.bytes(id) else { return StringAnswers.no }
            return ResultRanker.containsAll(words, in: bytes) ? StringAnswers.yes : StringAnswers.no
        } == StringAnswers.yes
    }
}

/// The rows' modification dates for the recency lift, behind a class: optional chaining on a
/// class reference borrows it, where chaining on an optional ``NumberSource`` copied the struct
/// (and retained the views in it) for every row scored.
private final class ModificationDates {
    private let source: NumberSource

    init(_ source: NumberSource) { self.source = source }

    @inline(__always) func value(_ row: Int) -> Double? { source.value(row) }

    @inline(__always) func prefetch(_ row: Int) { source.prefetch(row) }
}
