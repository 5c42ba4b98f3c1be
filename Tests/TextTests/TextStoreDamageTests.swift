import FSFindTestSupport
import Foundation
import Glibc
import Testing

@testable import FSFindModel
@testable import FSFindText

/// A text store that is not a database, or a damaged one: an error that names it and `fsfind
/// index`, never a hang and never "no file holds these words".
@Suite struct TextStoreDamageTests {
    private static func identity(_ n: UInt64) -> FileIdentity {
        FileIdentity(device: 2049, inode: n, size: Int64(n) * 10, mtimeNanos: Int64(n), ctimeNanos: Int64(n))
    }

    /// SQLite opens its files with a blocking `open`: a named pipe in the store's place hung every
    /// reader (and the server) until something wrote into it. The pipe here has a writer (this
    /// test), so an open that forgot to look first fails on reading instead of hanging the test.
    @Test func aNamedPipeOrAFolderInPlaceOfTheStoreIsAnErrorNotAHang() throws {
        let folder = TemporaryFolder()
        let pipe = folder.file("pipe.text")
        #expect(mkfifo(pipe, 0o600) == 0)
        let writer = open(pipe, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        #expect(writer >= 0)
        defer { close(writer) }
        _ = write(writer, String(repeating: "not a database ", count: 20), 300)
        let wal = folder.file("wal.text")
        try Data().write(to: URL(fileURLWithPath: wal))
        #expect(mkfifo(wal + "-wal", 0o600) == 0)
        let place = folder.file("folder.text")
        try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: false)
        for (path, what) in [(pipe, "a named pipe"), (wal + "-wal", "a named pipe"), (place, "a folder")] {
            for create in [false, true] {
                let error = #expect(throws: FSFindError.self) {
                    _ = try TextStore(path: path.hasSuffix("-wal") ? wal : path, create: create)
                }
                #expect(error?.code == .io, "\(path)")
                #expect(error?.path == path && error?.message.contains(what) == true, "\(error?.message ?? "")")
                if case .advice(let text)? = error?.remedy {
                    #expect(text.contains("fsfind index"))
                } else {
                    Issue.record("no remedy: \(String(describing: error))")
                }
            }
        }
    }

    /// Each page of a real store zeroed in turn (a sweep once found 4 of 56 that made every query
    /// answer nothing, exit 0: the page of the `state` table, whose generation then read as
    /// "none"): a reader either finds the words or throws `.indexCorrupt` naming the store, and a
    /// writer that verifies finds the damage and starts the store again.
    @Test func everyZeroedPageIsFoundNeverAnsweredAsNoWords() throws {
        let folder = TemporaryFolder()
        let original = folder.file("original.text")
        var generation: UInt64?
        do {
            let store = try TextStore(path: original, create: true)
            generation = store.generation
            try store.write { writer throws(FSFindError) in
                var random = SplitMix64(seed: 7)
                for n in 1...200 as ClosedRange<UInt64> {
                    let words = (0..<400).map { _ in String(random.next() % 1_000_000, radix: 36) }
                    try writer.add(
                        source: .plainText(Self.identity(n)),
                        text: "zebrafish number\(n) " + words.joined(separator: " "))
                }
            }
        }  // closed: the write-ahead log is checkpointed into the file
        let bytes = try Data(contentsOf: URL(fileURLWithPath: original))
        let pageSize = TextStore.pageSize
        let pages = bytes.count / pageSize
        #expect(pages > 20)
        var foundByReaders = 0
        for page in 0..<pages {
            var damaged = bytes
            damaged.replaceSubrange(page * pageSize..<(page + 1) * pageSize, with: Data(count: pageSize))
            let path = folder.file("page\(page).text")
            try damaged.write(to: URL(fileURLWithPath: path))
            do throws(FSFindError) {
                let store = try TextStore(path: path, create: false)
                let hits = try store.search(#""zebrafish"*"#, ranked: false)
                #expect(store.generation == generation, "page \(page + 1): the generation read as another")
                #expect(hits.documents.count == 200, "page \(page + 1): \(hits.documents.count) found")
            } catch {
                foundByReaders += 1
                #expect(error.code == .indexCorrupt, "page \(page + 1): \(error)")
                #expect(error.path == path && error.remedy == .rebuildWords, "page \(page + 1): \(error)")
            }
            let writer = try TextStore(path: path, create: true, verify: true)
            #expect(writer.damage != nil && writer.isNew, "page \(page + 1): the check found nothing")
            #expect(try writer.search(#""zebrafish"*"#, ranked: false).documents.isEmpty)
            #expect(writer.damageFound() == nil)
        }
        #expect(foundByReaders > 0)
    }
}
