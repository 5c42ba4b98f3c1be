import Testing

@testable import FSFindInteractive
@testable import FSFindSearch

/// How the search field's next answer is found: from a recent result, from the last matches when
/// the field only narrows, or by scanning every row.
@Suite struct ScanPlannerTests {
    /// A session after typing `text`, whose last scan matched `matched`.
    private static func scanned(
        _ text: String, matched: [Int], planner: inout ScanPlanner, session: inout SearchSession
    ) {
        _ = session.handle(.text(text))
        if case .cached = planner.plan(for: session) { return }
        let result = ScanResult(rows: matched, total: matched.count, matched: matched)
        planner.finished(result, for: session)
        session.apply(result)
    }

    @Test func aFirstFieldScansEveryRow() {
        var planner = ScanPlanner()
        var session = SearchSession(folder: Array("/home/me".utf8))
        _ = session.handle(.text("t"))
        guard case .full = planner.plan(for: session) else {
            Issue.record("expected a full scan")
            return
        }
    }

    @Test func anotherLetterNarrowsFromTheLastMatches() {
        var planner = ScanPlanner()
        var session = SearchSession(folder: Array("/home/me".utf8))
        Self.scanned("t", matched: [1, 4, 9], planner: &planner, session: &session)
        _ = session.handle(.text("o"))
        guard case .narrow(let rows) = planner.plan(for: session) else {
            Issue.record("expected narrowing")
            return
        }
        #expect(rows == [1, 4, 9])
    }

    @Test func backspaceGoesBackToTheCachedResult() {
        var planner = ScanPlanner()
        var session = SearchSession(folder: Array("/home/me".utf8))
        Self.scanned("t", matched: [1, 4, 9], planner: &planner, session: &session)
        Self.scanned("o", matched: [4], planner: &planner, session: &session)
        _ = session.handle(.backspace)
        guard case .cached(let result) = planner.plan(for: session) else {
            Issue.record("expected the cache")
            return
        }
        #expect(result.matched == [1, 4, 9])
    }

    @Test func aWiderFieldScansEveryRowWhenNothingIsCached() {
        var planner = ScanPlanner(cache: ScanCache(capacity: 0))
        var session = SearchSession(folder: Array("/home/me".utf8))
        Self.scanned("to", matched: [4], planner: &planner, session: &session)
        _ = session.handle(.backspace)
        guard case .full = planner.plan(for: session) else {
            Issue.record("a wider field must scan every row")
            return
        }
    }

    @Test func anotherFolderScansEveryRow() {
        var planner = ScanPlanner(cache: ScanCache(capacity: 0))
        var session = SearchSession(folder: Array("/home/me".utf8))
        Self.scanned("t", matched: [1, 4, 9], planner: &planner, session: &session)
        session.everywhere = false
        _ = session.handle(.text("o"))
        guard case .full = planner.plan(for: session) else {
            Issue.record("a new location must scan every row")
            return
        }
    }
}
