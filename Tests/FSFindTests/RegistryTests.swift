import Testing

@testable import FSFindModel

@Suite struct RegistryTests {
    @Test func aliasesResolve() {
        #expect(AttributeRegistry.attribute(named: "kMDItemDurationSeconds") == .duration)
        #expect(AttributeRegistry.attribute(named: "FSNAME") == .fsName)
        #expect(AttributeRegistry.attribute(named: "nope") == nil)
    }

    @Test func closestNamesSuggestTypos() {
        #expect(AttributeRegistry.closestNames(to: "duraton").first == "duration")
    }
}
