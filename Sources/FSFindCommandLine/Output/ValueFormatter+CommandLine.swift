import FSFindModel
import FSFindOutput

/// The value forms only the command line writes: `--attr`'s plain text, `show`'s attribute list
/// and NDJSON lines. Kept beside their writers, so the value wording Elastic shares stays
/// `date` and `number`.
extension ValueFormatter {
    /// One value as plain text: lists joined with ", ".
    func plain(_ value: AttributeValue) -> String {
        switch value {
        case .text(let text): text
        case .textList(let list): list.joined(separator: ", ")
        case .number(let value): number(value)
        case .date(let value): date(value)
        }
    }

    /// One value as `mdls` shows it: text quoted, lists in parentheses.
    func quoted(_ value: AttributeValue) -> String {
        switch value {
        case .text(let text): JSONWriter.string(text)
        case .textList(let list): "(" + list.map(JSONWriter.string).joined(separator: ", ") + ")"
        case .number(let value): number(value)
        case .date(let value): date(value)
        }
    }

    /// One value as JSON.
    func json(_ value: AttributeValue) -> String {
        switch value {
        case .text(let text): JSONWriter.string(text)
        case .textList(let list): "[" + list.map(JSONWriter.string).joined(separator: ",") + "]"
        case .number(let value): value.isFinite ? number(value) : "null"
        case .date(let value): JSONWriter.string(date(value))
        }
    }
}
