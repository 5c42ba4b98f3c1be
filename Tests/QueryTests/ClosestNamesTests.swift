import FSFindModel
import Testing

@testable import FSFindQuery

@Suite struct ClosestNamesTests {
    @Test func closestNamesSuggestTypos() {
        #expect(AttributeRegistry.closestNames(to: "duraton").first == "duration")
    }
}
