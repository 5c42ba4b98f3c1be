/// Finds a pattern literal's occurrences in a value in time linear in the value, whatever the
/// literal: Knuth–Morris–Pratt.
///
/// A plain scan that compares the literal at every position costs value × literal in the worst
/// case, seconds for a long `*abab…x*` against a huge title (`benchmarks/RESULTS.md`, "Hardening
/// (issue 15)"). KMP never
/// re-reads a value character it has matched; its failure table costs the literal's length once,
/// when the query is compiled. Short literals (the usual names and words) are scanned directly,
/// which is as fast in practice and, at most ``directLimit`` comparisons per position, linear too.
/// Shared by ``TextMatcher`` and ``ASCIITextMatcher``, which hand in how to read one value element.
struct LiteralScanner: Sendable {
    /// Literals up to this length are matched by direct comparison at each position.
    static let directLimit = 8

    let literal: [UInt32]
    /// `failure[k]`: the length of the longest proper border of `literal[0..<k+1]`; empty when the
    /// literal is scanned directly.
    private let failure: [Int]

    init(_ literal: [UInt32]) {
        self.literal = literal
        guard literal.count > Self.directLimit else {
            failure = []
            return
        }
        var table = [Int](repeating: 0, count: literal.count)
        var border = 0
        for k in 1..<literal.count {
            while border > 0 && literal[k] != literal[border] { border = table[border - 1] }
            if literal[k] == literal[border] { border += 1 }
            table[k] = border
        }
        failure = table
    }

    /// Calls `found` with the start of every occurrence of the literal in `element(0..<count)` at
    /// or after `start`, left to right, while it returns true. The literal must not be empty.
    @inline(__always)
    func scan(count: Int, from start: Int, element: (Int) -> UInt32, found: (Int) -> Bool) {
        let length = literal.count
        guard length > 0, start + length <= count else { return }
        if failure.isEmpty {
            literal.withUnsafeBufferPointer { literal in
                let first = literal[0]
                var i = start
                while i + length <= count {
                    if element(i) == first {
                        var k = 1
                        while k < length && element(i + k) == literal[k] { k += 1 }
                        if k == length && !found(i) { return }
                    }
                    i += 1
                }
            }
            return
        }
        literal.withUnsafeBufferPointer { literal in
            failure.withUnsafeBufferPointer { failure in
                var matched = 0
                var i = start
                while i < count {
                    let value = element(i)
                    while matched > 0 && value != literal[matched] { matched = failure[matched - 1] }
                    if value == literal[matched] { matched += 1 }
                    if matched == length {
                        if !found(i + 1 - length) { return }
                        matched = failure[matched - 1]
                    }
                    i += 1
                }
            }
        }
    }
}
