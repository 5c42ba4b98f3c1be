import FSFindTestSupport
import Foundation
import IndexFixtures
import QueryFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch

/// The query plan (raw section reads, ASCII byte matching, answers kept per string) must give
/// exactly the answers of ``CompiledQuery`` over ``IndexRow``: random queries × random items,
/// with non-ASCII, NFC/NFD, invalid UTF-8, `ß`, empty strings, camelCase and digits, and values
/// stored in columns as well as derived from the path and identity.
@Suite struct QueryPlanTests {
    static let context = QueryContext(
        now: Date(timeIntervalSinceReferenceDate: 712_345_678), timeZone: TimeZone(identifier: "UTC")!)

    /// Pieces names and values are made of; query patterns draw from the same pieces, so they hit.
    static let pieces = [
        "paris", "Paris", "PARIS", "pAris", "IMG", "_", "1234", "camelCase", "CamelCaseX", "ß", "SS", "straße",
        "Straße", "café", "cafe\u{301}", "CAFÉ", "naïve", "İstanbul", "i", "x", "-", " ", ".", "jpg", "JPG", "mp3",
        "README", "index", "html", "日本", "\u{301}", "e", "a1", "A1b", "K", "\u{212A}", "ﬁ", "fi", "é", "E",
        "résumé", "Łódź", "ÆØÅ", "ÿ", "µ", "ŉ", "ſ", "ǅ", "ab", "AB", "Ab", "aB", "%", "…", "\u{1F3B5}", "zoë",
        "two words",
    ]

    struct Generator {
        var rng: SplitMix64

        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
        mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }

        mutating func text(maxPieces: Int = 3) -> String {
            (0..<Int.random(in: 0...maxPieces, using: &rng)).map { _ in pick(QueryPlanTests.pieces) }.joined()
        }

        mutating func name() -> [UInt8] {
            var name = Array(text(maxPieces: 4).utf8)
            if name.isEmpty || name == Array(".".utf8) || name == Array("..".utf8) { name = Array("n".utf8) }
            name.removeAll { $0 == UInt8(ascii: "/") }
            if chance(0.05) { name += [0xFF, 0xC3] }  // invalid UTF-8
            if chance(0.3) { name += Array(pick([".jpg", ".MP3", ".html", ".tar.gz", ""]).utf8) }
            return name
        }

