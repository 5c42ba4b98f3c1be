import FSFindModel
import FSFindOutput
import Foundation

/// Writes attributes the way macOS's `mdls` does, for the `mdls` link to fsfind: Spotlight
/// names (`kMDItemFSSize`) in sorted order, padded to one width, ` = `, strings in double
/// quotes, lists in parentheses one element per line, dates as `2024-05-01 10:20:30 +0000`.
///
/// An attribute with no `kMDItem…` alias (`artist`, `mimeType`) keeps its fsfind name. The
/// file's words (`textContent`) are not shown: `mdls` does not show `kMDItemTextContent` either.
struct MdlsFormatter: Sendable {
    private let numbers = ValueFormatter(timeZone: TimeZone(identifier: "UTC") ?? .current)

    init() {}

    /// The name `mdls` gives `attribute`.
    static func name(of attribute: Attribute) -> String {
        attribute.descriptor.aliases.first { $0.hasPrefix("kMDItem") } ?? attribute.name
    }

    /// Every attribute of `set` as `mdls FILE` prints it.
    func lines(_ set: AttributeSet) -> [String] {
        let shown = set.attributes.filter { $0 != .textContent }.compactMap { attribute in
            set[attribute].map { (Self.name(of: attribute), $0) }
        }
        return lines(shown.sorted { $0.0 < $1.0 })
    }

    /// The named attributes (`mdls -name A -name B`), in the order asked, `(null)` for one the
    /// item lacks; the names as the user wrote them.
    func lines(_ named: [(name: String, value: AttributeValue?)]) -> [String] {
        let width = named.map(\.name.count).max() ?? 0
        return named.flatMap { name, value -> [String] in
            let padded = name.padding(toLength: max(width, name.count), withPad: " ", startingAt: 0)
            let text = value.map(self.value) ?? "(null)"
            return (padded + " = " + text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// `mdls -raw`: the value alone, no name, no newline; `nullMarker` for a missing one.
    func raw(_ value: AttributeValue?, nullMarker: String) -> String {
        guard let value else { return nullMarker }
        if case .text(let text) = value { return text }
        return self.value(value)
    }

    /// One value in `mdls`'s notation (a list over several lines).
    func value(_ value: AttributeValue) -> String {
        switch value {
        case .text(let text): return Self.quoted(text)
        case .textList(let list):
            guard !list.isEmpty else { return "(\n)" }
            return "(\n" + list.map { "    " + Self.quoted($0) }.joined(separator: ",\n") + "\n)"
        case .number(let number): return numbers.number(number)
        case .date(let date): return Self.date(date)
        }
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `2024-05-01 10:20:30 +0000`: always UTC, as `mdls` prints dates.
    private static func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func pad(_ value: Int?, _ width: Int = 2) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(c.year, 4))-\(pad(c.month))-\(pad(c.day)) \(pad(c.hour)):\(pad(c.minute)):\(pad(c.second)) +0000"
    }
}
