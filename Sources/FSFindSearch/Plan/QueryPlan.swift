import FSFindIndex
import FSFindModel
import FSFindQuery

/// A ``CompiledQuery`` bound to one open index: each leaf of its tree becomes a test that reads
/// the mapped sections directly and remembers answers per distinct string or type entry.
///
/// Gives exactly ``CompiledQuery/matches(_:)`` and ``CompiledQuery/relevance(_:)`` on
/// `index.row(row)`, at a few nanoseconds a row instead of microseconds; a leaf the plan cannot
/// read directly (`path`, `*`, a damaged section) is evaluated through the row reader as before.
/// `docs/query-plan.md` explains the choices. Not thread-safe: one plan per scan. Call
/// ``IndexFile/prepare(_:)`` for the query's attributes first, so damage is reported as before.
package final class QueryPlan {
    private indirect enum Step {
        case all([Step])
        case any([Step])
        case not(Step)
        case text(TextLeaf)
        case presence(PresenceLeaf)
        case number(NumberLeaf)
        case type(TypeLeaf)
        case freeText(FreeTextLeaf)
        /// A `textContent` comparison, answered by the text store.
        case content(ContentRows)
        case rowReader(Node)
    }

    let index: IndexFile
    private let root: Step
    /// The free-text leaves not under a `not` (what relevance adds up), when the plan read them
    /// all directly; nil when it read one through the row reader.
    private let freeTexts: [FreeTextLeaf]?
    /// The query's own relevance, for a free-text query the plan could not read directly.
    private let query: CompiledQuery

    convenience init(_ query: CompiledQuery, index: IndexFile, content: ContentMatches? = nil) {
        self.init(query, views: IndexViews(index: index), content: content)
    }

    /// A plan reading through `views`, which plans of one session may share (their section
    /// checks are then made once). `content` answers what the query asks of the text store.
    package init(_ query: CompiledQuery, views: IndexViews, content: ContentMatches? = nil) {
        self.index = views.index
        self.query = query
        var walk = Walk(comparisons: (content?.comparisons ?? [])[...], freeTexts: (content?.freeText ?? [])[...])
        root = Self.step(for: query.root, positive: true, views: views, walk: &walk)
        freeTexts = walk.leavesComplete ? walk.leaves : nil
    }

    /// What building the steps consumes and collects, in the order ``ContentMatches`` walked.
    private struct Walk {
        var comparisons: ArraySlice<ContentRows>
        var freeTexts: ArraySlice<[ContentRows]?>
        var leaves: [FreeTextLeaf] = []
        var leavesComplete = true
    }

    /// ``CompiledQuery/matches(_:)`` of the row.
    package func matches(_ row: Int) -> Bool {
        Self.evaluate(root, row, index)
    }

    /// ``CompiledQuery/relevance(_:)`` of the row.
    /// A word found only among the file's words counts for little (``FreeTextLeaf``).
    package func relevance(_ row: Int) -> Double {
        guard let freeTexts else { return query.relevance(index.row(row)) }
        var total = 0.0
        for leaf in freeTexts { total += leaf.score(row) ?? 0 }
        return total
    }

    private static func evaluate(_ step: Step, _ row: Int, _ index: IndexFile) -> Bool {
        switch step {
        case .all(let steps):
            for step in steps where !evaluate(step, row, index) { return false }
            return true
        case .any(let steps):
            for step in steps where evaluate(step, row, index) { return true }
            return false
        case .not(let step): return !evaluate(step, row, index)
        case .text(let leaf): return leaf.test(row)
        case .presence(let leaf): return leaf.test(row)
        case .number(let leaf): return leaf.test(row)
        case .type(let leaf): return leaf.test(row)
        case .freeText(let leaf): return leaf.score(row) != nil
        case .content(let rows): return rows.contains(row)
        case .rowReader(let node): return node.evaluate(index.row(row))
        }
    }

    private static func step(for node: Node, positive: Bool, views: IndexViews, walk: inout Walk) -> Step {
        switch node {
        case .all(let nodes):
            return .all(nodes.map { step(for: $0, positive: positive, views: views, walk: &walk) })
        case .any(let nodes):
            return .any(nodes.map { step(for: $0, positive: positive, views: views, walk: &walk) })
        case .not(let node):
            return .not(step(for: node, positive: false, views: views, walk: &walk))
        case .text(let test) where test.attributes == [.textContent]:
            // In the order ContentMatches walked the tree; none left means no store was asked.
            let rows = Step.content(walk.comparisons.popFirst() ?? ContentRows(emptyFor: views.index))
            return test.negated ? .not(rows) : rows
        case .freeText(let matcher):
            let content = walk.freeTexts.popFirst() ?? nil
            guard let leaf = FreeTextLeaf(matcher, views: views, content: content) else {
                if positive { walk.leavesComplete = false }
                return .rowReader(node)
            }
            if positive { walk.leaves.append(leaf) }
            return .freeText(leaf)
        default: break
        }
        if readsOnlyTypes(node) { return .type(TypeLeaf(node, views: views)) }
        switch node {
        case .text(let test):
            if let leaf = TextLeaf(test, views: views) { return .text(leaf) }
        case .presence(let attributes, let wantPresent):
            if let leaf = PresenceLeaf(attributes: attributes, wantPresent: wantPresent, views: views) {
                return .presence(leaf)
            }
        case .number(let attribute, let op, let operand):
            if let leaf = NumberLeaf(attribute, .number(op, operand), views: views) { return .number(leaf) }
        case .numberRange(let attribute, let lower, let upper):
            if let leaf = NumberLeaf(attribute, .numberRange(lower, upper), views: views) { return .number(leaf) }
        case .date(let attribute, let op, let span):
            if let leaf = NumberLeaf(attribute, .date(op, span), views: views) { return .number(leaf) }
        case .dateRange(let attribute, let lower, let upper):
            if let leaf = NumberLeaf(attribute, .dateRange(lower, upper), views: views) { return .number(leaf) }
        case .all, .any, .not, .freeText:
            break
        }
        return .rowReader(node)
    }

    /// True for a leaf whose answer depends only on the row's type-table entry.
    private static func readsOnlyTypes(_ node: Node) -> Bool {
        let types = IndexFormat.typeAttributes
        switch node {
        case .text(let test): return test.attributes.allSatisfy(types.contains)
        case .presence(let attributes, _): return attributes.allSatisfy(types.contains)
        default: return false
        }
    }
}
