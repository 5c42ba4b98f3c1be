/// What the registry knows about one attribute: its type, the `kMDItem…` names it also answers to,
/// and a one-line meaning for `fsfind attributes`, completions and the man page.
package struct AttributeDescriptor: Sendable, Hashable {
    let attribute: Attribute
    package let type: AttributeType
    package let aliases: [String]
    package let meaning: String
    /// True for attributes every item has (from lstat and libmagic); false for content metadata.
    package let isFileSystem: Bool

    package var name: String { attribute.rawValue }
}
