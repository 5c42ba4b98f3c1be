import FSFindModel
import FSFindQuery

extension CompiledQuery {
    /// True when `item` satisfies the query: the compiled tree's answer for a row read whole, which
    /// ``ResultRanker``'s free-text tree asks and the plans (``QueryPlan``) must give exactly.
    func matches(_ item: some AttributeSource) -> Bool {
        root.evaluate(item)
    }
}
