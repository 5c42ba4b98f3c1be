import FSFindModel
import FSFindOutput

/// An item's attributes as `mdls` prints them: one `name = value` a line, the names padded to one
/// width. `fsfind show` prints these lines; the interactive search's detail pane shows them.
struct AttributeListFormatter: Sendable {
    let values: ValueFormatter

    init(values: ValueFormatter = ValueFormatter()) {
        self.values = values
    }

    /// The lines for `set`, in registry order (or only `attributes`, those the set has), then the
    /// problem line when the item could not be read.
    func lines(_ set: AttributeSet, attributes: [Attribute]? = nil, problem: ItemProblem? = nil) -> [String] {
        let shown = (attributes ?? set.attributes).filter { set[$0] != nil }
        let width = (shown.map(\.name.count) + ["problem".count]).max() ?? 0
        var lines: [String] = []
        for attribute in shown {
            guard let value = set[attribute] else { continue }
            lines.append("\(pad(attribute.name, width)) = \(values.quoted(value))")
        }
        if let problem {
            let kind = problem.kind == .unreadable ? "unreadable" : "unparsable"
            lines.append("\(pad("problem", width)) = \(kind): \(problem.reason)")
        }
        return lines
    }

    private func pad(_ name: String, _ width: Int) -> String {
        name.count >= width ? name : name + String(repeating: " ", count: width - name.count)
    }
}
