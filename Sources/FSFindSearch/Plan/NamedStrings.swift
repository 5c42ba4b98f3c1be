import FSFindIndexFormat
import FSFindModel

/// Per sparse free-text column of one index file (``TextSource/asksCells(rows:)``), the strings
/// its stored cells name, one bit per string id: a free-text key asks each such column whether it
/// may hold a matched string before reading it for every row (``TextSource/mayHold(anyOf:lists:views:rows:)``).
///
/// Made once per session on the summaries' thread (``SignatureStore``) and shared by every thread
/// of every scan: each thread's views made them on the session's first word of two letters, the
/// same tables twice, on the key's own time.
///
/// Unchecked because its tables are ``FlatTable``s, and safe to send: filled in `init`, then only
/// read.
final class NamedStrings: @unchecked Sendable {
    private let tables: [Attribute: FlatTable<UInt64>]

    /// The strings of each column of `views` that a key asks this way; nil without the strings
    /// and lists sections (the views then answer cell by cell).
    init?(views: IndexViews) {
        guard let strings = views.strings, let lists = views.lists else { return nil }
        var tables: [Attribute: FlatTable<UInt64>] = [:]
        for attribute in AttributeRegistry.freeTextAttributes {
            guard let source = TextSource(attribute, views: views), source.asksCells(rows: views.index.itemCount)
            else { continue }
            tables[attribute] = Self.table(namedBy: source, stringCount: strings.count, lists: lists)
        }
        self.tables = tables
    }

    /// The strings `attribute`'s column names, nil when it was not worked out here.
    func strings(namedBy attribute: Attribute) -> FlatTable<UInt64>? { tables[attribute] }

    /// One bit per string id of `stringCount`, set for the strings `source`'s stored cells name,
    /// themselves or among their lists' elements.
    static func table(namedBy source: TextSource, stringCount: Int, lists: StringsView) -> FlatTable<UInt64> {
        let bits = FlatTable<UInt64>(count: (stringCount + 63) / 64, repeating: 0)
        func name(_ id: UInt32) {
            guard Int(id >> 6) < bits.count else { return }
            bits[Int(id >> 6)] |= 1 << UInt64(id & 63)
        }
        source.forEachStoredCell { cell in
            switch cell {
            case .string(let id): name(id)
            case .list(let id):
                guard let elements = lists.list(id) else { return }
                for i in 0..<elements.count { name(elements[i]) }
            case .absent, .slow: return
            }
        }
        return bits
    }
}
