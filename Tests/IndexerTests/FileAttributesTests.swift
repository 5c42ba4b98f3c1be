import CPlatform
import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindCrawl
@testable import FSFindExtraction
@testable import FSFindIndexFormat
@testable import FSFindIndexer
@testable import FSFindModel

/// The attributes every item gets from the file system (`attributeChangeDate`, owner, group,
/// `fsInvisible`) and from the freedesktop.org extended attributes (`userTags`, `whereFroms`,
/// `comment`): read for new and changed entries, capped like any value, and an index an older
/// fsfind wrote (without them) read again whole.
@Suite struct FileAttributesTests {
    static func setAttribute(_ path: String, _ name: String, _ value: [UInt8]) throws {
        let status = value.withUnsafeBytes { fsfind_lsetxattr(path, name, $0.baseAddress, value.count) }
        try #require(
            status == 0, "setting \(name) on \(path): errno \(errno) (the test folder's file system needs user xattrs)")
    }

    private static func write(_ path: String, _ text: String = "x\n") throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private static func item(_ index: String, _ path: String) throws -> IndexedItem {
        try #require(try IndexFile(path: index).allItems().first { $0.path == Array(path.utf8) })
    }

    @Test func extendedAttributesAndOwnersAreRead() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/root"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let file = root + "/statement.pdf.txt"
        try Self.write(file)
        try Self.write(root + "/.hidden")
        try Self.setAttribute(file, "user.xdg.tags", Array(" bank, taxes ,, 2025 ".utf8))
        try Self.setAttribute(file, "user.xdg.origin.url", Array("https://bank.example/statement".utf8))
        try Self.setAttribute(file, "user.xdg.referrer.url", Array("https://bank.example/".utf8))
        try Self.setAttribute(file, "user.xdg.comment", Array("for the accountant".utf8))
        try Self.setAttribute(file, "user.other", Array("ignored".utf8))
        let index = folder.file("index.fsfind")
        _ = try Indexer(indexPath: index).run(roots: [Array(root.utf8)], options: CrawlOptions(includeHidden: true))

        let item = try Self.item(index, file)
        #expect(item.attributes[.userTags] == .textList(["bank", "taxes", "2025"]))
        #expect(item.attributes[.whereFroms] == .textList(["https://bank.example/statement", "https://bank.example/"]))
        #expect(item.attributes[.comment] == .text("for the accountant"))
        #expect(item.attributes[.fsOwnerUserID] == .number(Double(getuid())))
        #expect(item.attributes[.fsOwnerGroupID] == .number(Double(getgid())))
        #expect(item.attributes[.fsInvisible] == .number(0))
        guard case .date(let changed)? = item.attributes[.attributeChangeDate] else {
            Issue.record("no attributeChangeDate")
            return
        }
        #expect(abs(changed.timeIntervalSinceNow) < 600)
        #expect(try Self.item(index, root + "/.hidden").attributes[.fsInvisible] == .number(1))
        // The folder itself has none of the extended attributes, and no empty values.
        #expect(try Self.item(index, root).attributes[.userTags] == nil)
    }

    @Test func hostileValuesAreCappedAndRepaired() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/root"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let file = root + "/a.txt"
        try Self.write(file)
        // 300 tags; a comment with invalid UTF-8 and control characters. (ext4 keeps at most a
        // block of extended attributes per file, so values past the 4 KiB cap cannot be set here.)
        try Self.setAttribute(file, "user.xdg.tags", Array((0..<300).map { "t\($0)" }.joined(separator: ",").utf8))
        try Self.setAttribute(
            file, "user.xdg.comment", [0x66, 0xFF, 0x1B, 0x5B] + [UInt8](repeating: 0x61, count: 2000))
        let index = folder.file("index.fsfind")
        _ = try Indexer(indexPath: index).run(roots: [Array(root.utf8)], options: CrawlOptions())
        let item = try Self.item(index, file)
        guard case .textList(let tags)? = item.attributes[.userTags],
            case .text(let comment)? = item.attributes[.comment]
        else {
            Issue.record("tags or comment missing: \(item.attributes)")
            return
        }
        #expect(tags.count == ExtractedValueLimits.listElements && tags.first == "t0")
        #expect(comment.utf8.count <= ExtractedValueLimits.textBytes && comment.hasPrefix("f\u{FFFD}\u{1B}[aaa"))
    }

    @Test func settingATagIsSeenByTheNextRefresh() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/root"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let file = root + "/a.txt"
        try Self.write(file)
        let index = folder.file("index.fsfind")
        _ = try Indexer(indexPath: index).run(roots: [Array(root.utf8)], options: CrawlOptions())
        #expect(try Self.item(index, file).attributes[.userTags] == nil)
        // Setting an extended attribute changes the ctime, so the entry counts as changed.
        try Self.setAttribute(file, "user.xdg.tags", Array("urgent".utf8))
        let summary = try Indexer(indexPath: index).run(roots: [], options: CrawlOptions())
        #expect(summary.changed == 1)
        #expect(try Self.item(index, file).attributes[.userTags] == .textList(["urgent"]))
    }

    @Test func anIndexWithoutTheNewColumnsIsReadAgainWhole() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/root"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Self.write(root + "/a.txt")
        try Self.write(root + "/b.txt")
        let index = folder.file("index.fsfind")
        _ = try Indexer(indexPath: index).run(roots: [Array(root.utf8)], options: CrawlOptions())
        // Rewrite it as the build before these attributes would have.
        let old = try IndexFile(path: index)
        let newer: Set<Attribute> = [
            .attributeChangeDate, .fsOwnerUserID, .fsOwnerGroupID, .fsInvisible, .userTags, .whereFroms, .comment,
        ]
        let items = try old.allItems().map { item in
            var item = item
            for attribute in newer { item.attributes[attribute] = nil }
            return item
        }
        try IndexWriter.write(IndexContents(roots: try old.roots(), items: items, createdAt: Date()), to: index)
        #expect(!(try IndexFile(path: index).hasColumn(.fsOwnerUserID)))

        let summary = try Indexer(indexPath: index).run(roots: [], options: CrawlOptions())
        #expect(summary.opened >= 2, "every file read again: \(summary.verboseLine)")
        #expect(try Self.item(index, root + "/a.txt").attributes[.fsOwnerUserID] != nil)
        // And the next refresh is incremental again.
        #expect(try Indexer(indexPath: index).run(roots: [], options: CrawlOptions()).opened == 0)
    }
}
