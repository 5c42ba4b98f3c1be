import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindIndexFormat
@testable import FSFindIndexer
@testable import FSFindModel

/// A refresh that finds nothing changed copies the previous file as it is, only its roots'
/// refresh times new (``IndexFile/copy(refreshed:createdAt:replacing:)``); anything else that
/// changed — a file's content, only its access time, a new root — is written as before.
@Suite struct UnchangedRefreshTests {
    private static func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Every section's bytes by kind and attribute, the roots' left out.
    private static func sections(_ file: IndexFile) throws -> [String: [UInt8]] {
        var all: [String: [UInt8]] = [:]
        for (index, entry) in file.sections.enumerated() where entry.kind != .padding && entry.kind != .roots {
            all["\(entry.kind) \(entry.param)"] = Array(try file.bytes(of: index))
        }
        return all
    }

    /// Sets only the access time of `path`.
    private static func touchAccess(_ path: String, _ date: Date) {
        let seconds = Int(date.timeIntervalSince1970)
        // `UTIME_OMIT` (Linux's (1 << 30) - 2, a macro Swift does not import): the mtime stays.
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    /// The access time `statx` gives, as the crawler records it.
    private static func accessTime(_ path: String) -> Date {
        var status = stat()
        #expect(stat(path, &status) == 0)
        return Date(
            timeIntervalSince1970: TimeInterval(status.st_atim.tv_sec) + TimeInterval(status.st_atim.tv_nsec) / 1e9)
    }

    @Test func aRefreshThatFindsNothingChangedCopiesTheFile() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/tree"
        try Self.write(root + "/notes.txt", "buy bread and milk\n")
        try Self.write(root + "/deep/er/report.md", "# Quarterly report\n\nfigures\n")
        try Self.write(root + "/broken.pdf", "%PDF-1.4 not really\n")
        let index = folder.file("index.fsfind")
        let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let first = try Indexer(indexPath: index, now: start).run(roots: [Array(root.utf8)], options: CrawlOptions())
        #expect(!first.copied)
        // Reading the files set their access times (relatime: the first read after a write): the
        // next refresh stores those, and the one after finds nothing changed.
        let settled = try Indexer(indexPath: index, now: start).run(roots: [], options: CrawlOptions())
        #expect(settled.changed == 0 && settled.opened == 0)
        let before = try IndexFile(path: index)
        let items = try before.allItems()
        let sections = try Self.sections(before)

        let hour = start.addingTimeInterval(3600)
        let second = try Indexer(indexPath: index, now: hour).run(roots: [], options: CrawlOptions())
        #expect(second.copied && second.opened == 0, "\(second.line)")
        #expect(second.items == first.items && second.unparsable == first.unparsable)
        let after = try IndexFile(path: index)
        try after.prepareAll()
        #expect(try after.allItems() == items)
        #expect(try after.roots().map(\.lastRefresh) == [hour])
        #expect(try Self.sections(after) == sections)

        // An access time set by hand changes the ctime too: the file is read again, and reading
        // it sets its access time (relatime, after a time older than the content). The refresh
        // after that finds only the access time new: it writes it (the lastUsedDate column).
        let notes = root + "/notes.txt"
        Self.touchAccess(notes, start.addingTimeInterval(-86_400 * 400))
        let third = try Indexer(indexPath: index, now: hour.addingTimeInterval(30)).run(
            roots: [], options: CrawlOptions())
        #expect(!third.copied && third.changed == 1, "\(third.line)")
        let readAt = Self.accessTime(notes)
        let beforeAccess = try IndexFile(path: index)
        let beforeSections = try Self.sections(beforeAccess)
        let accessOnly = try Indexer(indexPath: index, now: hour.addingTimeInterval(60)).run(
            roots: [], options: CrawlOptions())
        // Copied too, the access times' column written anew (where reading sets no access time,
        // noatime, only copied).
        let stored = try IndexFile(path: index)
        try stored.prepareAll()
        let row = try #require(stored.rowIndex(ofPath: Array(notes.utf8)))
        #expect(stored.value(of: .lastUsedDate, at: row) == .date(readAt))
        #expect(accessOnly.changed == 0 && accessOnly.copied, "\(accessOnly.line)")
        let lastUsedColumn = "column \(Attribute.lastUsedDate.indexCode)"
        let rewritten = try Self.sections(stored).filter { $0.key != lastUsedColumn }
        #expect(rewritten == beforeSections.filter { $0.key != lastUsedColumn }, "the other sections copied")
        // Every other row's access time as it was.
        for other in 0..<stored.itemCount where other != row {
            #expect(stored.value(of: .lastUsedDate, at: other) == beforeAccess.value(of: .lastUsedDate, at: other))
        }

        // A changed file, and a second root: written.
        try Self.write(root + "/notes.txt", "buy bread, milk and eggs\n")
        let fourth = try Indexer(indexPath: index, now: hour.addingTimeInterval(120)).run(
            roots: [], options: CrawlOptions())
        #expect(!fourth.copied && fourth.changed == 1, "\(fourth.line)")
        let other = folder.path + "/other"
        try Self.write(other + "/a.txt", "a\n")
        let fifth = try Indexer(indexPath: index, now: hour.addingTimeInterval(180)).run(
            roots: [Array(other.utf8)], options: CrawlOptions())
        #expect(!fifth.copied && fifth.new == 2, "\(fifth.line)")
        _ = try Indexer(indexPath: index, now: hour.addingTimeInterval(200)).run(roots: [], options: CrawlOptions())
        // And nothing changed again: copied, both roots' times new.
        let last = hour.addingTimeInterval(240)
        let sixth = try Indexer(indexPath: index, now: last).run(roots: [], options: CrawlOptions())
        #expect(sixth.copied, "\(sixth.line)")
        #expect(try IndexFile(path: index).roots().map(\.lastRefresh) == [last, last])
    }
}
