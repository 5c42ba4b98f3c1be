import FSFindModel
import Foundation

/// A ``Query`` made ready to run against many items: `$time` resolved in a ``QueryContext``,
/// every pattern folded and numeric strings read, once.
///
/// Evaluation reads attributes only through ``AttributeSource``, and only those in
/// ``referencedAttributes``, so an index can decode just those columns.
package struct CompiledQuery: Sendable {
    /// Every attribute evaluation may read: the query's own, plus `contentTypeTree` for
    /// `contentType` (conformance), all text attributes for `*`, and the free-text attributes.
    package let referencedAttributes: Set<Attribute>
    /// The compiled tree; ``QueryPlan`` turns its leaves into raw-memory row tests.
    package let root: Node

    package init(_ query: Query, context: QueryContext) throws(QueryError) {
        var referenced = Set<Attribute>()
        root = try Self.compile(query.expression, context: context, referenced: &referenced)
        referencedAttributes = referenced
    }

    /// Higher is more relevant. For free text: the sum over query words of the best match's
    /// weight (see ``FreeTextMatcher``), 0 when the item does not match; in a tree, the sum over
    /// the free-text leaves not under a negation. Other queries: 0.
    package func relevance(_ item: some AttributeSource) -> Double {
        root.freeTextLeaves.reduce(0) { $0 + ($1.score(item) ?? 0) }
    }

    // MARK: - Compiling

    private static func compile(
        _ expression: QueryExpression, context: QueryContext,
        referenced: inout Set<Attribute>
    ) throws(QueryError) -> Node {
        switch expression {
        case .and(let operands):
            var nodes: [Node] = []
            for operand in operands { nodes.append(try compile(operand, context: context, referenced: &referenced)) }
            return .all(nodes)
        case .or(let operands):
            var nodes: [Node] = []
            for operand in operands { nodes.append(try compile(operand, context: context, referenced: &referenced)) }
            return .any(nodes)
        case .not(let operand):
            return .not(try compile(operand, context: context, referenced: &referenced))
        case .freeText(let words):
            referenced.formUnion(AttributeRegistry.freeTextAttributes)
            return .freeText(FreeTextMatcher(words: words))
        case .comparison(let comparison):
            return try compile(comparison, context: context, referenced: &referenced)
        case .inRange(let range):
            referenced.insert(range.attribute)
            guard range.attribute.type == .number || range.attribute.type == .date else {
                throw internalError("InRange works only with numbers and dates")
            }
            if range.attribute.type == .date {
                return .dateRange(range.attribute, try span(range.lower, context), try span(range.upper, context))
            }
            return .numberRange(range.attribute, try number(range.lower), try number(range.upper))
        }
    }

    private static func compile(
        _ comparison: Comparison, context: QueryContext,
        referenced: inout Set<Attribute>
    ) throws(QueryError) -> Node {
        let attributes: [Attribute]
        switch comparison.target {
        case .anyText:
            attributes = AttributeRegistry.textAttributes
        case .attribute(let attribute):
            attributes = [attribute]
        }
        referenced.formUnion(attributes)
        if case .text(let pattern) = comparison.value, pattern.isPresenceTest, !comparison.op.isOrdering {
            if attributes == [.contentType] { referenced.insert(.contentTypeTree) }
            return .presence(attributes, comparison.op == .equal)
        }
        guard case .attribute(let attribute) = comparison.target, attribute.type == .number || attribute.type == .date
        else {
            // A tree built by hand rather than parsed may not be checked; refuse what `parse` would.
            guard case .text(let pattern) = comparison.value, !comparison.op.isOrdering else {
                throw internalError(
                    "'\(comparison.target.name) \(comparison.op.rawValue) …' needs a number or date attribute and a string for text"
                )
            }
            let conformance = attributes == [.contentType]
            if conformance { referenced.insert(.contentTypeTree) }
            return .text(
                TextTest(
                    attributes: attributes, conformance: conformance, negated: comparison.op == .notEqual,
                    matcher: TextMatcher(pattern, modifiers: comparison.modifiers)))
        }
        if !comparison.modifiers.isEmpty {
            throw internalError("modifiers apply only to text")
        }
        if attribute.type == .date {
            return .date(attribute, comparison.op, try span(comparison.value, context))
        }
        return .number(attribute, comparison.op, try number(comparison.value))
    }

    /// A parsed (checked) query never gets here; only a hand-built ``QueryExpression`` can.
    private static func internalError(_ detail: String) -> QueryError {
        QueryError(message: "query is not well-typed: \(detail)", range: 0..<0)
    }

    private static func number(_ value: QueryValue) throws(QueryError) -> Double {
        switch value {
        case .number(let number): return number
        case .text(let pattern):
            guard !pattern.hasWildcards, let number = Lexer.number(in: pattern.literalText) else {
                throw internalError("\(QueryPrinter.string(pattern)) is not a number")
            }
            return number
        case .time(let time): throw internalError("\(time.source) is not a number")
        }
    }

    private static func span(_ value: QueryValue, _ context: QueryContext) throws(QueryError) -> TimeSpan {
        switch value {
        case .time(let time):
            guard let span = time.resolve(in: context) else {
                throw QueryError(message: "\(time.source) cannot be placed in the calendar", range: 0..<0)
            }
            return span
        default:
            return TimeSpan(instant: try number(value))
        }
    }
}

