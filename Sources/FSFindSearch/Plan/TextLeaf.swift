import FSFindIndexFormat
import FSFindModel
import FSFindQuery

/// `attribute(s) ==/!= pattern` (a ``TextTest``) over raw string ids: each distinct string is
/// matched once, over its bytes (``TextMatcher/matches(utf8:)``).
final class TextLeaf {
    private let index: IndexReader
    private let sources: [TextSource]
    private let negated: Bool
    private let matcher: TextMatcher
    private let strings: StringsView
    private let lists: StringsView?
    private let stringAnswers: StringAnswers
    /// Per list id: bit 2 always, bit 0 non-empty, bit 1 some element matches; `invalid` when
    /// unreadable.
    private let listAnswers: StringAnswers

    /// Nil when the test reads something only the slow reader can (path, the type attributes,
    /// among them `contentType`, whose conformance reads its tree) or a section it needs is damaged.
    init?(_ test: TextTest, views: IndexViews) {
        guard let strings = views.strings else { return nil }
        var sources: [TextSource] = []
        for attribute in test.attributes {
            guard let source = TextSource(attribute, views: views) else { return nil }
            sources.append(source)
        }
        let needsLists = test.attributes.contains { $0.type == .textList }
        if needsLists && views.lists == nil { return nil }
        index = views.index
        self.sources = sources
        negated = test.negated
        matcher = test.matcher
        self.strings = strings
        lists = needsLists ? views.lists : nil
        stringAnswers = StringAnswers(count: strings.count)
        listAnswers = StringAnswers(count: needsLists ? (views.lists?.count ?? 0) : 0)
    }

    /// ``TextTest/evaluate(_:)`` for `row`.
    func test(_ row: Int) -> Bool {
        var present = false
        var matched = false
        for s in sources.indices {
            switch sources[s].cell(row) {
            case .absent:
                break
            case .string(let id):
                let answer = stringAnswer(id)
                if answer == StringAnswers.invalid { break }
                present = true
                if answer == StringAnswers.yes { matched = true }
            case .list(let id):
                let answer = listAnswer(id)
                if answer == StringAnswers.invalid { break }
                if answer & 1 != 0 { present = true }
                if answer & 2 != 0 { matched = true }
            case .slow:
                switch index.value(of: sources[s].attribute, at: row) {
                case .text(let text)?:
                    present = true
                    if matcher.matches(text) { matched = true }
                case .textList(let list)?:
                    if !list.isEmpty { present = true }
                    if list.contains(where: matcher.matches) { matched = true }
                default:
                    break
                }
            }
            if matched { break }
        }
        return present && (matched != negated)
    }

    @inline(__always) private func stringAnswer(_ id: UInt32) -> UInt8 {
        guard Int(id) < strings.count else { return StringAnswers.invalid }
        return stringAnswers.answer(Int(id)) {
            guard let bytes = strings.bytes(id) else { return StringAnswers.invalid }
            return matcher.matches(utf8: bytes) ? StringAnswers.yes : StringAnswers.no
        }
    }

    private func listAnswer(_ id: UInt32) -> UInt8 {
        guard let lists, Int(id) < lists.count else { return StringAnswers.invalid }
        return listAnswers.answer(Int(id)) {
            guard let elements = lists.list(id) else { return StringAnswers.invalid }
            let count = elements.count
            // Bit 2 keeps an empty, unmatched list apart from "unknown".
            var answer: UInt8 = 4 | (count > 0 ? 1 : 0)
            // The row reader drops the whole list when any element does not resolve.
            for i in 0..<count {
                let found = stringAnswer(elements[i])
                if found == StringAnswers.invalid { return StringAnswers.invalid }
                if found == StringAnswers.yes { answer |= 2 }
            }
            return answer
        }
    }
}
