import FSFindModel

/// Builds one-line JSON objects with keys in the order given (`path` first), for NDJSON output.
package struct JSONWriter {
    private var parts: [String] = []

    package init() {}

    /// Adds `"key": value` where `value` is already JSON.
    package mutating func add(_ key: String, json value: String) {
        parts.append(Self.string(key) + ":" + value)
    }

    package var line: String { "{" + parts.joined(separator: ",") + "}" }

    /// A JSON string literal: quotes, backslashes and control characters (C1 and DEL too) escaped.
    package static func string(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // C0, DEL and C1 (valid JSON either way; escaped so a terminal never obeys one).
            case let c where c.isTerminalControl:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
