import Foundation

/// A decoded JSON document, for request bodies whose keys are checked one by one.
///
/// Decoded with `JSONDecoder`, which tells `true` from `1` on every platform (Foundation's
/// `JSONSerialization` gives an `NSNumber` for both on Linux).
enum JSONValue: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let list = try? container.decode([JSONValue].self) {
            self = .array(list)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    /// The strings of a string or a list of strings; nil for anything else.
    var names: [String]? {
        switch self {
        case .string(let one): return [one]
        case .array(let list):
            let names = list.compactMap { if case .string(let s) = $0 { s } else { nil } }
            return names.count == list.count ? names : nil
        default: return nil
        }
    }
}
