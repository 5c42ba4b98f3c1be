/// Why an item's content could not be read or parsed. The item is still indexed from lstat alone;
/// `status` counts these and `show` prints the reason.
package struct ItemProblem: Sendable, Hashable {
    package enum Kind: UInt8, Sendable, Hashable {
        /// The file or folder could not be opened or read (permissions, I/O error).
        case unreadable = 1
        /// The content was read but a parser failed, crashed or timed out.
        case unparsable = 2
    }

    package var kind: Kind
    package var reason: String

    package init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }
}
