import Testing

@testable import FSFindCommandLine
@testable import FSFindQuery

/// The pure part of Tab completion: what the query completer (the command line's) offers at each
/// position, called directly (no shell, no quoting).
@Suite struct QueryCompletionTests {
    @Test func offersByPosition() {
        #expect(QueryCompletion.candidates(for: "dura") == ["duration"])
        #expect(QueryCompletion.candidates(for: "").contains("InRange("))
        #expect(QueryCompletion.candidates(for: "title ") == ["title == ", "title != "])
        #expect(QueryCompletion.candidates(for: "duration ").count == 6)
        #expect(
            QueryCompletion.candidates(for: "title == \"x\" ") == ["title == \"x\" && ", "title == \"x\" || "])
        #expect(QueryCompletion.candidates(for: "addedDate >= ").first == "addedDate >= $time.now")
        #expect(QueryCompletion.candidates(for: "title == \"x").isEmpty)
        #expect(QueryCompletion.candidates(for: "paris").isEmpty)
    }

    /// Every `$time` name the parser reads (``TimeName``) is offered, so none is left to be found
    /// only in the manual.
    @Test(arguments: TimeName.allCases)
    func offersEveryTimeName(name: TimeName) {
        #expect(
            QueryCompletion.candidates(for: "contentModificationDate > $time.").contains {
                $0.hasSuffix("$time.\(name.rawValue)") || $0.contains("$time.\(name.rawValue)(")
            })
    }
}
