/// The query text as the lexer walks it: an array of Unicode scalars, plus the table that maps a
/// scalar offset to the Character offset (display column) errors are reported in.
///
/// Scalars rather than Characters because the grammar is defined on code points (a quote followed
/// by a combining mark is still a quote), and indexing an array is O(1) where `String.Index`
/// arithmetic is not.
struct SourceText: Sendable {
    let scalars: [Unicode.Scalar]
    /// `columns[i]` is the Character offset of the Character that scalar `i` belongs to;
    /// `columns[scalars.count]` is the Character count.
    let columns: [Int]

    init(_ text: String) {
        var scalars: [Unicode.Scalar] = []
        var columns: [Int] = []
        scalars.reserveCapacity(text.unicodeScalars.count)
        columns.reserveCapacity(text.unicodeScalars.count + 1)
        var column = 0
        for character in text {
            for scalar in character.unicodeScalars {
                scalars.append(scalar)
                columns.append(column)
            }
            column += 1
        }
        columns.append(column)
        self.scalars = scalars
        self.columns = columns
    }

    var count: Int { scalars.count }

    subscript(_ i: Int) -> Unicode.Scalar? { i >= 0 && i < scalars.count ? scalars[i] : nil }

    /// A ``QueryError`` at the scalar range `range`, reported in Character offsets. A range that
    /// ends inside a Character is widened to cover it, so the caret spans whole columns.
    func error(_ message: String, _ range: Range<Int>) -> QueryError {
        let lower = columns[min(max(range.lowerBound, 0), scalars.count)]
        let upperScalar = min(max(range.upperBound, range.lowerBound), scalars.count)
        var upper = columns[upperScalar]
        if upperScalar > range.lowerBound, upperScalar < scalars.count, columns[upperScalar - 1] == upper {
            upper += 1
        }
        return QueryError(message: message, range: lower..<max(upper, lower))
    }

    /// The text of a scalar range, for quoting in messages.
    func text(_ range: Range<Int>) -> String {
        // A scalar at a time: `append(contentsOf:)` runs unspecialised, and its first call
        // searches the binary's conformance records (a query's start pays for it).
        var text = ""
        for scalar in scalars[max(0, range.lowerBound)..<min(range.upperBound, scalars.count)] {
            text.unicodeScalars.append(scalar)
        }
        return text
    }
}
