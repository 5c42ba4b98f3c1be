/// Anything the query evaluator can read attribute values from: an in-memory ``AttributeSet``, or an
/// index row that decodes only the columns a query touches.
package protocol AttributeSource {
    /// The item's value for `attribute`, or nil when the item lacks it.
    func value(of attribute: Attribute) -> AttributeValue?
}

/// An item's attributes held in memory: what the crawler and extractors build, what `show` prints.
package struct AttributeSet: AttributeSource, Sendable, Hashable {
    package private(set) var values: [Attribute: AttributeValue]

    package init(_ values: [Attribute: AttributeValue] = [:]) {
        self.values = values
    }

    package func value(of attribute: Attribute) -> AttributeValue? { values[attribute] }

    package subscript(attribute: Attribute) -> AttributeValue? {
        get { values[attribute] }
        set { values[attribute] = newValue }
    }
}
