import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindIndexFormat
@testable import FSFindManual
@testable import FSFindModel

/// Measures bytes per item on a synthetic tree shaped like a home folder. Reports, never asserts
/// a time; asserts only a loose size ceiling so a layout regression shows.
@Suite struct IndexSizeTests {
    static func syntheticItems(count: Int) -> [IndexedItem] {
        var generator = SplitMix64(seed: 2026)
        let stems = [
            "IMG_", "DSC", "report", "invoice", "Screenshot ", "notes", "main", "README", "song ", "track",
            "NetworkManager", "index", "test_", "photo-", "backup", "draft", "Résumé", "Übersicht", "chapter", "data",
        ]
        let types: [(ext: String, type: String, tree: [String], mime: String, kind: String)] = [
            (
                "jpg", "public.jpeg", ["public.jpeg", "public.image", "public.content", "public.data", "public.item"],
                "image/jpeg", "JPEG image"
            ),
            (
                "png", "public.png", ["public.png", "public.image", "public.content", "public.data", "public.item"],
                "image/png", "PNG image"
            ),
            (
                "mp3", "public.mp3",
                [
                    "public.mp3", "public.audio", "public.audiovisual-content", "public.content", "public.data",
                    "public.item",
                ], "audio/mpeg", "MP3 audio"
            ),
            (
                "pdf", "com.adobe.pdf",
                ["com.adobe.pdf", "public.composite-content", "public.content", "public.data", "public.item"],
                "application/pdf", "PDF document"
            ),
            (
                "swift", "public.swift-source",
                [
                    "public.swift-source", "public.source-code", "public.plain-text", "public.text", "public.data",
                    "public.item",
                ], "text/x-swift", "Swift source"
            ),
            (
                "txt", "public.plain-text",
                ["public.plain-text", "public.text", "public.content", "public.data", "public.item"], "text/plain",
                "Plain text"
            ),
            (
                "md", "net.daringfireball.markdown",
                ["net.daringfireball.markdown", "public.plain-text", "public.text", "public.data", "public.item"],
                "text/plain", "Markdown text"
            ),
            (
                "c", "public.c-source",
                [
                    "public.c-source", "public.source-code", "public.plain-text", "public.text", "public.data",
                    "public.item",
                ], "text/x-c", "C source"
            ),
        ]
        let folderTree = ["public.folder", "public.directory", "public.item"]
        var items: [IndexedItem] = []
        items.reserveCapacity(count)
        // Folders up to 8 deep, new entries going mostly into recent folders, as a crawl sees them.
        var folders: [(path: [UInt8], depth: Int)] = [(Array("/home/ana".utf8), 0)]
        var seen: Set<[UInt8]> = []
        let now = 712_345_678.0
        var n: UInt64 = 0
        while items.count < count {
            n += 1
            let (parent, depth) = folders[Int.random(in: max(0, folders.count - 40)..<folders.count, using: &generator)]
            let stem = stems[Int.random(in: 0..<stems.count, using: &generator)]
            let number = Int.random(in: 0..<100_000, using: &generator)
            let isFolder = depth < 8 && Int.random(in: 0..<12, using: &generator) == 0
            let type = types[Int.random(in: 0..<types.count, using: &generator)]
            let name = isFolder ? "\(stem)\(number % 500)" : "\(stem)\(number).\(type.ext)"
            let path = PathBytes.join(parent, Array(name.utf8))
            guard seen.insert(path).inserted else { continue }
            var set = AttributeSet()
            set[.path] = .text(String(decoding: path, as: UTF8.self))
            set[.fsName] = .text(name)
            set[.displayName] = .text(name)
            set[.contentType] = .text(isFolder ? "public.folder" : type.type)
            set[.contentTypeTree] = .textList(isFolder ? folderTree : type.tree)
            set[.mimeType] = .text(isFolder ? "inode/directory" : type.mime)
            set[.kind] = .text(isFolder ? "Folder" : type.kind)
            let size = Int64.random(in: 0..<50_000_000, using: &generator)
            let mtimeNanos = Int64.random(in: 1_400_000_000_000_000_000..<1_700_000_000_000_000_000, using: &generator)
            let modified = IndexFormat.modificationDate(nanos: mtimeNanos).timeIntervalSinceReferenceDate
            if !isFolder { set[.fileSize] = .number(Double(size)) }
            set[.contentModificationDate] = .date(Date(timeIntervalSinceReferenceDate: modified))
            set[.contentCreationDate] = .date(Date(timeIntervalSinceReferenceDate: modified - 1000))
            set[.fsCreationDate] = .date(Date(timeIntervalSinceReferenceDate: modified - 1000))
            set[.lastUsedDate] = .date(Date(timeIntervalSinceReferenceDate: modified + 5000.25))
            set[.addedDate] = .date(Date(timeIntervalSinceReferenceDate: now - 86_400))
            if !isFolder && type.ext == "mp3" {
                set[.title] = .text("Track \(number)")
                set[.artist] = .text("Artist \(number % 50)")
                set[.duration] = .number(Double(number % 400) + 0.5)
            }
            if !isFolder && type.ext == "jpg" {
                set[.pixelWidth] = .number(4032)
                set[.pixelHeight] = .number(3024)
            }
            let identity = FileIdentity(
                device: 0xFD01, inode: 10_000 + n, size: isFolder ? 4096 : size, mtimeNanos: mtimeNanos,
                ctimeNanos: mtimeNanos + 1_000)
            items.append(IndexedItem(path: path, identity: identity, attributes: set))
            if isFolder { folders.append((path, depth + 1)) }
        }
        return items
    }

    @Test func bytesPerItemOnSyntheticTree() throws {
        let folder = TemporaryFolder()
        let path = folder.file("big.fsfind")
        // FSFIND_SIZE_ITEMS=1000000 measures the 1M-item budget case (slow in a debug build).
        let count = ProcessInfo.processInfo.environment["FSFIND_SIZE_ITEMS"].flatMap(Int.init) ?? 100_000
        let items = Self.syntheticItems(count: count)
        let started = Date()
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: path)
        let wrote = Date().timeIntervalSince(started)
        let file = try IndexFile(path: path)
        let perItem = Double(file.fileSize) / Double(file.itemCount)
        let opened = Date()
        try file.prepare([.fsName, .fileSize])
        var matches = 0
        for index in 0..<file.itemCount where file.row(index).value(of: .fsName) == .text("README42.md") {
            matches += 1
        }
        let scanned = Date().timeIntervalSince(opened)
        var report =
            "index of \(file.itemCount) items: \(file.fileSize) bytes, \(String(format: "%.1f", perItem)) bytes/item;"
        report +=
            " write \(String(format: "%.2f", wrote)) s, prepare+fsName scan \(String(format: "%.2f", scanned)) s (debug build)\n"
        for section in file.sections {
            report +=
                "  \(section.name): \(section.length) bytes (\(String(format: "%.1f", Double(section.length) / Double(file.itemCount)))/item)\n"
        }
        print(report)
        #expect(file.itemCount == items.count)
        #expect(perItem < 128)
        #expect(file.rowIndex(ofPath: items[count / 8].path).map(file.item(at:)) == items[count / 8])
    }
}
