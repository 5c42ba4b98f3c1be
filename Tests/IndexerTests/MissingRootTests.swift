import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindIndexFormat
@testable import FSFindIndexer
@testable import FSFindModel

/// A recorded root that has gone missing: its items stay while the other roots are refreshed,
/// for ``Indexer/missingRootRetention``, then go; `forget` drops a root at once, keeping what
/// another root covers.
@Suite struct MissingRootTests {
    /// Remembers what the indexer reports about missing roots.
    final class Reports: IndexReporter, @unchecked Sendable {
        var missing: [(path: String, keptUntil: Date?)] = []
        func progress(_ line: String) {}
        func problem(path: [UInt8], message: String) {}
        func missingRoot(path: [UInt8], reason: String, keptUntil: Date?) {
            missing.append((String(decoding: path, as: UTF8.self), keptUntil))
        }
    }

    private static func write(_ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: path))
    }

    private static func paths(_ index: String) throws -> [String] {
        try IndexFile(path: index).allItems().map { String(decoding: $0.path, as: UTF8.self) }
    }

    @Test func aMissingRootKeepsItsItemsUntilTheRetentionEnds() throws {
        let folder = TemporaryFolder()
        let a = folder.path + "/a"
        let b = folder.path + "/b"
        try Self.write(a + "/one.txt")
        try Self.write(b + "/two.txt")
        let index = folder.file("index.fsfind")
        let first = Date(timeIntervalSinceReferenceDate: 700_000_000)
        _ = try Indexer(indexPath: index, now: first).run(
            roots: [Array(a.utf8), Array(b.utf8)], options: CrawlOptions())
        try FileManager.default.moveItem(atPath: a, toPath: folder.path + "/a.away")
        try Self.write(b + "/three.txt")

        // A day later: `a` is named, kept, and `b` refreshed.
        let reports = Reports()
        let dayLater = first.addingTimeInterval(86_400)
        let summary = try Indexer(indexPath: index, reporter: reports, now: dayLater).run(
            roots: [], options: CrawlOptions())
        #expect(reports.missing.map(\.path) == [a])
        #expect(reports.missing.first?.keptUntil == first.addingTimeInterval(Indexer.missingRootRetention))
        #expect(summary.new == 1 && summary.removed == 0)
        #expect(try Self.paths(index) == [a, a + "/one.txt", b, b + "/three.txt", b + "/two.txt"])
        #expect(try IndexFile(path: index).roots().map { String(decoding: $0.path, as: UTF8.self) } == [a, b])

        // Past the retention (counted from its last refresh): the root and its items go.
        let expired = Reports()
        let later = first.addingTimeInterval(Indexer.missingRootRetention + 1)
        let last = try Indexer(indexPath: index, reporter: expired, now: later).run(roots: [], options: CrawlOptions())
        #expect(expired.missing.map(\.path) == [a] && expired.missing.first?.keptUntil == nil)
        #expect(last.removed == 2)
        #expect(try Self.paths(index) == [b, b + "/three.txt", b + "/two.txt"])
        #expect(try IndexFile(path: index).roots().map { String(decoding: $0.path, as: UTF8.self) } == [b])
    }

    @Test func forgetDropsARootButNotWhatAnotherRootCovers() throws {
        let folder = TemporaryFolder()
        let outer = folder.path + "/outer"
        let inner = outer + "/inner"
        try Self.write(outer + "/o.txt")
        try Self.write(inner + "/i.txt")
        let index = folder.file("index.fsfind")
        let indexer = Indexer(indexPath: index)
        _ = try indexer.run(roots: [Array(outer.utf8), Array(inner.utf8)], options: CrawlOptions())
        let all = try Self.paths(index)

        // The outer root still covers everything under the inner one.
        let lock = try IndexLock(indexPath: index, wait: true) { _ in }
        #expect(try indexer.forget(roots: [Array(inner.utf8)], holding: lock) == 0)
        #expect(try Self.paths(index) == all)
        #expect(try IndexFile(path: index).roots().count == 1)

        // Forgetting the outer one takes everything; a path that is not a root is refused.
        _ = try indexer.run(roots: [Array(inner.utf8)], options: CrawlOptions(), holding: lock)
        #expect(try indexer.forget(roots: [Array(outer.utf8)], holding: lock) == 2)
        #expect(try Self.paths(index) == [inner, inner + "/i.txt"])
        #expect(throws: FSFindError.self) { try indexer.forget(roots: [Array(outer.utf8)], holding: lock) }
        #expect(try Self.paths(index) == [inner, inner + "/i.txt"])
    }
}