        mutating func item(_ path: [UInt8], n: UInt64) -> IndexedItem {
            var extra: [Attribute: AttributeValue] = [:]
            if chance(0.1) { extra[.displayName] = .text(text()) }  // stored, not derived
            if chance(0.05) { extra[.fsName] = .text(text()) }
            if chance(0.4) { extra[.title] = .text(text()) }
            if chance(0.3) { extra[.album] = .text(pick(["Paris", "Abbey Road", "", "Été", "straße"])) }
            if chance(0.3) {
                extra[.authorNames] = .textList((0..<Int.random(in: 0...3, using: &rng)).map { _ in text() })
            }
            if chance(0.2) {
                extra[.keywords] = .textList((0..<Int.random(in: 0...2, using: &rng)).map { _ in text() })
            }
            if chance(0.3) { extra[.duration] = .number(pick([0, 59.9, 60, 60.5, 3600, -1, .nan, .infinity])) }
            if chance(0.1) { extra[.fileSize] = .number(pick([0, 1, 1e12, -0.0])) }
            if chance(0.15) {
                extra[.contentModificationDate] = .date(
                    Date(timeIntervalSinceReferenceDate: 712_345_678 - Double(n) * 7919))
            }
            if chance(0.1) { extra[.artist] = .text(text()) }
            // Format 2: creation dates in runs of 7 rows (run-encoded), a content creation date
            // that half the time repeats it (a flag bit, no cell), and one addedDate for all.
            let created = AttributeValue.date(Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(n / 7)))
            extra[.fsCreationDate] = created
            extra[.contentCreationDate] =
                chance(0.5) ? created : .date(Date(timeIntervalSinceReferenceDate: 650_000_000 + Double(n)))
            if chance(0.1) { extra[.contentCreationDate] = nil }
            return Fixtures.item(path, folder: chance(0.15), extra, n: n)
        }

        mutating func pattern() -> TextPattern {
            var segments: [TextPattern.Segment] = []
            var wildcard = chance(0.5)
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                if wildcard {
                    segments.append(.wildcard)
                } else {
                    let literal = text(maxPieces: 2)
                    if !literal.isEmpty { segments.append(.literal(literal)) }
                }
                wildcard.toggle()
            }
            // Two wildcards never touch (the parser merges them).
            var merged: [TextPattern.Segment] = []
            for segment in segments where !(segment == .wildcard && merged.last == .wildcard) {
                if case .literal(let b) = segment, case .literal(let a)? = merged.last {
                    merged[merged.count - 1] = .literal(a + b)
                } else {
                    merged.append(segment)
                }
            }
            return TextPattern(merged)
        }

        mutating func leaf() -> QueryExpression {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<5:
                let attribute = pick([
                    Attribute.fsName, .displayName, .displayName, .title, .album, .authorNames, .keywords, .artist,
                    .path, .kind, .contentType,
                ])
                let target: AttributeTarget = chance(0.05) ? .anyText : .attribute(attribute)
                let modifiers = TextModifiers(
                    caseInsensitive: chance(0.5), diacriticInsensitive: chance(0.3), wordBased: chance(0.3),
                    tokenized: chance(0.15))
                let pattern = chance(0.05) ? TextPattern([.wildcard]) : pattern()
                return .comparison(
                    Comparison(
                        target: target, op: chance(0.75) ? .equal : .notEqual, value: .text(pattern),
                        modifiers: pattern.isPresenceTest ? TextModifiers() : modifiers))
            case 5, 6:
                let attribute = pick([
                    Attribute.duration, .fileSize, .contentModificationDate, .pixelWidth, .contentCreationDate,
                    .fsCreationDate, .addedDate,
                ])
                let value: QueryValue =
                    attribute == .contentModificationDate && chance(0.5)
                    ? .time(pick([.today(-30), .now(nil), .thisYear(nil), .today(nil)]))
                    : .number(pick([0, 60, 59.9, 1e12, 712_345_678, 712_000_000, -1, 700_000_003, 650_000_020]))
                return .comparison(
                    Comparison(target: .attribute(attribute), op: pick(ComparisonOperator.allCases), value: value))
            case 7:
                let attribute = pick([Attribute.contentModificationDate, .duration, .fileSize])
                if attribute == .contentModificationDate {
                    return .inRange(
                        RangeTest(attribute: attribute, lower: .time(.today(-30)), upper: .time(.today(nil))))
                }
                return .inRange(RangeTest(attribute: attribute, lower: .number(0), upper: .number(pick([60, 1e6]))))
            default:
                return .freeText(
                    (0..<Int.random(in: 1...2, using: &rng)).map { _ in
                        let word = text(maxPieces: 2)
                        return word.isEmpty ? "paris" : word
                    })
            }
        }

        mutating func expression(depth: Int = 0) -> QueryExpression {
            if depth >= 2 || chance(0.6) {
                let leaf = leaf()
                // Free text is only ever the whole query.
                if case .freeText = leaf, depth > 0 { return expression(depth: depth) }
                return leaf
            }
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: return .and((0..<2).map { _ in expression(depth: depth + 1) })
            case 1: return .or((0..<2).map { _ in expression(depth: depth + 1) })
            default: return .not(expression(depth: depth + 1))
            }
        }
    }

    static func writeIndex(_ items: [IndexedItem], folder: TemporaryFolder) throws -> IndexFile {
        let path = folder.file("plan.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        return try IndexFile(path: path)
    }

    /// Every row: the plan's match and relevance equal the row reader's. False when a reader of
    /// the file refuses it (damage found when it is made, so no plan ever reads it).
    @discardableResult
    static func expectSameAnswers(_ expression: QueryExpression, _ index: IndexFile, _ label: String) -> Bool {
        let query = Query(expression: expression)
        guard let compiled = try? CompiledQuery(query, context: context) else { return true }
        guard let reader = try? index.reader(for: compiled.referencedAttributes) else { return false }
        // With the file's words (format 6) and without them (an older file: every value measured).
        for withWords in [true, false] {
            let views = IndexViews(reader: reader)
            if !withWords { views.words = nil }
            expectSameAnswers(
                query, compiled, QueryPlan(compiled, views: views), index, label + (withWords ? "" : " (no words)"))
        }
        // The words looked up once for two plans, as a scan's parts share them, in tables that
        // earlier queries' look-ups used and gave back (``LookUpTables``).
        let lookUps = FreeTextLookUp.leaves(
            of: compiled, views: IndexViews(reader: reader), content: nil, tables: Self.recycledTables)
        // The second part's views keep the strings each column names, as a search session's do.
        for part in 0..<2 {
            let views = IndexViews(reader: reader)
            views.keepsNamedStrings = part == 1
            let plan = QueryPlan(compiled, views: views, lookUps: lookUps)
            expectSameAnswers(query, compiled, plan, index, label + " (shared look-up, part \(part))")
        }
        return true
    }

    /// Tables every test's look-ups give back and take again.
    static let recycledTables = LookUpTables()

    static func expectSameAnswers(
        _ query: Query, _ compiled: CompiledQuery, _ plan: QueryPlan, _ index: IndexFile, _ label: String
    ) {
        var mismatches = 0
        for row in 0..<index.itemCount {
            let expected = compiled.matches(index.row(row))
            let expectedScore = compiled.relevance(index.row(row))
            if plan.matches(row) != expected || plan.relevance(row).bitPattern != expectedScore.bitPattern {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record(
                        "\(label): \(query.description) on row \(row) \(PathBytes.display(index.path(at: row))): expected \(expected) \(expectedScore), plan \(plan.matches(row)) \(plan.relevance(row))"
                    )
                }
            }
        }
    }

    /// Columns of few values (a title on 3 rows of 200, authors on 2) are skipped by what their
    /// cells name when no word can be in them, and read when one can: in views that keep the
    /// strings each column names (a search session's) as in views that read the cells.
    @Test func fewValuedColumnsAreSkippedByTheStringsTheyName() throws {
        let folder = TemporaryFolder()
        var items = (0..<197).map { Fixtures.item("/r/file \($0).txt", n: UInt64($0)) }
        items.append(Fixtures.item("/r/a.mp3", [.title: .text("Zebra crossing")], n: 300))
        items.append(
            Fixtures.item("/r/b.mp3", [.title: .text("Quiet night"), .authorNames: .textList(["Yves Klein"])], n: 301))
        items.append(
            Fixtures.item("/r/c.mp3", [.title: .text("Fil rouge"), .authorNames: .textList(["Ann Zola"])], n: 302))
        let index = try Self.writeIndex(items, folder: folder)
        for words in [["zeb"], ["zo"], ["yv"], ["kle"], ["night"], ["fil"], ["qu", "ni"], ["file"], ["nothing"]] {
            let query = Query(expression: .freeText(words))
            let compiled = try CompiledQuery(query, context: Self.context)
            let reader = try index.reader(for: compiled.referencedAttributes)
            let views = IndexViews(reader: reader)
            views.keepsNamedStrings = true
            Self.expectSameAnswers(query, compiled, QueryPlan(compiled, views: views), index, "\(words)")
            Self.expectSameAnswers(query, compiled, QueryPlan(compiled, views: views), index, "\(words), again")
            // The session's tables, made once from views of their own (``NamedStrings``).
            let given = IndexViews(reader: reader)
            given.keepsNamedStrings = true
            given.givenNamedStrings = NamedStrings(views: IndexViews(reader: reader))
            Self.expectSameAnswers(query, compiled, QueryPlan(compiled, views: given), index, "\(words), given")
        }
    }

    @Test func planAnswersAsTheRowReaderDoes() throws {
        var generator = Generator(rng: SplitMix64(seed: 0xF457_0001))
        let folder = TemporaryFolder()
        var items: [IndexedItem] = []
        var folders: [[UInt8]] = [Array("/r".utf8)]
        for n in 0..<400 {
            let parent = generator.pick(folders)
            let path = PathBytes.join(parent, generator.name())
            if generator.chance(0.2) { folders.append(path) }
            items.append(generator.item(path, n: UInt64(n)))
        }
        // A root-level item (its name is the whole path, read the slow way) and a name that repeats.
        items.append(Fixtures.item("/paris.jpg", n: 401))
        for n in 402..<420 { items.append(Fixtures.item("/r/dup\(n)/index.html", n: UInt64(n))) }
        let index = try Self.writeIndex(items, folder: folder)
        for case_ in 0..<600 {
            Self.expectSameAnswers(generator.expression(), index, "case \(case_)")
        }
        // The parser's own random trees, with its stranger pieces (quotes, marks, emoji).
        var other = ExpressionGenerator(rng: SplitMix64(seed: 0xF457_0002))
        for case_ in 0..<300 {
            Self.expectSameAnswers(other.query(), index, "tree \(case_)")
        }
    }

    @Test func asciiMatcherAgreesWithTextMatcherOnSingleValues() {
        var generator = Generator(rng: SplitMix64(seed: 0xF457_0003))
        let asciiPieces = [
            "paris", "Paris", "PARIS", "IMG_", "1234", "camelCase", "a-b", " ", ".", "x", "", "SS", "ab",
        ]
        for _ in 0..<5000 {
            let value = (0..<Int.random(in: 0...4, using: &generator.rng)).map { _ in generator.pick(asciiPieces) }
                .joined()
            let pattern = generator.pattern()
            guard !pattern.isPresenceTest else { continue }
            let modifiers = TextModifiers(
                caseInsensitive: generator.chance(0.5), diacriticInsensitive: generator.chance(0.3),
                wordBased: generator.chance(0.4), tokenized: generator.chance(0.2))
            let matcher = TextMatcher(pattern, modifiers: modifiers)
            let fast = Array(value.utf8).withUnsafeBytes { ASCIITextMatcher(matcher).matches(ASCIIText(bytes: $0)) }
            #expect(fast == matcher.matches(value), "\(QueryPrinter.string(pattern))\(modifiers.letters) on \(value)")
        }
    }

    /// Up to eight characters, each one of `ascii` or any of U+0080–U+017F.
    static func latinText(_ ascii: [Unicode.Scalar], _ rng: inout SplitMix64) -> String {
        var scalars: [Unicode.Scalar] = []
        for _ in 0..<Int.random(in: 0...8, using: &rng) {
            if Bool.random(using: &rng) {
                scalars.append(ascii[Int.random(in: 0..<ascii.count, using: &rng)])
            } else if let scalar = Unicode.Scalar(UInt32.random(in: 0x80..<0x180, using: &rng)) {
                scalars.append(scalar)
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    @Test func latinFoldingAgreesWithFoundationsDecomposition() {
        var rng = SplitMix64(seed: 0xF457_0007)
        let ascii = Array("aZ09 _-.İ".unicodeScalars.filter(\.isASCII))
        for _ in 0..<3000 {
            let text = Self.latinText(ascii, &rng)
            for (c, d) in [(false, false), (true, false), (false, true), (true, true)] {
                let expected = TextFolding.fold(text, caseInsensitive: c, diacriticInsensitive: d)
                let bytes = Array(text.utf8)
                let folded = bytes.withUnsafeBytes {
                    TextFolding.foldLatin($0, caseInsensitive: c, diacriticInsensitive: d)
                }
                guard let folded else {
                    Issue.record("no Latin fold for \(text.debugDescription)")
                    continue
                }
                #expect(folded.scalars == expected.scalars, "\(text.debugDescription) c \(c) d \(d)")
                #expect(folded.boundary == expected.boundary, "\(text.debugDescription) c \(c) d \(d)")
                #expect(folded.isWord == expected.isWord, "\(text.debugDescription) c \(c) d \(d)")
                #expect(
                    (0...folded.count).allSatisfy {
                        folded.isCharacterBoundary($0) == expected.isCharacterBoundary($0)
                    },
                    "\(text.debugDescription)")
            }
        }
        // Anything else is left to Foundation.
        for bytes: [UInt8] in [[0xC3], [0xC3, 0x41], [0xE2, 0x80, 0xA6], [0xC6, 0x80], [0xFF], [0xCC, 0x81]] {
            #expect(
                bytes.withUnsafeBytes { TextFolding.foldLatin($0, caseInsensitive: true, diacriticInsensitive: true) }
                    == nil)
        }
    }

    /// Free text measures an accented Latin value as the ASCII bytes of its letters without their
    /// marks: that must fold (case and diacritics) to the same scalars, words and boundaries as
    /// the value itself, and anything else must be refused.
    @Test func latinLettersWithoutMarksFoldAsTheValueDoes() {
        var rng = SplitMix64(seed: 0xF457_0008)
        let ascii = Array("aZ09 _-.Ik".unicodeScalars)
        var stripped = 0
        for _ in 0..<3000 {
            let text = Self.latinText(ascii, &rng)
            let bytes = Array(text.utf8)
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = bytes.withUnsafeBytes { source in
                buffer.withUnsafeMutableBytes { TextFolding.strippingLatinMarks(source, into: $0) }
            }
            guard let count else { continue }
            stripped += 1
            let plain = String(decoding: buffer[..<count], as: UTF8.self)
            #expect(plain.unicodeScalars.allSatisfy { $0.isASCII }, "\(text.debugDescription)")
            let expected = TextFolding.fold(text, caseInsensitive: true, diacriticInsensitive: true)
            let folded = TextFolding.fold(plain, caseInsensitive: true, diacriticInsensitive: true)
            #expect(folded.scalars == expected.scalars, "\(text.debugDescription)")
            #expect(folded.words == expected.words, "\(text.debugDescription)")
        }
        #expect(stripped > 500)
        let cases: [(String, String?)] = [
            ("Café Müller", "Cafe Muller"), ("naïve", "naive"), ("İstanbul", "Istanbul"), ("ÉtéÀ", "EteA"),
            ("Straße", nil), ("Łódź", nil), ("æon", nil), ("a\u{00A0}b", nil), ("…", nil),
        ]
        for (text, plain) in cases {
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = Array(text.utf8).withUnsafeBytes { source in
                buffer.withUnsafeMutableBytes { TextFolding.strippingLatinMarks(source, into: $0) }
            }
            #expect(count.map { String(decoding: buffer[..<$0], as: UTF8.self) } == plain, "\(text)")
        }
        // A lone lead byte, and a buffer too small.
        var small = [UInt8](repeating: 0, count: 2)
        #expect(
            [UInt8]([0xC3]).withUnsafeBytes { s in
                small.withUnsafeMutableBytes { TextFolding.strippingLatinMarks(s, into: $0) }
            } == nil)
        #expect(
            Array("abc".utf8).withUnsafeBytes { s in
                small.withUnsafeMutableBytes { TextFolding.strippingLatinMarks(s, into: $0) }
            } == nil)
    }

    @Test func searcherCountsAndOrdersAsBefore() throws {
        var generator = Generator(rng: SplitMix64(seed: 0xF457_0004))
        let folder = TemporaryFolder()
        let items = (0..<200).map { n in
            generator.item(Array("/s/".utf8) + generator.name() + Array("\(n)".utf8), n: UInt64(n))
        }
        let index = try Self.writeIndex(items, folder: folder)
        let searcher = Searcher(index: IndexSnapshot(index))
        for text in ["paris", "ca", "fsName == \"*paris*\"c", "duration > 60", "title == \"*\" || album == \"p*\"cd"] {
            let query = try Query.parse(text)
            let compiled = try CompiledQuery(query, context: Self.context)
            let expected = (0..<index.itemCount).filter { compiled.matches(index.row($0)) }
            let found = try searcher.search(compiled, isFreeText: query.isFreeText, request: SearchRequest(sort: .path))
            #expect(found == expected, "\(text)")
            #expect(try searcher.count(compiled, request: SearchRequest()) == expected.count, "\(text)")
            #expect(try searcher.count(compiled, request: SearchRequest(limit: 3)) == min(3, expected.count))
            if query.isFreeText {
                let ranked = try searcher.search(compiled, isFreeText: true, request: SearchRequest())
                let scored = expected.map { (row: $0, score: compiled.relevance(index.row($0))) }
                let order = scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.row < $1.row }.map(\.row)
                #expect(ranked == order, "\(text)")
            }
        }
    }

    /// The interactive scan through plans ranks and counts exactly as it did through the row reader.
    @Test func interactiveScanMatchesTheRowReaderScan() throws {
        var generator = Generator(rng: SplitMix64(seed: 0xF457_0006))
        let folder = TemporaryFolder()
        var items: [IndexedItem] = []
        for n in 0..<300 {
            items.append(generator.item(Array("/i/".utf8) + generator.name() + Array("\(n % 7)".utf8), n: UInt64(n)))
        }
        items.append(Fixtures.item("/paris", n: 999))
        let index = try Self.writeIndex(items, folder: folder)
        let ranker = ResultRanker(now: Self.context.now)
        let reader = try index.readerOfEverything()
        let scan = InteractiveScan(reader: reader, ranker: ranker, limit: 40)
        let typed = [
            "paris", "p", "ca", "t", "aris", "camel", "straße", "IMG 12", "zoë", "é", "x y", "fsName == \"*paris*\"c",
            "kind:folder", "kind:folder paris", "duration > 60", "title == \"*\"", "README index",
            // Trees of type tests, each one leaf of the plan.
            "kind:a", "kind:au", "kind:audio", "kind:a paris", "-kind:folder", "kind:folder || kind:au",
        ]
        for text in typed {
            for scope in [Scope.all, .folder, .audio] {
                let query = FieldQuery(SearchField(text), context: Self.context)
                guard query.error == nil else { continue }
                let result = try #require(try scan.run(query, scope: scope, onlyIn: nil))
                // The scan as it was: every value through the row reader.
                var matched: [Int] = []
                var top = TopResults(capacity: 40)
                var counts = [Int](repeating: 0, count: Scope.allCases.count)
                var total = 0
                for row in 0..<index.itemCount {
                    let item = reader.row(row)
                    if let filter = query.filter, !filter.matches(item) { continue }
                    let score: Double
                    if query.isFreeText {
                        guard let found = ranker.freeTextScore(query, row: item, name: { index.name(at: row) }) else {
                            continue
                        }
                        score = found
                    } else if let text = query.text {
                        guard text.matches(item) else { continue }
                        score = ranker.recency(item)
                    } else {
                        score = ranker.recency(item)
                    }
                    matched.append(row)
                    var tree: [String] = []
                    if case .textList(let list)? = item.value(of: .contentTypeTree) { tree = list }
                    for (position, each) in Scope.allCases.enumerated() where each.contains(tree: tree) {
                        counts[position] += 1
                    }
                    if scope.contains(tree: tree) {
                        total += 1
                        top.insert(row: row, score: score)
                    }
                }
                #expect(result.matched == matched, "\(text) in \(scope)")
                #expect(result.rows == top.sortedRows(), "\(text) in \(scope)")
                #expect(result.counts == counts, "\(text) in \(scope)")
                #expect(result.total == total, "\(text) in \(scope)")
            }
        }
    }

    /// Damage behind valid checksums (a buggy writer): the plan falls back or reads "absent" exactly
    /// where the row reader does, never a different answer.
    @Test func damagedButConsistentFilesGiveTheRowReadersAnswers() throws {
        var generator = Generator(rng: SplitMix64(seed: 0xF457_0005))
        let folder = TemporaryFolder()
        let goodPath = folder.file("good.fsfind")
        let items = (0..<60).map { n in
            generator.item(Array("/d/".utf8) + generator.name() + Array("\(n)".utf8), n: UInt64(n))
        }
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: goodPath)
        let good = try Array(Data(contentsOf: URL(fileURLWithPath: goodPath)))
        let sections = try IndexFile(path: goodPath).sections
        let queries = (0..<12).map { _ in generator.expression() }
        let path = folder.file("fuzz.fsfind")
        var compared = 0
        for iteration in 0..<200 {
            var bytes = good
            let section = sections[Int.random(in: 0..<sections.count, using: &generator.rng)]
            for _ in 0..<Int.random(in: 1...3, using: &generator.rng) {
                let at = section.offset + Int.random(in: 0..<section.length, using: &generator.rng)
                bytes[at] = generator.pick([0x00, 0xFF, 0x7F, 0x80, UInt8.random(in: 0...255, using: &generator.rng)])
            }
            Fixtures.fixChecksums(&bytes)
            guard let index = try? IndexFile(bytes: bytes, name: path) else { continue }
            // Free text answers from the words section, made from the strings when the file was
            // written: a writer that then damaged one of the two (checksums and all) leaves them
            // disagreeing, and free text follows the words. Every other answer is the row reader's.
            let derived = section.kind == .strings || section.kind == .words
            for query in queries where !(derived && query.hasFreeText) {
                if Self.expectSameAnswers(query, index, "iteration \(iteration) \(section.kind)") { compared += 1 }
            }
        }
        // Most damage keeps every section's shape (a value's bytes, a string's), and the plans
        // read those files; a shape a reader refuses is an error before any plan is made.
        #expect(compared > 600, "compared \(compared) queries")
    }

    /// A damaged section gives the same `.indexCorrupt` error through the fast path as before.
    @Test func checksumDamageIsReportedAsBefore() throws {
        let folder = TemporaryFolder()
        let path = folder.file("plan.fsfind")
        try IndexWriter.write(Fixtures.contents(), to: path)
        let file = try IndexFile(path: path)
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let names = try #require(file.sections.first { $0.kind == .names })
        bytes[names.offset + 9] ^= 0x10
        let damaged = folder.file("damaged.fsfind")
        _ = FileManager.default.createFile(atPath: damaged, contents: Data(bytes))
        let index = try IndexFile(path: damaged)
        let compiled = try CompiledQuery(try Query.parse("fsName == \"*a*\"c"), context: Self.context)
        do {
            _ = try Searcher(index: IndexSnapshot(index)).count(compiled, request: SearchRequest())
            Issue.record("no error")
        } catch {
            #expect(error.code == .indexCorrupt)
            #expect(error.message.contains("checksum mismatch in its names section"), "\(error.message)")
        }
        // The search field's scan reads through a reader of everything, which finds it when made.
        #expect(throws: FSFindError.self) { _ = try IndexSnapshot(index).readerOfEverything() }
    }
}
