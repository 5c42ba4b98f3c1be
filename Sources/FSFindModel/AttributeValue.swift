import Foundation

/// One attribute's value. Dates are `Date` (seconds since 2001-01-01T00:00:00Z underneath, Core
/// Spotlight's reference date, which is also what a bare number means in a date predicate).
package enum AttributeValue: Sendable, Hashable {
    case text(String)
    case textList([String])
    case number(Double)
    case date(Date)

    /// The registry type this value has.
    package var type: AttributeType {
        switch self {
        case .text: .text
        case .textList: .textList
        case .number: .number
        case .date: .date
        }
    }
}
