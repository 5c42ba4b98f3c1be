import FSFindModel

extension AttributeRegistry {
    /// The attributes whose values are text or text lists: what `*` in a query stands for. Not
    /// `textContent`: `*` compares values in the index, and a file's words are not kept there.
    /// The query language's, so it is worked out here from the registry's types.
    static let textAttributes: [Attribute] = Attribute.allCases.filter {
        ($0.type == .text || $0.type == .textList) && $0 != .textContent
    }
}
