import ExtractionFixtures
import Foundation
import IndexFixtures
import Testing

@testable import FSFindExtraction
@testable import FSFindModel

/// A file swapped between the crawl and the moment its content is read (a symlink to a file
/// outside the indexed tree, a FIFO, another file renamed over it, a folder on the way replaced by
/// a link) is not read: its item gets a problem saying why, never the other file's metadata. The
/// swaps are made after the items were taken, the way a writer in an indexed folder would race
/// the indexer.
@Suite struct SwappedFileTests {
    enum Swap: String, CaseIterable, CustomTestStringConvertible {
        case symlinkToOutside, fifo, otherFileRenamedOver, folderReplacedByLink
        var testDescription: String { rawValue }

        var reason: String {
            switch self {
            case .symlinkToOutside: "is a symbolic link now (not followed)"
            case .fifo: "not a regular file any more"
            case .otherFileRenamedOver, .folderReplacedByLink: "replaced by another file since the crawl"
            }
        }
    }

    /// `root/inner/song.flac` (title "Flac Tone") crawled; `secret/song.flac` outside the root
    /// with another title ("Vorbis Tone", in an Ogg file renamed), which must never be read.
    private struct Scene {
        let folder: URL
        var song: URL { folder.appendingPathComponent("root/inner/song.flac") }
        var secret: URL { folder.appendingPathComponent("secret/song.flac") }

        init() throws {
            folder = try DocumentSample.temporaryFolder()
            let manager = FileManager.default
            for sub in ["root/inner", "secret"] {
                try manager.createDirectory(
                    at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            }
            try manager.copyItem(atPath: MediaFixtures.path("Music/tone.flac"), toPath: song.path)
            try manager.copyItem(atPath: MediaFixtures.path("Music/tone.ogg"), toPath: secret.path)
        }

        func swap(_ swap: Swap) throws {
            let manager = FileManager.default
            switch swap {
            case .symlinkToOutside:
                try manager.removeItem(at: song)
                try manager.createSymbolicLink(atPath: song.path, withDestinationPath: secret.path)
            case .fifo:
                try manager.removeItem(at: song)
                #expect(mkfifo(song.path, 0o644) == 0)
            case .otherFileRenamedOver:
                let staged = folder.appendingPathComponent("root/inner/.staged")
                try manager.copyItem(at: secret, to: staged)
                #expect(rename(staged.path, song.path) == 0)
            case .folderReplacedByLink:
                let inner = folder.appendingPathComponent("root/inner")
                try manager.moveItem(at: inner, to: folder.appendingPathComponent("root/inner.old"))
                try manager.createSymbolicLink(
                    atPath: inner.path, withDestinationPath: secret.deletingLastPathComponent().path)
            }
        }
    }

    @Test(arguments: Swap.allCases, [false, true])
    func aFileSwappedAfterTheCrawlIsNotRead(swap: Swap, inWorkers: Bool) throws {
        // In process, a FIFO opened without O_NONBLOCK would block the test itself forever; the
        // worker variant proves that case (a blocked worker would time out, with another reason).
        if swap == .fifo && !inWorkers { return }
        let scene = try Scene()
        defer { DocumentSample.cleanUp(scene.folder) }
        let crawled = MediaFixtures.item(scene.song.path)
        let pipeline =
            inWorkers ? MediaFixtures.isolated(timeout: .milliseconds(3500)) : ExtractionPipeline()
        #expect(pipeline.run([crawled])[0].attributes[.title] == .text("Flac Tone"))

        try scene.swap(swap)
        let item = pipeline.run([crawled])[0]
        #expect(item.problem == ItemProblem(.unparsable, swap.reason))
        #expect(item.attributes == crawled.attributes)
    }

    @Test(arguments: Swap.allCases)
    func libmagicDoesNotReadASwappedFile(swap: Swap) throws {
        let scene = try Scene()
        defer { DocumentSample.cleanUp(scene.folder) }
        let crawled = MediaFixtures.item(scene.song.path)
        let magic = try Magic()
        #expect(try magic.mimeType(ofFileAt: crawled.path, expected: crawled.identity) == "audio/flac")

        try scene.swap(swap)
        #expect(throws: FSFindError.self) {
            try magic.mimeType(ofFileAt: crawled.path, expected: crawled.identity)
        }
    }
}
