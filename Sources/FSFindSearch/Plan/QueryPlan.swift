import FSFindIndexFormat
import FSFindModel
import FSFindQuery

/// A ``CompiledQuery`` bound to one open index: each leaf of its tree becomes a test that reads
/// the mapped sections directly and remembers answers per distinct string or type entry.
///
/// Gives exactly ``CompiledQuery/matches(_:)`` and ``CompiledQuery/relevance(_:)`` on
/// `index.row(row)`, at a few nanoseconds a row instead of microseconds; a leaf the plan cannot
/// read directly (`path`, `*`, a damaged section) is evaluated through the row reader as before.
/// `docs/query-plan.md` explains the choices. Not thread-safe: one plan per scan. Make an
/// ``IndexReader`` for the query's attributes first, so damage is reported before any row.
final class QueryPlan {
    /// The tree's steps hold their leaves unretained (``leaves`` keeps them alive), and only
    /// `not` is boxed: a row's walk then copies no reference, where a retain and a release per
    /// leaf and per box were a quarter of a type query's scan of a million rows.
    private enum Step {
        case all([Step])
        case any([Step])
        indirect case not(Step)
        case text(Unmanaged<TextLeaf>)
        case presence(Unmanaged<PresenceLeaf>)
        case number(Unmanaged<NumberLeaf>)
        case type(Unmanaged<TypeLeaf>)
        case freeText(Unmanaged<FreeTextLeaf>)
        /// A `textContent` comparison, answered by the text store.
        case content(Unmanaged<ContentRows>)
        case rowReader(Node)
    }

    let index: IndexReader
    private let root: Step
    /// Every leaf of ``root``, which the steps do not retain.
    private let leaves: [AnyObject]
    /// The free-text leaves not under a `not` (what relevance adds up), unretained too.
    private let freeTexts: [Unmanaged<FreeTextLeaf>]
    /// False when the plan read a free-text leaf through the row reader: relevance then comes
    /// from the query itself.
    private let freeTextsComplete: Bool
    /// The query's own relevance, for a free-text query the plan could not read directly.
    private let query: CompiledQuery

    /// With `fewRows`, the scan asks about a few rows only (a narrowed search): free text then
    /// measures those rows' values instead of looking each query word up in the file's words
    /// first, which costs the same for sixty rows as for a million.
    convenience init(_ query: CompiledQuery, index: IndexReader, content: ContentMatches? = nil, fewRows: Bool = false)
    {
        let views = IndexViews(reader: index)
        if fewRows { views.words = nil }
        self.init(query, views: views, content: content)
    }

    /// A plan reading through `views`, which plans of one session may share (their section
    /// checks are then made once). `content` answers what the query asks of the text store;
    /// `lookUps`, its free-text leaves' words already looked up in the file's words
    /// (``FreeTextLookUp/leaves(of:views:content:tables:)``), as a scan's parts share them.
    init(
        _ query: CompiledQuery, views: IndexViews, content: ContentMatches? = nil, lookUps: [FreeTextLookUp?] = []
    ) {
        self.index = views.index
        self.query = query
        var walk = Walk(
            comparisons: (content?.comparisons ?? [])[...], freeTexts: (content?.freeText ?? [])[...],
            forms: (content?.forms ?? [])[...], lookUps: lookUps[...])
        root = Self.step(for: query.root, positive: true, views: views, walk: &walk)
        leaves = walk.retained
        freeTexts = walk.leaves.map { Unmanaged.passUnretained($0) }
        freeTextsComplete = walk.leavesComplete
    }

    /// What building the steps consumes and collects, in the order ``ContentMatches`` walked.
    private struct Walk {
        var comparisons: ArraySlice<ContentRows>
        var freeTexts: ArraySlice<[ContentRows]?>
        var forms: ArraySlice<[[[UInt8]]]>
        var lookUps: ArraySlice<FreeTextLookUp?>
        var leaves: [FreeTextLeaf] = []
        var leavesComplete = true
        /// Every leaf made, kept by the plan.
        var retained: [AnyObject] = []

        /// `leaf`, kept, as a step's unretained reference.
        mutating func keep<Leaf: AnyObject>(_ leaf: Leaf) -> Unmanaged<Leaf> {
            retained.append(leaf)
            return .passUnretained(leaf)
        }
    }

    /// Whether the whole query is one test of the row's type-table entry (``TypeLeaf``): its
    /// answer for one row of an entry is its answer for every row of that entry.
    var readsOnlyTypes: Bool {
        if case .type = root { return true }
        return false
    }

    /// Whether a plan of `query` would read only the row's type-table entry
    /// (``readsOnlyTypes``), known without making one.
    static func readsOnlyTypes(_ query: CompiledQuery) -> Bool { readsOnlyTypes(query.root) }

    /// ``CompiledQuery/matches(_:)`` of the row.
    func matches(_ row: Int) -> Bool {
        Self.evaluate(root, row, index)
    }

    /// ``CompiledQuery/relevance(_:)`` of the row.
    /// A word found only among the file's words counts for little (``FreeTextLeaf``).
    func relevance(_ row: Int) -> Double { relevance(row, measuring: .all) }

