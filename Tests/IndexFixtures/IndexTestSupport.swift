import Foundation
import Testing

@testable import FSFindIndexFormat
@testable import FSFindManual
@testable import FSFindModel

package enum Fixtures {
    /// Recomputes every section checksum and the header checksum of a file image in place.
    package static func fixChecksums(_ bytes: inout [UInt8]) {
        func u32(_ at: Int) -> UInt32 { bytes[at..<at + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) } }
        func u64(_ at: Int) -> UInt64 { bytes[at..<at + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) } }
        func set(_ value: UInt32, _ at: Int) {
            for i in 0..<4 { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(i))) }
        }
        let count = Int(u32(12))
        let headerSize = 48 + 32 * count
        guard headerSize <= bytes.count else { return }
        for i in 0..<count {
            let entry = 48 + 32 * i
            let offset = u64(entry + 8)
            let length = u64(entry + 16)
            guard offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset else { continue }
            set(CRC32C.checksum(Array(bytes[Int(offset)..<Int(offset + length)])), entry + 24)
        }
        set(0, 44)
        set(CRC32C.checksum(Array(bytes[..<headerSize])), 44)
    }

    package static func date(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

    package static func identity(_ n: UInt64) -> FileIdentity {
        FileIdentity(
            device: 0xFD01, inode: 1000 + n, size: Int64(n) * 17, mtimeNanos: 1_700_000_000_123_456_789 + Int64(n),
            ctimeNanos: -5 - Int64(n))
    }

    /// The file-system attributes every item has, derived from the path as the crawler would.
    package static func base(_ path: [UInt8], folder: Bool = false, size: Double? = 1234) -> AttributeSet {
        let name = Array(IndexFormat.lastComponent(path))
        var set = AttributeSet()
        set[.path] = .text(String(decoding: path, as: UTF8.self))
        set[.fsName] = .text(String(decoding: name, as: UTF8.self))
        set[.displayName] = .text(String(decoding: name, as: UTF8.self))
        if folder {
            set[.contentType] = .text("public.folder")
            set[.contentTypeTree] = .textList(["public.folder", "public.directory", "public.item"])
            set[.kind] = .text("Folder")
            set[.mimeType] = .text("inode/directory")
        } else {
            set[.contentType] = .text("public.mp3")
            set[.contentTypeTree] = .textList([
                "public.mp3", "public.audio", "public.audiovisual-content", "public.content", "public.data",
                "public.item",
            ])
            set[.kind] = .text("MP3 audio")
            set[.mimeType] = .text("audio/mpeg")
        }
        if let size { set[.fileSize] = .number(size) }
        set[.contentModificationDate] = .date(date(712_345_678.123_456_7))
        set[.contentCreationDate] = .date(date(-12_345.000_001))
        set[.fsCreationDate] = .date(date(700_000_000.5))
        set[.lastUsedDate] = .date(date(712_345_679.987_654_321))
        set[.addedDate] = .date(date(712_000_000.25))
        return set
    }

    package static func item(
        _ path: String, folder: Bool = false, _ extra: [Attribute: AttributeValue] = [:], problem: ItemProblem? = nil,
        n: UInt64 = 0
    ) -> IndexedItem {
        item(Array(path.utf8), folder: folder, extra, problem: problem, n: n)
    }

    package static func item(
        _ path: [UInt8], folder: Bool = false, _ extra: [Attribute: AttributeValue] = [:], problem: ItemProblem? = nil,
        n: UInt64 = 0
    ) -> IndexedItem {
        var set = base(path, folder: folder, size: folder ? nil : Double(n * 1000 + 7))
        let identity = identity(n)
        if n % 2 == 0 {
            // As a crawler records them: size and mtime follow from the identity (stored as flags).
            if !folder { set[.fileSize] = .number(Double(identity.size)) }
            set[.contentModificationDate] = .date(IndexFormat.modificationDate(nanos: identity.mtimeNanos))
        }
        for (attribute, value) in extra { set[attribute] = value }
        return IndexedItem(path: path, identity: identity, attributes: set, problem: problem)
    }

    /// 600 items: one `addedDate` for all (runs), a title on the first third only (runs with an
    /// absent tail), a `lastUsedDate` each (dense), a duration on every fortieth (sparse), and a
    /// `contentCreationDate` equal to `fsCreationDate` on even items only (the odd ones: bitmap).
    package static func columnItems() -> [IndexedItem] {
        (0..<600).map { n in
            var extra: [Attribute: AttributeValue] = [
                .addedDate: .date(Fixtures.date(800_000_000.5)),
                .lastUsedDate: .date(Fixtures.date(800_000_000 + Double(n) * 1.25)),
                .fsCreationDate: .date(Fixtures.date(700_000_000 + Double(n % 5))),
            ]
            extra[.contentCreationDate] = n % 2 == 0 ? extra[.fsCreationDate] : .date(Fixtures.date(-1.5 - Double(n)))
            if n < 200 { extra[.title] = .text("Same title") }
            if n % 40 == 0 { extra[.duration] = .number(Double(n) / 3) }
            return Fixtures.item(String(format: "/m/file-%04d.mp3", n), extra, n: UInt64(n))
        }
    }

    /// A small tree exercising every attribute type and every awkward path.
    package static func contents() -> IndexContents {
        let badName: [UInt8] = Array("/data/bad\nname".utf8) + [0xFF, 0xFE] + Array(".txt".utf8)
        let longName = "/data/" + String(repeating: "l", count: 253) + "é"  // a 255-byte name
        let nfd = "/data/Cafe\u{301} – ünïcødé.mp3"
        var items: [IndexedItem] = [
            item(
                "/data/music/song.mp3",
                [
                    .title: .text("Été \u{1F3B5} — naïve"),
                    .authorNames: .textList(["Ana", "Zoë", ""]),
                    .artist: .text("Ana"), .album: .text("Álbum"),
                    .keywords: .textList([]),
                    .duration: .number(213.456_789_012_345), .codecs: .textList(["mp3"]),
                    .audioSampleRate: .number(44_100), .audioChannelCount: .number(2),
                ], n: 1),
            item("/data", folder: true, n: 2),
            item("/data/music", folder: true, n: 3),
            item(nfd, [.displayName: .text("Café – ünïcødé.mp3")], n: 4),
            item(badName, problem: ItemProblem(.unparsable, "tag parser failed: bad frame\nat 0x10"), n: 5),
            item(
                longName,
                [
                    .pixelWidth: .number(4032), .pixelHeight: .number(3024), .latitude: .number(-33.856_789_123),
                    .longitude: .number(151.215_296), .acquisitionMake: .text("Canon"),
                    .acquisitionModel: .text("EOS R5"),
                ], n: 6),
            item(
                "/elsewhere/deep/only.pdf",
                [
                    .pageCount: .number(12), .contentType: .text("com.adobe.pdf"),
                    .contentTypeTree: .textList([
                        "com.adobe.pdf", "public.composite-content", "public.content", "public.data", "public.item",
                    ]),
                    .fileSize: .number(-0.0),
                ], problem: ItemProblem(.unreadable, "permission denied"), n: 7),
            item("/data/empty", [.fileSize: .number(.infinity), .title: .text("")], n: 8),
        ]
        // An item with only some of the every-item attributes, and a path override.
        var odd = IndexedItem(
            path: Array("/data/odd".utf8), identity: identity(9),
            attributes: AttributeSet([
                .path: .text("not the path"), .fsName: .text("odd"),
            ]))
        odd.attributes[.contentTypeTree] = .textList(["public.item"])
        items.append(odd)
        items.append(IndexedItem(path: Array("/data/bare".utf8), identity: identity(10), attributes: AttributeSet()))
        let roots = [
            IndexRoot(
                path: Array("/data".utf8),
                options: CrawlOptions(includeHidden: true, excludes: ["*.tmp", "node_modules", "ünï*"]),
                lastRefresh: date(712_345_000.75)),
            IndexRoot(path: Array("/elsewhere".utf8) + [0xFF], options: CrawlOptions(), lastRefresh: date(1.5)),
        ]
        return IndexContents(roots: roots, items: items, createdAt: date(712_345_999.001_5))
    }

    /// `contents` as the reader returns it: sorted by path bytes.
    package static func sorted(_ contents: IndexContents) -> IndexContents {
        var copy = contents
        copy.items = IndexWriter.sortedUnique(contents.items)
        return copy
    }
}

/// Asserts that `body` fails with `.indexCorrupt` naming `path`, and returns the error.
@discardableResult
package func expectCorrupt(
    _ path: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(FSFindError) -> Void
) -> FSFindError? {
    do {
        try body()
        Issue.record("expected .indexCorrupt for \(path)", sourceLocation: sourceLocation)
        return nil
    } catch {
        #expect(error.code == .indexCorrupt, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains(path), sourceLocation: sourceLocation)
        #expect(error.remedy == .rebuildIndex, sourceLocation: sourceLocation)
        return error
    }
}

/// Row `index` of one file as an attribute source, read without a reader's checks: what a
/// damaged file's reads give, and what the plans' answers are compared with.
package struct UncheckedRow: AttributeSource {
    let file: IndexFile
    let index: Int

    package func value(of attribute: Attribute) -> AttributeValue? { file.value(of: attribute, at: index) }
}

extension IndexFile {
    /// ``UncheckedRow`` `index` of this file (tests).
    package func row(_ index: Int) -> UncheckedRow {
        precondition(index >= 0 && index < itemCount, "row \(index) out of 0..<\(itemCount)")
        return UncheckedRow(file: self, index: index)
    }
}
