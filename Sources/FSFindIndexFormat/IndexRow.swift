import FSFindModel

/// One item of an open ``IndexFile``, read lazily: each `value(of:)` decodes just that column.
///
/// Cheap to make and copy. The query plans' fallback for a leaf they cannot read directly, after
/// an ``IndexReader`` for the query's attributes has checked their sections; callers outside the
/// plans read rows through an ``IndexReader`` (``ReaderRow``).
package struct IndexRow: AttributeSource, Sendable {
    let file: IndexFile
    let index: Int

    package func value(of attribute: Attribute) -> AttributeValue? {
        file.value(of: attribute, at: index)
    }

    /// The item's path, raw bytes.
    var path: [UInt8] { file.path(at: index) }
}
