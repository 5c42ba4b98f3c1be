import Testing

@testable import FSFindQuery

/// Every `$time` name comes from ``TimeName``: each one parses, prints back as written and keeps its
/// own meaning (none falls through to another). That completion offers each one is the command
/// line's (RepositoryTests, `QueryCompletionTests`).
@Suite struct TimeNameTests {
    @Test(arguments: TimeName.allCases)
    func everyNameParsesAndPrintsBack(name: TimeName) throws {
        let spellings =
            switch name {
            case .iso: ["$time.iso(2025-06-01)"]
            case _ where name.takesOffset: ["$time.\(name.rawValue)", "$time.\(name.rawValue)(-2)"]
            default: ["$time.\(name.rawValue)"]
            }
        for spelling in spellings {
            let query = try Query.parse("contentModificationDate >= \(spelling)")
            #expect(query.description == "contentModificationDate >= \(spelling)")
        }
        if let value = name.value(offset: nil) { #expect(value.name == name) }
    }

    @Test func aNameThatTakesNoOffsetRefusesOne() {
        for name in TimeName.allCases where !name.takesOffset && name != .iso {
            #expect(parseError("contentModificationDate >= $time.\(name.rawValue)(1)") != nil, "\(name)")
        }
    }
}
