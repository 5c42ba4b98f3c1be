/// What the registry knows about one attribute: its type, the `kMDItem…` names it also answers to,
/// and a one-line meaning for `fsfind attributes`, completions and the man page.
public struct AttributeDescriptor: Sendable, Hashable {
    public let attribute: Attribute
    public let type: AttributeType
    public let aliases: [String]
    public let meaning: String
    /// True for attributes every item has (from lstat and libmagic); false for content metadata.
    public let isFileSystem: Bool

    public var name: String { attribute.rawValue }
}
