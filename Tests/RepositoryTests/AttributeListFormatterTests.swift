import FSFindModel
import Testing

@testable import FSFindCommandLine

/// `show`'s attribute list: names padded to one column, a problem last.
@Suite struct AttributeListFormatterTests {
    @Test func attributeLinesAreAligned() {
        var set = AttributeSet()
        set[.fsName] = .text("a.mp3")
        set[.duration] = .number(12)
        let lines = AttributeListFormatter().lines(set, problem: ItemProblem(.unreadable, "permission denied"))
        #expect(lines == ["fsName   = \"a.mp3\"", "duration = 12", "problem  = unreadable: permission denied"])
    }
}
