import FSFindModel
import Foundation

/// Number values of tokens: `>10MB`, `<=1.5GiB`, `5m..10m`, `1:30`, `300`.
///
/// A bare size or duration means "at least" (nobody wants files of exactly 10 MB); a bare plain
/// number (`pages:10`) means exactly that.
enum TokenNumber {
    enum Unit {
        case bytes
        case seconds
        case plain
    }

    static func predicate(_ attribute: Attribute, _ value: String, unit: Unit) -> Result<
        String, SearchTokenParser.Message
    > {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let split = text.range(of: "..") {
            guard let low = number(String(text[..<split.lowerBound]), unit),
                let high = number(String(text[split.upperBound...]), unit)
            else { return .failure(.init(hint(unit))) }
            return .success("InRange(\(attribute.name), \(format(low)), \(format(high)))")
        }
        let (op, rest) = TokenComparator.split(text)
        guard let amount = number(rest, unit) else { return .failure(.init(hint(unit))) }
        let resolved = op ?? (unit == .plain ? "==" : ">=")
        return .success("\(attribute.name) \(resolved) \(format(amount))")
    }

    static func hint(_ unit: Unit) -> String {
        switch unit {
        case .bytes: "write a size such as >10MB, <500k or 1GB..2GB"
        case .seconds: "write a length such as >5m, <90s, 1h or 3:30"
        case .plain: "write a number such as >100 or 10..20"
        }
    }

    /// The amount in the attribute's unit (bytes, seconds), or nil when it is not a number.
    static func number(_ text: String, _ unit: Unit) -> Double? {
        let lower = text.trimmingCharacters(in: .whitespaces).lowercased()
        if unit == .seconds, lower.contains(":") {
            // m:ss or h:mm:ss
            let pieces = lower.split(separator: ":", omittingEmptySubsequences: false)
            let parts = pieces.compactMap { Double($0) }.filter { $0 >= 0 }
            guard parts.count == pieces.count, parts.count <= 3 else { return nil }
            return parts.reduce(0) { $0 * 60 + $1 }
        }
        let digits = lower.prefix { $0.isNumber || $0 == "." }
        guard !digits.isEmpty, let amount = Double(digits) else { return nil }
        let suffix = String(lower.dropFirst(digits.count)).trimmingCharacters(in: .whitespaces)
        let factor: Double?
        switch unit {
        case .plain: factor = suffix.isEmpty ? 1 : nil
        case .bytes: factor = byteFactors[suffix]
        case .seconds: factor = secondFactors[suffix]
        }
        guard let factor else { return nil }
        return amount * factor
    }

    /// Decimal units as Finder shows sizes; the binary ones when asked for by name.
    static let byteFactors: [String: Double] = [
        "": 1, "b": 1, "k": 1e3, "kb": 1e3, "kib": 1024, "m": 1e6, "mb": 1e6, "mib": 1_048_576,
        "g": 1e9, "gb": 1e9, "gib": 1_073_741_824, "t": 1e12, "tb": 1e12, "tib": 1_099_511_627_776,
    ]

    static let secondFactors: [String: Double] = [
        "": 1, "s": 1, "sec": 1, "secs": 1, "m": 60, "min": 60, "mins": 60, "h": 3600, "hr": 3600, "hrs": 3600,
    ]

    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

/// The comparison a token value may start with.
enum TokenComparator {
    /// `>=10MB` → (">=", "10MB"); `10MB` → (nil, "10MB").
    static func split(_ text: String) -> (String?, String) {
        for op in [">=", "<=", ">", "<", "="] where text.hasPrefix(op) {
            return (op == "=" ? "==" : op, String(text.dropFirst(op.count)))
        }
        return (nil, text)
    }
}
