/// Anything the query evaluator can read attribute values from: an in-memory ``AttributeSet``, or an
/// index row that decodes only the columns a query touches.
public protocol AttributeSource {
    /// The item's value for `attribute`, or nil when the item lacks it.
    func value(of attribute: Attribute) -> AttributeValue?
}

/// An item's attributes held in memory: what the crawler and extractors build, what `show` prints.
public struct AttributeSet: AttributeSource, Sendable, Hashable {
    public private(set) var values: [Attribute: AttributeValue]

    public init(_ values: [Attribute: AttributeValue] = [:]) {
        self.values = values
    }

    public func value(of attribute: Attribute) -> AttributeValue? { values[attribute] }

    public subscript(attribute: Attribute) -> AttributeValue? {
        get { values[attribute] }
        set { values[attribute] = newValue }
    }

    /// The attributes present, in registry order.
    public var attributes: [Attribute] { values.keys.sorted() }
}
