import Testing

@testable import FSFindQuery

/// Every `$time` name comes from ``TimeName``: each one parses, prints back as written, is offered
/// by completion, and keeps its own meaning (none falls through to another).
@Suite struct TimeNameTests {
    @Test(arguments: TimeName.allCases)
    func everyNameParsesPrintsBackAndCompletes(name: TimeName) throws {
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
        #expect(
            QueryCompletion.candidates(for: "contentModificationDate > $time.").contains {
                $0.hasSuffix("$time.\(name.rawValue)") || $0.contains("$time.\(name.rawValue)(")
            })
        if let value = name.value(offset: nil) { #expect(value.name == name) }
    }

    @Test func aNameThatTakesNoOffsetRefusesOne() {
        for name in TimeName.allCases where !name.takesOffset && name != .iso {
            #expect(parseError("contentModificationDate >= $time.\(name.rawValue)(1)") != nil, "\(name)")
        }
    }
}
