import FSFindModel

/// What a document's words were read from: a file as it was (its identity, as in the index) and
/// the content type it was read as (an extractor is chosen by the type, and a type can come from
/// the name, so the same bytes read as HTML and as plain text are two documents).
///
/// Every name of a file with several names (hard links) is one source: a million links to a few
/// hundred files are a few hundred sources.
package struct DocumentSource: Hashable, Sendable {
    let identity: FileIdentity
    /// Nil when the words may not be those of the file as it is (it was written to while read):
    /// such a source keeps its document but is never found by a look-up.
    let type: String?

    package init(identity: FileIdentity, type: String?) {
        self.identity = identity
        self.type = type
    }

    /// The identity's five columns and the type, as the `source` table keeps them.
    var columns: [SQLiteDatabase.Value] {
        [
            .integer(Int64(bitPattern: identity.inode)), .integer(Int64(bitPattern: identity.device)),
            .integer(identity.size), .integer(identity.mtimeNanos), .integer(identity.ctimeNanos),
            type.map { .text($0) } ?? .null,
        ]
    }
}
