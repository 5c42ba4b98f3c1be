import FSFindModel
import FSFindQuery

/// A number or date comparison (`duration > 60`, `InRange(contentModificationDate, …)`) over raw
/// cells and identities, with the same comparisons as ``Node``.
final class NumberLeaf {
    enum Test {
        case number(ComparisonOperator, Double)
        case numberRange(Double, Double)
        case date(ComparisonOperator, TimeSpan)
        case dateRange(TimeSpan, TimeSpan)
    }

    private let source: NumberSource
    private let test: Test

    init?(_ attribute: Attribute, _ test: Test, views: IndexViews) {
        guard let source = NumberSource(attribute, views: views) else { return nil }
        self.source = source
        self.test = test
    }

    @inline(__always) func test(_ row: Int) -> Bool {
        guard let value = source.value(row) else { return false }
        switch test {
        case .number(let op, let operand):
            return op.holds(value, operand)
        case .numberRange(let lower, let upper):
            return lower <= value && value <= upper
        case .date(let op, let span):
            return span.compare(value, op)
        case .dateRange(let lower, let upper):
            return TimeSpan.inRange(value, lower: lower, upper: upper)
        }
    }
}
