import Foundation
import Glibc
import Testing

/// The text store beside the index deleted, made again, damaged or replaced by a named pipe:
/// queries of words fail with a message naming the store and `fsfind index` (never an empty
/// answer with exit 0, never a hang), queries of names still answer, `fsfind status` says it, and
/// `fsfind index` reads the words again.
@Suite(.ownThreads) struct TextStoreFaultEndToEndTests {
    let folder: TemporaryFolder
    var root: String { folder.path + "/tree" }
    var index: String { folder.path + "/index.fsfind" }
    var store: String { index + ".text" }

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: root + "/notes", withIntermediateDirectories: true)
        try Data("Shopping: buy bread and milk\n".utf8).write(to: URL(fileURLWithPath: root + "/notes/list.txt"))
        // Enough words over enough files that the store spans many pages.
        for number in 0..<60 {
            let words = (0..<300).map { "word\($0 * 7 + number)" }.joined(separator: " ")
            try Data("note \(number) about a kestrel \(words)\n".utf8)
                .write(to: URL(fileURLWithPath: root + "/notes/note\(number).txt"))
        }
        let run = try FSFind.run(["index", "--index", index, root])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try words("bread") == ["notes/list.txt"])
    }

    /// `fsfind query WORD`'s paths, relative to the root; exit 0 expected.
    private func words(_ word: String) throws -> [String] {
        let result = try FSFind.run(["query", "--index", index, word])
        #expect(result.status == 0, "\(word): \(result.stderr)")
        return result.lines.map { $0.replacingOccurrences(of: root + "/", with: "") }
    }

    /// What every fault must give: words an error naming the store and the remedy, names still
    /// answered, `status` saying it with exit 1; then `fsfind index` reads the words again.
    private func expectReportedThenRebuilt(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for query in ["bread", "textContent == 'kestrel'"] {
            let run = try FSFind.run(["query", "--index", index, query])
            #expect(run.status == 1, "\(what): \(query) exited \(run.status)", sourceLocation: sourceLocation)
            #expect(
                run.stderr.contains(store) && run.stderr.contains("run 'fsfind index' to read the words again"),
                "\(what): \(run.stderr)", sourceLocation: sourceLocation)
        }
        let byName = try FSFind.run(["query", "--index", index, "--count", "fsName == 'list.txt'"])
        #expect(
            byName.status == 0 && byName.lines == ["1"], "\(what): \(byName.stderr)", sourceLocation: sourceLocation)
        let status = try FSFind.run(["status", "--index", index])
        #expect(status.status == 1, "\(what): status exited \(status.status)", sourceLocation: sourceLocation)
        let line = status.lines.first { $0.hasPrefix("Text store:") } ?? ""
        #expect(
            line.contains(store) && line.contains("fsfind index") && status.out.contains("Items:"),
            "\(what): \(status.out)", sourceLocation: sourceLocation)
        let json = try FSFind.run(["status", "--index", index, "--json"])
        #expect(json.out.contains("\"problem\":"), "\(what): \(json.out)", sourceLocation: sourceLocation)

        let refresh = try FSFind.run(["index", "--index", index, "--verbose"])
        #expect(refresh.status == 0, "\(what): \(refresh.stderr)", sourceLocation: sourceLocation)
        #expect(try words("bread") == ["notes/list.txt"], "\(what)", sourceLocation: sourceLocation)
        #expect(try words("kestrel").count == 60, "\(what)", sourceLocation: sourceLocation)
        let again = try FSFind.run(["status", "--index", index])
        #expect(again.status == 0, "\(what): \(again.out) \(again.stderr)", sourceLocation: sourceLocation)
    }

    @Test func aDeletedStoreIsAnErrorUntilTheNextRefreshReadsTheWordsAgain() throws {
        try FileManager.default.removeItem(atPath: store)
        try expectReportedThenRebuilt("deleted")
    }

    /// Another store in its place (another index's, as a watcher used to make when the store went
    /// under it): its numbers name none of this index's words.
    @Test func aStoreMadeAgainIsAnErrorUntilTheNextRefreshReadsTheWordsAgain() throws {
        let other = folder.path + "/other.fsfind"
        #expect(try FSFind.run(["index", "--index", other, root + "/notes"]).status == 0)
        try FileManager.default.removeItem(atPath: store)
        try FileManager.default.copyItem(atPath: other + ".text", toPath: store)
        try expectReportedThenRebuilt("another store")
    }

    /// Pages zeroed where the store keeps its small tables (pages 6 to 8 of the layout a new store
    /// has: `file_by_document`, `state` and its key's index): the generation the words belong to
    /// was read as "none", and every query of words answered nothing, exit 0, while `status` and
    /// a refresh said nothing and left it so.
    @Test func zeroedPagesAreReportedAndRebuiltByIndex() throws {
        let handle = try #require(FileHandle(forWritingAtPath: store))
        try handle.seek(toOffset: 5 * 16_384)
        try handle.write(contentsOf: Data(count: 3 * 16_384))
        try handle.close()
        try expectReportedThenRebuilt("zeroed pages")
    }

    /// Pages zeroed in the middle of the words: a query that reads them fails; the refresh's check
    /// finds them even when the query asked only pages that are whole.
    @Test func zeroedPagesAmongTheWordsAreRebuiltByIndex() throws {
        let size = try #require(try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int)
        let handle = try #require(FileHandle(forWritingAtPath: store))
        try handle.seek(toOffset: UInt64(size / 16_384 / 2 * 16_384))
        try handle.write(contentsOf: Data(count: 2 * 16_384))
        try handle.close()
        let status = try FSFind.run(["status", "--index", index])
        #expect(status.status == 1 && status.out.contains("damaged"), "\(status.out) \(status.stderr)")
        let refresh = try FSFind.run(["index", "--index", index])
        #expect(refresh.status == 0 && refresh.stderr.contains("damaged"), "\(refresh.stderr)")
        #expect(try words("bread") == ["notes/list.txt"])
        #expect(try words("kestrel").count == 60)
        #expect(try FSFind.run(["status", "--index", index]).status == 0)
    }

    /// SQLite opens the store with a blocking `open`: a named pipe there hung `query`, `status`
    /// and `serve`. Each command here is killed after 20 s, so a regression fails instead of
    /// hanging the run.
    @Test func aNamedPipeInPlaceOfTheStoreIsAnErrorNotAHang() throws {
        try FileManager.default.removeItem(atPath: store)
        #expect(mkfifo(store, 0o600) == 0)
        for arguments in [["query", "bread"], ["status"], ["index"]] {
            let run = try Self.run(within: 20, arguments + ["--index", index])
            #expect(run.status == 1, "\(arguments): exited \(run.status) \(run.stderr)")
            #expect(run.stderr.contains(store) && run.stderr.contains("named pipe"), "\(arguments): \(run.stderr)")
        }
        let byName = try Self.run(within: 20, ["query", "--index", index, "--count", "fsName == 'list.txt'"])
        #expect(byName.status == 0 && byName.lines == ["1"], "\(byName.stderr)")
        unlink(store)
        #expect(try FSFind.run(["index", "--index", index]).status == 0)
        #expect(try words("bread") == ["notes/list.txt"])
    }

    /// `fsfind ARGS`, killed after `seconds` (`timeout` exits 137 then).
    private static func run(within seconds: Int, _ arguments: [String]) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["-s", "KILL", String(seconds), FSFind.binary.path] + arguments
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC", "LANG": "C.UTF-8",
        ]
        process.standardInput = FileHandle.nullDevice
        return try FSFind.capture(process)
    }
}
