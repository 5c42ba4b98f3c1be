import FSFindModel

/// One item of an open ``IndexFile``, read lazily: each `value(of:)` decodes just that column.
///
/// Cheap to make and copy. Call ``IndexFile/prepare(_:)`` for the attributes a scan reads first;
/// a read from a section whose checksum fails gives nil.
package struct IndexRow: AttributeSource, Sendable {
    package let file: IndexFile
    package let index: Int

    package func value(of attribute: Attribute) -> AttributeValue? {
        file.value(of: attribute, at: index)
    }

    /// The item's path, raw bytes.
    package var path: [UInt8] { file.path(at: index) }
}
