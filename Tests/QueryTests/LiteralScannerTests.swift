import FSFindTestSupport
import Testing

@testable import FSFindModel
@testable import FSFindQuery

/// Pattern literals are found in time linear in the value, and the matchers built on them give
/// the answers a plain backtracking glob gives.
@Suite struct LiteralScannerTests {
    private static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    /// Every occurrence, by comparing at every position.
    private static func naiveOccurrences(_ literal: [UInt32], in value: [UInt32], from start: Int) -> [Int] {
        guard !literal.isEmpty, literal.count <= value.count else { return [] }
        return (start..<max(start, value.count - literal.count + 1)).filter {
            Array(value[$0..<$0 + literal.count]) == literal
        }
    }

    @Test func findsEveryOccurrenceAsANaiveScanDoes() {
        var random = SplitMix64(seed: 0x5CA7)
        for _ in 0..<3_000 {
            let value = (0..<Int(random.next() % 40)).map { _ in UInt32(97 + random.next() % 2) }
            let literal = (0..<Int(1 + random.next() % 14)).map { _ in UInt32(97 + random.next() % 2) }
            let start = value.isEmpty ? 0 : Int(random.next() % UInt64(value.count))
            var found: [Int] = []
            LiteralScanner(literal).scan(
                count: value.count, from: start, element: { value[$0] },
                found: {
                    found.append($0)
                    return true
                })
            #expect(found == Self.naiveOccurrences(literal, in: value, from: start), "\(literal) in \(value)")
        }
    }

    @Test func readsEachValueElementABoundedNumberOfTimes() {
        // The hostile case: `abab…abx` (2,000 characters) in `abab…` (200,000); a direct scan would
        // read about 2,000 elements at each of 200,000 places.
        let literal = Array(repeating: Self.scalars("ab"), count: 1_000).flatMap { $0 } + Self.scalars("x")
        let value = Array(repeating: Self.scalars("ab"), count: 100_000).flatMap { $0 }
        var reads = 0
        var found = 0
        LiteralScanner(literal).scan(
            count: value.count, from: 0,
            element: {
                reads += 1
                return value[$0]
            },
            found: { _ in
                found += 1
                return true
            })
        #expect(found == 0)
        #expect(reads <= value.count, "\(reads) reads")
    }

    /// `*`-only glob by backtracking, the definition the matchers must agree with.
    private static func globMatches(_ pattern: [Character], _ value: [Character]) -> Bool {
        guard let first = pattern.first else { return value.isEmpty }
        if first == "*" {
            return (0...value.count).contains { globMatches(Array(pattern.dropFirst()), Array(value[$0...])) }
        }
        return value.first == first && globMatches(Array(pattern.dropFirst()), Array(value.dropFirst()))
    }

    @Test func matchersAgreeWithABacktrackingGlobOnLongLiterals() throws {
        var random = SplitMix64(seed: 0x5CA8)
        func word(_ maximum: Int) -> String {
            String((0..<Int(random.next() % UInt64(maximum))).map { _ in random.next() % 3 == 0 ? "b" : "a" })
        }
        for _ in 0..<2_000 {
            let value = word(30)
            var glob = random.next() % 2 == 0 ? "*" : ""
            for _ in 0..<Int(1 + random.next() % 3) { glob += word(14) + "*" }
            if random.next() % 2 == 0 { glob.removeLast() }
            let query = try Query.parse("title == \"\(glob)\"")
            guard case .comparison(let comparison) = query.expression, case .text(let pattern) = comparison.value
            else {
                Issue.record("not a text comparison: \(glob)")
                return
            }
            let matcher = TextMatcher(pattern, modifiers: TextModifiers())
            let expected = Self.globMatches(Array(glob), Array(value))
            #expect(matcher.matches(value) == expected, "\(glob) on \(value)")
            let fast = Array(value.utf8).withUnsafeBytes { ASCIITextMatcher(matcher).matches(ASCIIText(bytes: $0)) }
            #expect(fast == expected, "ASCII: \(glob) on \(value)")
            for modifiers in [TextModifiers(wordBased: true), TextModifiers(caseInsensitive: true, wordBased: true)] {
                let wordMatcher = TextMatcher(pattern, modifiers: modifiers)
                let spaced = value.replacingOccurrences(of: "b", with: " ")
                let ascii = Array(spaced.utf8).withUnsafeBytes {
                    ASCIITextMatcher(wordMatcher).matches(ASCIIText(bytes: $0))
                }
                #expect(ascii == wordMatcher.matches(spaced), "w: \(glob) on \(spaced)")
            }
        }
    }
}