    /// ``relevance(_:)``, told which of the row's free-text values need measuring, as the
    /// caller knows from the row's summary (``RowSignatures``): none when no query word starts a
    /// word of any of them (only the files' words can hold them), the name alone when no other
    /// value has words.
    func relevance(_ row: Int, measuring measured: MeasuredValues) -> Double {
        guard freeTextsComplete else { return query.relevance(index.row(row)) }
        var total = 0.0
        for leaf in freeTexts {
            total += leaf._withUnsafeGuaranteedRef { $0.score(row, measuring: measured) } ?? 0
        }
        return total
    }

    private static func evaluate(_ step: Step, _ row: Int, _ index: IndexReader) -> Bool {
        switch step {
        case .all(let steps):
            for step in steps where !evaluate(step, row, index) { return false }
            return true
        case .any(let steps):
            for step in steps where evaluate(step, row, index) { return true }
            return false
        case .not(let step): return !evaluate(step, row, index)
        case .text(let leaf): return leaf._withUnsafeGuaranteedRef { $0.test(row) }
        case .presence(let leaf): return leaf._withUnsafeGuaranteedRef { $0.test(row) }
        case .number(let leaf): return leaf._withUnsafeGuaranteedRef { $0.test(row) }
        case .type(let leaf): return leaf._withUnsafeGuaranteedRef { $0.test(row) }
        case .freeText(let leaf): return leaf._withUnsafeGuaranteedRef { $0.score(row) } != nil
        case .content(let rows): return rows._withUnsafeGuaranteedRef { $0.contains(row) }
        case .rowReader(let node): return node.evaluate(index.row(row))
        }
    }

    private static func step(for node: Node, positive: Bool, views: IndexViews, walk: inout Walk) -> Step {
        // A tree of type tests (`kind:a` is `kind == "a"cdt || contentType == "a"c`) is one leaf:
        // its answer too is the same for every row of a type-table entry, so a row costs one
        // look-up instead of one per test.
        switch node {
        case .all, .any, .not: if readsOnlyTypes(node) { return .type(walk.keep(TypeLeaf(node, views: views))) }
        default: break
        }
        switch node {
        case .all(let nodes):
            return .all(nodes.map { step(for: $0, positive: positive, views: views, walk: &walk) })
        case .any(let nodes):
            return .any(nodes.map { step(for: $0, positive: positive, views: views, walk: &walk) })
        case .not(let node):
            return .not(step(for: node, positive: false, views: views, walk: &walk))
        case .text(let test) where test.attributes == [.textContent]:
            // In the order ContentMatches walked the tree; none left means no store was asked.
            let rows = Step.content(walk.keep(walk.comparisons.popFirst() ?? ContentRows(emptyFor: views.file)))
            return test.negated ? .not(rows) : rows
        case .freeText(let matcher):
            let content = walk.freeTexts.popFirst() ?? nil
            let forms = walk.forms.popFirst() ?? []
            let lookUp = walk.lookUps.popFirst() ?? nil
            guard let leaf = FreeTextLeaf(matcher, views: views, content: content, forms: forms, lookUp: lookUp) else {
                if positive { walk.leavesComplete = false }
                return .rowReader(node)
            }
            if positive { walk.leaves.append(leaf) }
            return .freeText(walk.keep(leaf))
        default: break
        }
        if readsOnlyTypes(node) { return .type(walk.keep(TypeLeaf(node, views: views))) }
        switch node {
        case .text(let test):
            if let leaf = TextLeaf(test, views: views) { return .text(walk.keep(leaf)) }
        case .presence(let attributes, let wantPresent):
            if let leaf = PresenceLeaf(attributes: attributes, wantPresent: wantPresent, views: views) {
                return .presence(walk.keep(leaf))
            }
        case .number(let attribute, let op, let operand):
            if let leaf = NumberLeaf(attribute, .number(op, operand), views: views) { return .number(walk.keep(leaf)) }
        case .numberRange(let attribute, let lower, let upper):
            if let leaf = NumberLeaf(attribute, .numberRange(lower, upper), views: views) {
                return .number(walk.keep(leaf))
            }
        case .date(let attribute, let op, let span):
            if let leaf = NumberLeaf(attribute, .date(op, span), views: views) { return .number(walk.keep(leaf)) }
        case .dateRange(let attribute, let lower, let upper):
            if let leaf = NumberLeaf(attribute, .dateRange(lower, upper), views: views) {
                return .number(walk.keep(leaf))
            }
        case .all, .any, .not, .freeText:
            break
        }
        return .rowReader(node)
    }

    /// True for a leaf, or a tree of leaves, whose answer depends only on the row's type-table
    /// entry.
    private static func readsOnlyTypes(_ node: Node) -> Bool {
        let types = IndexFormat.typeAttributes
        switch node {
        case .text(let test): return test.attributes.allSatisfy(types.contains)
        case .presence(let attributes, _): return attributes.allSatisfy(types.contains)
        case .all(let nodes), .any(let nodes): return !nodes.isEmpty && nodes.allSatisfy(readsOnlyTypes)
        case .not(let node): return readsOnlyTypes(node)
        default: return false
        }
    }
}
