import Foundation
import Testing

@testable import FSFindCrawl
@testable import FSFindExtraction
@testable import FSFindIndexFormat
@testable import FSFindModel

/// Shared helpers for the document and image extractor tests: the sample tree's files, read the
/// way the indexer reads them.
package enum DocumentSample {
    /// The repository root, found from this file's path (Tests/ExtractionFixtures/…).
    package static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The committed sample file at `relative` (e.g. `Documents/paper.pdf`).
    package static func url(_ relative: String) -> URL {
        root.appendingPathComponent("sample").appendingPathComponent(relative)
    }

    package static func path(_ relative: String) -> [UInt8] { Array(url(relative).path.utf8) }

    /// Identifies the file by content the way the indexer does and returns its type tree.
    package static func tree(ofFileAt path: [UInt8]) throws -> [String] {
        let magic = try Magic()
        let mime = try magic.mimeType(ofFileAt: path, expected: nil)
        let name = Array(path[PathBytes.nameStart(of: path)...])
        return ContentTypeTable.tree(of: ContentTypeTable.info(mimeType: mime, fileName: name).uti)
    }

    /// The one document extractor that handles the file, run on it.
    package static func extract(_ relative: String) throws -> [Attribute: AttributeValue] {
        let path = path(relative)
        let tree = try tree(ofFileAt: path)
        let handlers = DocumentExtractors.all.filter { $0.handles(tree: tree) }
        #expect(handlers.count == 1, "\(relative): \(handlers.map(\.name)) for \(tree)")
        let extractor = try #require(handlers.first)
        return try extractor.extract(path: path, tree: tree)
    }

    /// A fresh temporary folder, removed by the caller with `cleanUp`.
    package static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("fsfind-extract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    package static func cleanUp(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }

    /// 2023-07-14 18:30:00 style civil time in `zone` as a `Date`.
    package static func date(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, zone: TimeZone
    )
        -> Date?
    {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }
}

extension AttributeValue {
    /// The text, if this is text.
    package var docText: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    package var docList: [String]? {
        if case .textList(let list) = self { return list }
        return nil
    }

    package var docNumber: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    package var docDate: Date? {
        if case .date(let date) = self { return date }
        return nil
    }
}

extension Extractor {
    /// Runs the extractor on whatever regular file is at `path` now (tests have no crawl to
    /// compare with).
    package func extract(path: [UInt8], tree: [String]) throws(ExtractionError) -> [Attribute: AttributeValue] {
        try extract(CrawledFile.forExtraction(path, expected: nil), tree: tree)
    }
}
