import Foundation

/// A line of context around the words a query found in a file (`fsfind query --snippets`), and
/// the page it is on when the text has pages.
package struct Snippet: Sendable, Equatable {
    package var text: String
    /// 1-based; nil for text without pages. A PDF's pages are separated by form feeds in its
    /// stored text, as are the pages of a plain text that has them.
    package var page: Int?

    init(text: String, page: Int? = nil) {
        self.text = text
        self.page = page
    }

    /// The page of the first matched word of `marked` (a snippet as FTS5 cuts it: `…` at a cut
    /// end, each matched word between U+0002 and U+0003) in `body`: one more than the form feeds
    /// before it. A fragment is the body's own text between its first and last word, so without
    /// its marks it is found verbatim; nil when it is not.
    static func page(of marked: String, in body: String) -> Int? {
        var scalars = Substring(marked).unicodeScalars
        if scalars.first == "…" { scalars = scalars.dropFirst() }
        if scalars.last == "…" { scalars = scalars.dropLast() }
        var plain = String.UnicodeScalarView()
        var matchOffset: Int?
        for scalar in scalars {
            if scalar == "\u{2}" {
                if matchOffset == nil { matchOffset = plain.count }
                continue
            }
            if scalar != "\u{3}" { plain.append(scalar) }
        }
        guard let matchOffset, !plain.isEmpty else { return nil }
        let bodyScalars = body.unicodeScalars
        guard let found = body.range(of: String(plain)) else { return nil }
        let match = bodyScalars.index(found.lowerBound, offsetBy: matchOffset)
        return bodyScalars[..<match].reduce(1) { $1 == "\u{0C}" ? $0 + 1 : $0 }
    }
}
