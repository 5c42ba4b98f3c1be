import CRegexPrefilter
import FSFindTestSupport
import Glibc
import Testing

/// The conditions regcomp reads from a pattern, and regexec's answers with them: always glibc's.
@Suite struct RegexPrefilterTests {
    /// libmagic compiles and runs its patterns in a "C" locale of its own (`uselocale`); conditions
    /// are read only in a thread's own locale of single bytes and ASCII case.
    /// (A locale object is only read once made; any thread may use it, so sharing it is safe.)
    nonisolated(unsafe) private static let cLocale = newlocale(LC_CTYPE_MASK, "C", nil)

    private static func inCLocale<T>(_ body: () throws -> T) rethrows -> T {
        let old = uselocale(cLocale)
        defer { uselocale(old) }
        return try body()
    }

    /// One compiled pattern, freed with it.
    private final class Compiled {
        var regex = regex_t()
        init?(_ pattern: String, flags: Int32) {
            guard regcomp(&regex, pattern, flags) == 0 else { return nil }
        }
        deinit { regfree(&regex) }

        /// The conditions in words ("contains:a|b leads:c"), nil when it has none.
        var conditions: String? {
            var buffer = [CChar](repeating: 0, count: 1024)
            guard fsfind_regex_conditions(&regex, &buffer, buffer.count) else { return nil }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    private static let ere = REG_EXTENDED | REG_NEWLINE

    /// Patterns of libmagic 5.44's database, as it compiles them, and what they say.
    @Test(arguments: [
        ("typeof.*[!=]==", ere, "contains:typeof"),
        ("^[ \t]*0\r?", ere, "contains:0 leads:0"),
        (
            "^(import|export) [\"']\\./", ere,
            "contains:import \"./|import './|export \"./|export './ leads:import \"./|import './|export \"./|export './"
        ),
        ("^[[:space:]]*(class|module)[[:space:]][A-Z]", ere, "contains:class|module leads:class|module"),
        ("(modul|includ)e [A-Z]|def [a-z]", ere, "contains:module |include |def "),
        (
            "^(WinsockCRCList|OEMCPL)]", ere | REG_ICASE,
            "contains:winsockcrclist]|oemcpl] leads:winsockcrclist]|oemcpl]"
        ),
        ("^%?[ \t]*SiSU[ \t]+insert", ere, "contains:insert leads:SiSU"),
        ("^[!-?A-~]{1,255}(\t[^\t]+){11}", ere, "contains:\t"),
        ("ha:pcb-rnd-board-v[0-9]+[ \t\r\n]*[{]", ere, "contains:ha:pcb-rnd-board-v"),
        (
            "\\[Content_Types\\]\\.xml|_rels/\\.rels|docProps|customXml", ere,
            "contains:[Content_Types].xml|_rels/.rels|docProps|customXml"
        ),
        ("^[[:space:]]{0,50}def {1,50}[_a-zA-Z]{1,100}", ere, "contains:def leads:def"),
        ("module(\\.|\\[[\"'])exports.*=", ere, "contains:module.exports|module[\"exports|module['exports"),
    ])
    func conditionsOfLibmagicsPatterns(pattern: String, flags: Int32, expected: String) throws {
        let compiled = try #require(Self.inCLocale { Compiled(pattern, flags: flags) })
        #expect(compiled.conditions == expected)
    }

    /// Nothing to say (every text may match, or a part this reader does not know exactly), or not
    /// libmagic's locale: no conditions, so glibc answers every call.
    @Test func noConditionsWhereNoneAreCertain() throws {
        for pattern in ["^[^Cc \t].*$", "a*", "(ab|)c?", "[[=a=]]bc", "\\dabc", "x{0}", "(.)\\1", "^\\(*"] {
            let compiled = try #require(Self.inCLocale { Compiled(pattern, flags: Self.ere) })
            #expect(compiled.conditions == nil, "\(pattern)")
        }
        let global = try #require(Compiled("typeof", flags: Self.ere))
        #expect(global.conditions == nil)
    }

    /// A library loaded with dlopen (libmagic) finds this regexec before glibc's.
    @Test func aLoadedLibraryFindsTheseFunctions() {
        #expect(fsfind_regexec_bound() == fsfind_regexec_here())
    }

    /// Random patterns and texts made of the same few bytes: every answer, and every match's
    /// place, is glibc's own.
    @Test func answersAreGlibcsOnRandomPatterns() throws {
        var random = SplitMix64(seed: 0x7265_6765_7870)
        var patterns = 0
        var withConditions = 0
        var noMatchWithConditions = 0
        while patterns < 600 {
            let pattern = Self.randomPattern(&random)
            let flags =
                REG_EXTENDED | (random.next() % 2 == 0 ? REG_NEWLINE : 0) | (random.next() % 3 == 0 ? REG_ICASE : 0)
            guard let compiled = Self.inCLocale({ Compiled(pattern, flags: flags) }) else { continue }
            patterns += 1
            if compiled.conditions != nil { withConditions += 1 }
            for _ in 0..<120 {
                let text = Self.randomText(&random)
                let (answer, unfiltered) = Self.inCLocale { Self.answers(compiled, text) }
                try #require(answer == unfiltered, "pattern \(pattern) flags \(flags) text \(Array(text.utf8))")
                if compiled.conditions != nil, answer.matched == false { noMatchWithConditions += 1 }
            }
        }
        #expect(withConditions > 200)
        #expect(noMatchWithConditions > 10_000)
    }

    /// libmagic's patterns on texts made of their own words: glibc's answers.
    @Test func answersAreGlibcsOnLibmagicsPatterns() throws {
        var random = SplitMix64(seed: 0x6d61_6769_63)
        let words = [
            "import ", "export ", "class", "module", "#include", "typeof", "==", "0", " ", " ", "\t", "\n", "\n",
            "require(", "'", "\"", "./", "def ", "end", "SiSU", "insert", "Module", "CLASS", "x", "A", "=",
            "function(", "exports", "[", "]", "#!", "/bin/perl", "\r", ";", "from ", "OEMCPL]",
        ]
        let patterns: [(String, Int32)] = [
            ("^[ \t]*0\r?", Self.ere), ("^(import|export) [\"']\\./", Self.ere),
            ("^[[:space:]]*(class|module)[[:space:]][A-Z]", Self.ere), ("(modul|includ)e [A-Z]|def [a-z]", Self.ere),
            ("^(const|var|let).*=.*require\\(", Self.ere), ("^(import|export).* from ", Self.ere),
            ("typeof.*[!=]==", Self.ere), ("^[[:space:]]*end([[:space:]]+[;#if].*)?$", Self.ere),
            ("^#!.*/bin/perl([[:space:]].*)*$", Self.ere), ("\\((async )?function[( ]", Self.ere),
            ("^(WinsockCRCList|OEMCPL)]", Self.ere | REG_ICASE), ("^%?[ \t]*SiSU[ \t]+insert", Self.ere),
            ("module(\\.|\\[[\"'])exports.*=", Self.ere), ("^[[:space:]]{0,50}def {1,50}[_a-zA-Z]{1,100}", Self.ere),
            ("^class[[:space:]]+", REG_EXTENDED), ("^import.*;$", Self.ere | REG_ICASE),
        ]
        for (pattern, flags) in patterns {
            let compiled = try #require(Self.inCLocale { Compiled(pattern, flags: flags) })
            #expect(compiled.conditions != nil, "\(pattern)")
            for _ in 0..<2000 {
                let count = Int(random.next() % 12)
                let text = (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined()
                let (answer, unfiltered) = Self.inCLocale { Self.answers(compiled, text) }
                try #require(answer == unfiltered, "pattern \(pattern) text \(Array(text.utf8))")
            }
        }
    }

    private struct Answer: Equatable {
        var matched: Bool
        var start: Int
        var end: Int
    }

    /// regexec's answer (as libmagic asks: one match, no flags), and glibc's own.
    private static func answers(_ compiled: Compiled, _ text: String) -> (Answer, Answer) {
        func run(_ body: (UnsafePointer<CChar>, inout regmatch_t) -> Int32) -> Answer {
            var match = regmatch_t(rm_so: -7, rm_eo: -7)
            let result = text.withCString { body($0, &match) }
            return Answer(matched: result == 0, start: Int(match.rm_so), end: Int(match.rm_eo))
        }
        let answer = run { regexec(&compiled.regex, $0, 1, &$1, 0) }
        let unfiltered = run { fsfind_regexec_unfiltered(&compiled.regex, $0, 1, &$1, 0) }
        return (answer, unfiltered)
    }

    private static let textBytes: [String] = ["a", "b", "c", "A", "B", " ", "\t", "\n", "#", ".", "-", "ab", "abc"]

    private static func randomText(_ random: inout SplitMix64) -> String {
        let count = Int(random.next() % 24)
        return (0..<count).map { _ in textBytes[Int(random.next() % UInt64(textBytes.count))] }.joined()
    }

    private static func randomPattern(_ random: inout SplitMix64, depth: Int = 0) -> String {
        let branches = random.next() % 4 == 0 ? 2 : 1
        return (0..<branches).map { _ in
            let pieces = 1 + Int(random.next() % 5)
            return (0..<pieces).map { _ in randomPiece(&random, depth: depth) }.joined()
        }.joined(separator: "|")
    }

    private static let atoms = [
        "a", "b", "c", "A", " ", "\t", "#", "\\.", ".", "[ab]", "[^a]", "[[:space:]]", "[a-c]", "[ \t]", "[[:blank:]#]",
        "[]a]", "\\b", "\\w", "-",
    ]
    private static let repetitions = ["", "", "", "*", "+", "?", "{0,2}", "{1}", "{2}", "{1,3}", "{,2}"]

    private static func randomPiece(_ random: inout SplitMix64, depth: Int) -> String {
        switch random.next() % 12 {
        case 0: return "^"
        case 1: return "$"
        case 2 where depth < 2:
            let group = "(" + randomPattern(&random, depth: depth + 1) + ")"
            return group + repetitions[Int(random.next() % UInt64(repetitions.count))]
        default:
            let atom = atoms[Int(random.next() % UInt64(atoms.count))]
            let repetition = atom == "\\b" ? "" : repetitions[Int(random.next() % UInt64(repetitions.count))]
            return atom + repetition
        }
    }
}
