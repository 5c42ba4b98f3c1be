import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindIndex
@testable import FSFindIndexing
@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindQuery
@testable import FSFindSearch
@testable import FSFindText

/// Typing a field one key at a time, as `fsfind search` answers it (a recent result, the last
/// scan's matches when the field narrows, or every row), gives what a scan of every row gives
/// for the same field: narrowing is only a shortcut.
@Suite struct TypingEquivalenceTests {
    let folder = TemporaryFolder()
    let index: IndexSnapshot
    let store: TextStore
    let context = QueryContext(now: Date(), timeZone: TimeZone(identifier: "UTC")!)

    init() throws {
        let tree = folder.path + "/tree"
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        // Names that hold the typed words, inside words or not at all; words only inside files.
        let files = [
            "shopping.txt": "buy bread and milk\n", "breakfast.txt": "eggs\n", "umbrella.txt": "nothing\n",
            "comparison.txt": "tables\n", "travel.txt": "we went to paris in may\n",
            "paris-trip.txt": "the louvre\n", "report-2024.txt": "quarterly figures\n",
            "notes.txt": "the repair of the roof\n",
        ]
        for (name, text) in files { try text.write(toFile: "\(tree)/\(name)", atomically: false, encoding: .utf8) }
        let indexPath = folder.file("typing.fsfind")
        let indexer = Indexer(indexPath: indexPath, pipeline: ExtractionPipeline(textLimit: 1 << 20))
        _ = try indexer.run(roots: [Array(tree.utf8)], options: CrawlOptions())
        index = try IndexSnapshot(path: indexPath)
        store = try TextStore(path: TextStore.path(forIndex: indexPath), create: false)
    }

    private func names(_ rows: [Int]) -> [String] {
        rows.map { String(decoding: index.path(at: $0).split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self) }
    }

    /// Types `keys` into a session, answering each as the search loop does, and checks every
    /// answer against a scan of every row.
    private func type(_ keys: [Key]) throws {
        let scan = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), text: store)
        var planner = ScanPlanner()
        var session = SearchSession(folder: Array("/".utf8))
        for key in keys {
            guard session.handle(key) == .search else { continue }
            let query = FieldQuery(session.field, context: context)
            guard query.error == nil else { continue }
            let result: ScanResult
            switch planner.plan(for: session) {
            case .cached(let cached): result = cached
            case .narrow(let rows):
                result = try #require(try scan.run(query, scope: session.scope, onlyIn: nil, candidates: rows))
            case .full: result = try #require(try scan.run(query, scope: session.scope, onlyIn: nil))
            }
            planner.finished(result, for: session)
            session.apply(result)
            let whole = try #require(try scan.run(query, scope: session.scope, onlyIn: nil))
            let field = session.field.text
            #expect(names(result.rows) == names(whole.rows), "\(field)")
            #expect(result.total == whole.total && result.counts == whole.counts, "\(field)")
            #expect(result.matched.sorted() == whole.matched.sorted(), "\(field)")
        }
    }

    private static func keys(_ text: String) -> [Key] { text.map { .text(String($0)) } }

    @Test func wordsTypedLetterByLetterFindWhatTheWholeWordFinds() throws {
        // `br` marks names whose words start with it; `bre` also the file that says "bread".
        try type(Self.keys("bread"))
        try type(Self.keys("paris") + [.backspace, .backspace] + Self.keys("ris"))
        try type(Self.keys("paris rep"))
        try type(Self.keys("paris | bread"))
    }

    @Test func shortWordsMatchWordStartsOnlyLongerOnesInsideNamesAndFiles() throws {
        let scan = InteractiveScan(index: index, ranker: ResultRanker(now: context.now), text: store)
        func found(_ typed: String) throws -> Set<String> {
            let query = FieldQuery(SearchField(typed), context: context)
            return Set(names(try #require(try scan.run(query, scope: .all, onlyIn: nil)).rows))
        }
        #expect(try found("br") == ["breakfast.txt"])
        #expect(try found("bre") == ["breakfast.txt", "umbrella.txt", "shopping.txt"])
        #expect(try found("pa") == ["paris-trip.txt"])
        #expect(try found("paris") == ["paris-trip.txt", "comparison.txt", "travel.txt"])
    }
}
