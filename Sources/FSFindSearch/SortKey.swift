import FSFindModel

/// The orders `query --sort` offers (`docs/spec/cli.md`).
package enum SortKey: String, Sendable, CaseIterable {
    case path
    case name
    case modified
    case created
    case size
    case duration
    case relevance

    /// The attribute this key orders by; nil for `path` and `relevance`, which have their own rules.
    var attribute: Attribute? {
        switch self {
        case .path, .relevance: nil
        case .name: .displayName
        case .modified: .contentModificationDate
        case .created: .contentCreationDate
        case .size: .fileSize
        case .duration: .duration
        }
    }
}
