import FSFindIndexFormat
import FSFindModel

/// `attribute(s) == "*"` / `!= "*"`: whether any of the attributes has a value (a text list only
/// when it is not empty), read from raw cells.
final class PresenceLeaf {
    private enum Source {
        case text(TextSource)
        case number(NumberSource)
    }

    private let index: IndexReader
    private let sources: [(Attribute, Source)]
    private let wantPresent: Bool
    private let strings: StringsView?
    private let lists: StringsView?

    /// Nil when an attribute is one only the slow reader reads, or a section is damaged.
    init?(attributes: [Attribute], wantPresent: Bool, views: IndexViews) {
        var sources: [(Attribute, Source)] = []
        for attribute in attributes {
            if attribute.type == .number || attribute.type == .date {
                guard let source = NumberSource(attribute, views: views) else { return nil }
                sources.append((attribute, .number(source)))
            } else {
                guard let source = TextSource(attribute, views: views), views.strings != nil else { return nil }
                if attribute.type == .textList && views.lists == nil { return nil }
                sources.append((attribute, .text(source)))
            }
        }
        index = views.index
        self.sources = sources
        self.wantPresent = wantPresent
        strings = views.strings
        lists = views.lists
    }

    func test(_ row: Int) -> Bool {
        var present = false
        for (attribute, source) in sources where !present {
            switch source {
            case .number(let source):
                present = source.value(row) != nil
            case .text(let source):
                switch source.cell(row) {
                case .absent: break
                case .string(let id): present = strings?.bytes(id) != nil
                case .list(let id): present = isNonEmptyList(id)
                case .slow:
                    switch index.value(of: attribute, at: row) {
                    case .textList(let list)?: present = !list.isEmpty
                    case nil: break
                    default: present = true
                    }
                }
            }
        }
        return present == wantPresent
    }

    /// True when list `id` resolves (every element too) and is not empty.
    private func isNonEmptyList(_ id: UInt32) -> Bool {
        guard let lists, let strings, let elements = lists.list(id) else { return false }
        for i in 0..<elements.count where strings.bytes(elements[i]) == nil { return false }
        return elements.count > 0
    }
}
