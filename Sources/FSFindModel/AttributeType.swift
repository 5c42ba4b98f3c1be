/// The one type every attribute has; the query checker and the index columns both key off it.
package enum AttributeType: String, Sendable, CaseIterable {
    case text
    case textList = "text list"
    case number
    case date
}
