@testable import FSFindModel
@testable import FSFindText

extension DocumentSource {
    /// A file read as plain text, as most of the store's tests write one.
    static func plainText(_ identity: FileIdentity) -> DocumentSource {
        DocumentSource(identity: identity, type: "public.plain-text")
    }
}
