import Testing

@testable import FSFindModel

@Suite struct RegistryTests {
    @Test func aliasesResolve() {
        #expect(AttributeRegistry.attribute(named: "kMDItemDurationSeconds") == .duration)
        #expect(AttributeRegistry.attribute(named: "FSNAME") == .fsName)
        #expect(AttributeRegistry.attribute(named: "nope") == nil)
    }

    /// No two attributes' names or aliases differ only in case, so a name spelt as listed and the
    /// same name in any case find the same attribute (the lookup tries the listed spelling first).
    @Test func everyNameFindsItsAttributeInAnyCase() {
        for descriptor in AttributeRegistry.all {
            for name in [descriptor.name] + descriptor.aliases {
                for spelling in [name, name.lowercased(), name.uppercased()] {
                    #expect(AttributeRegistry.attribute(named: spelling) == descriptor.attribute, "\(spelling)")
                }
            }
        }
    }
}
