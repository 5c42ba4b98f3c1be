import Foundation
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel
@testable import FSFindQuery

/// A fixed context for tests that do not care about time: 2026-03-08T12:00:00Z, UTC, weeks from Sunday.
let fixedContext: QueryContext = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.firstWeekday = 1
    // The literal is well-formed; a failure here is a test bug.
    let zone = TimeZone(identifier: "UTC")!
    return QueryContext(now: Date(timeIntervalSinceReferenceDate: 794_664_000), timeZone: zone, calendar: calendar)
}()

/// Parses and compiles `query`, failing the test on an error.
func compiled(
    _ query: String, context: QueryContext = fixedContext,
    sourceLocation: SourceLocation = #_sourceLocation
) -> CompiledQuery? {
    do {
        return try CompiledQuery(Query.parse(query), context: context)
    } catch {
        Issue.record("\(query): \(error.rendered(query: query))", sourceLocation: sourceLocation)
        return nil
    }
}

extension CompiledQuery {
    /// Whether `item` satisfies the query: the compiled tree's answer (`root.evaluate`), as the
    /// search's own `matches(_:)` (FSFindSearch, beside its one user) gives it.
    func matches(_ item: some AttributeSource) -> Bool { root.evaluate(item) }
}

/// Whether `query` matches an item holding exactly `values`.
func matches(
    _ query: String, _ values: [Attribute: AttributeValue], context: QueryContext = fixedContext,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    compiled(query, context: context, sourceLocation: sourceLocation)?.matches(AttributeSet(values)) ?? false
}

/// Whether `query` matches an item whose `attribute` is the text `value`.
func matches(
    _ query: String, _ attribute: Attribute, _ value: String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    matches(query, [attribute: .text(value)], sourceLocation: sourceLocation)
}

/// The error `query` fails with, or nil (recording an issue) when it parses.
func parseError(_ query: String, sourceLocation: SourceLocation = #_sourceLocation) -> QueryError? {
    do {
        let parsed = try Query.parse(query)
        Issue.record("expected an error, parsed \(parsed)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}
