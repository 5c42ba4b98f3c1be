import FSFindIndexFormat
import FSFindQuery

/// A test that reads only the type attributes (`contentType`, its tree, `mimeType`, `kind`): the
/// answer is the same for every row of one type-table entry, so it is worked out once per entry
/// (a few dozen) with the row reader. A row whose entry is unreadable is judged on its own.
final class TypeLeaf {
    private let node: Node
    private let index: IndexReader
    private let types: TypeColumnView?
    private let answers: FlatTable<UInt8>

    init(_ node: Node, views: IndexViews) {
        self.node = node
        index = views.index
        types = views.types
        answers = FlatTable(count: views.types?.typeCount ?? 0, repeating: 0)
    }

    @inline(__always) func test(_ row: Int) -> Bool {
        guard let type = types?.typeID(row) else { return node.evaluate(index.row(row)) }
        if answers[type] == 0 { answers[type] = node.evaluate(index.row(row)) ? 2 : 1 }
        return answers[type] == 2
    }
}