/// A compiled query tree. `all`/`any` short-circuit in order.
package indirect enum Node: Sendable {
    case all([Node])
    case any([Node])
    case not(Node)
    case text(TextTest)
    /// `== "*"` (want present) or `!= "*"` (want absent).
    case presence([Attribute], Bool)
    case number(Attribute, ComparisonOperator, Double)
    case numberRange(Attribute, Double, Double)
    case date(Attribute, ComparisonOperator, TimeSpan)
    case dateRange(Attribute, TimeSpan, TimeSpan)
    case freeText(FreeTextMatcher)

    /// The free-text leaves that count for relevance: those not under a `not`, in walk order.
    package var freeTextLeaves: [FreeTextMatcher] {
        switch self {
        case .all(let nodes), .any(let nodes): nodes.flatMap(\.freeTextLeaves)
        case .freeText(let matcher): [matcher]
        default: []
        }
    }

    package func evaluate(_ item: some AttributeSource) -> Bool {
        switch self {
        case .all(let nodes): return nodes.allSatisfy { $0.evaluate(item) }
        case .any(let nodes): return nodes.contains { $0.evaluate(item) }
        case .not(let node): return !node.evaluate(item)
        case .text(let test): return test.evaluate(item)
        case .presence(let attributes, let wantPresent):
            let present = attributes.contains { attribute in
                guard let value = item.value(of: attribute) else { return false }
                if case .textList(let list) = value { return !list.isEmpty }
                return true
            }
            return present == wantPresent
        case .number(let attribute, let op, let operand):
            guard let value = Self.number(item, attribute) else { return false }
            return op.holds(value, operand)
        case .numberRange(let attribute, let lower, let upper):
            guard let value = Self.number(item, attribute) else { return false }
            return lower <= value && value <= upper
        case .date(let attribute, let op, let span):
            guard let value = Self.date(item, attribute) else { return false }
            return span.compare(value, op)
        case .dateRange(let attribute, let lower, let upper):
            guard let value = Self.date(item, attribute) else { return false }
            return TimeSpan.inRange(value, lower: lower, upper: upper)
        case .freeText(let matcher):
            return matcher.score(item) != nil
        }
    }

    private static func number(_ item: some AttributeSource, _ attribute: Attribute) -> Double? {
        if case .number(let value) = item.value(of: attribute) { return value }
        return nil
    }

    /// A date, or a number read as seconds since 2001 (what an index column may hold).
    private static func date(_ item: some AttributeSource, _ attribute: Attribute) -> Double? {
        switch item.value(of: attribute) {
        case .date(let date): return date.timeIntervalSinceReferenceDate
        case .number(let seconds): return seconds
        default: return nil
        }
    }
}

/// `attribute(s) ==/!= pattern` on text and text lists.
package struct TextTest: Sendable {
    package let attributes: [Attribute]
    /// `contentType`: match any type in `contentTypeTree`, not just the most specific one.
    let conformance: Bool
    package let negated: Bool
    package let matcher: TextMatcher

    /// `==`: present and some element matches; `!=`: present and none does. An empty list counts
    /// as absent, so it matches neither.
    func evaluate(_ item: some AttributeSource) -> Bool {
        var present = false
        var matched = false
        func consider(_ value: AttributeValue?) {
            switch value {
            case .text(let text):
                present = true
                if !matched, matcher.matches(text) { matched = true }
            case .textList(let list):
                if !list.isEmpty { present = true }
                for element in list where !matched {
                    if matcher.matches(element) { matched = true }
                }
            default:
                break
            }
        }
        for attribute in attributes {
            consider(item.value(of: attribute))
            if conformance { consider(item.value(of: .contentTypeTree)) }
            if matched { break }
        }
        return present && (matched != negated)
    }
}
