/// FTS5 query expressions built from words, never from raw user syntax: each word is quoted (so
/// `OR`, `*`, `"` and `-` in it are characters, not operators).
enum TextQuery {
    /// Every word, each also as a prefix (`bre` finds "bread"): what free text asks of a file's
    /// words. Empty words are left out; no words at all match nothing.
    static func words(_ words: [String], prefix: Bool = true) -> String {
        let terms = words.filter { !$0.isEmpty }.map { quoted($0) + (prefix ? "*" : "") }
        return terms.isEmpty ? quoted("") : terms.joined(separator: " AND ")
    }

    /// The words next to each other, in this order (mdfind's quoted phrase); with `prefix`, the
    /// last one may be the start of a word.
    static func phrase(_ words: [String], prefix: Bool = false) -> String {
        quoted(words.joined(separator: " ")) + (prefix ? "*" : "")
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
