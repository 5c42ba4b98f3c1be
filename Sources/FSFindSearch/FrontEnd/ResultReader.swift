import FSFindIndexFormat
import FSFindModel

/// The attribute values of an index's rows for a set of attributes named up front, each column
/// checksummed when this is made: the reads after it are total (a value absent is absent from
/// the item, never a column that turned out damaged).
package struct ResultReader {
    let snapshot: IndexSnapshot
    let attributes: Set<Attribute>

    /// - Throws: ``FSFindError`` `.indexCorrupt` naming the damaged column.
    package init(_ snapshot: IndexSnapshot, attributes: Set<Attribute>) throws(FSFindError) {
        try snapshot.prepare(attributes)
        self.snapshot = snapshot
        self.attributes = attributes
    }

    /// Row `row`'s values, for a writer that takes any attribute source.
    package func item(_ row: Int) -> IndexRow { snapshot.row(row) }

    /// Row `row`'s value of `attribute`, which must be one this reader was made for.
    package func value(of attribute: Attribute, at row: Int) -> AttributeValue? {
        assert(attributes.contains(attribute), "\(attribute) was not read for this reader")
        return snapshot.value(of: attribute, at: row)
    }

    package func path(at row: Int) -> [UInt8] { snapshot.path(at: row) }
}
