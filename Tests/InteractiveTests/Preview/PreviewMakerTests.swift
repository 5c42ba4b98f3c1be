import ExtractionFixtures
import Foundation
import Glibc
import IndexFixtures
import Testing

@testable import FSFindExtraction
@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindPreview

/// Previews of the sample files, made in process: each kind draws something real.
@Suite struct PreviewMakerTests {
    /// A request for `path` as the index would make it (device and inode are what is checked).
    static func request(
        _ path: String, tree: [String], columns: Int = 40, rows: Int = 12, monochrome: Bool = false
    ) -> PreviewRequest {
        var status = stat()
        _ = lstat(path, &status)
        let identity = FileIdentity(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: 0, mtimeNanos: 0, ctimeNanos: 0)
        return PreviewRequest(
            path: Array(path.utf8), identity: identity, tree: tree, columns: columns, rows: rows, monochrome: monochrome
        )
    }

    /// The preview the worker draws for `request`, through both halves of the wire: the screen's
    /// request bytes read by the worker, the worker's reply read by the screen (a frame's first
    /// four bytes are its length).
    static func drawn(_ request: PreviewRequest) -> FilePreview {
        do throws(ExtractionError) {
            let order = try PreviewOrder(decoding: Array(PreviewWire.order(request).encoded.dropFirst(4)))
            return PreviewWire.preview(try PreviewReply(decoding: Array(PreviewMaker.make(order).encoded.dropFirst(4))))
        } catch {
            return .unavailable("the wire: \(error.reason)")
        }
    }

    static func picture(_ preview: FilePreview) -> PreviewPicture? {
        if case .picture(let picture) = preview { return picture }
        return nil
    }

    @Test(arguments: [
        ("Pictures/eiffel.jpg", ["public.jpeg", "public.image"]),
        ("Pictures/wide.png", ["public.png", "public.image"]),
        ("Pictures/tile.webp", ["org.webmproject.webp", "public.image"]),
        ("Documents/paper.pdf", ["com.adobe.pdf"]),
        ("Movies/clip.mp4", ["public.mpeg-4", "public.movie"]),
        ("Movies/clip.mkv", ["org.matroska.mkv", "public.movie"]),
    ])
    func picturesFitTheirBoxAndHaveColour(file: String, tree: [String]) throws {
        let preview = Self.drawn(Self.request(MediaFixtures.path(file), tree: tree))
        let picture = try #require(Self.picture(preview), Comment(rawValue: "\(file): \(preview)"))
        #expect(picture.columns <= 40 && picture.rows <= 12)
        #expect(picture.columns == 40 || picture.rows == 12)  // fitted to one side at least
        let colours = Set(picture.cells.flatMap { [$0.foreground, $0.background] })
        #expect(colours.count > 2, "\(file) drawn in \(colours.count) colours")
        #expect(picture.cells.allSatisfy { !$0.symbol.isTerminalControl })
    }

    @Test func theAspectRatioIsKept() throws {
        // wide.png is 640 × 480; a cell is twice as high as wide, so 40 columns take 15 rows.
        let preview = Self.drawn(
            Self.request(MediaFixtures.path("Pictures/wide.png"), tree: ["public.png", "public.image"], rows: 40))
        let picture = try #require(Self.picture(preview))
        #expect(picture.columns == 40)
        #expect(picture.rows == 15)
    }

    @Test func monochromeDrawsSymbolsInTheTerminalsColours() throws {
        let preview = Self.drawn(
            Self.request(
                MediaFixtures.path("Pictures/eiffel.jpg"), tree: ["public.jpeg", "public.image"], monochrome: true))
        let picture = try #require(Self.picture(preview))
        #expect(picture.cells.allSatisfy { $0.foreground == PreviewPicture.Cell.noColor })
        #expect(picture.cells.contains { $0.symbol != " " })
    }

    @Test func aTextShowsItsFirstLines() {
        let preview = Self.drawn(
            Self.request(
                MediaFixtures.path("Documents/notes.md"), tree: ["net.daringfireball.markdown", "public.text"], rows: 3)
        )
        guard case .lines(let lines) = preview else {
            Issue.record("\(preview)")
            return
        }
        #expect((1...3).contains(lines.count))
        #expect(lines[0].hasPrefix("# Meeting Notes"))
    }

    @Test func aSongWithoutCoverArtSaysSo() {
        let preview = Self.drawn(
            Self.request(MediaFixtures.path("Music/tone.flac"), tree: ["org.xiph.flac", "public.audio"]))
        #expect(preview == .unavailable("no cover art"))
    }

    @Test func kindsComeFromTheTypeAndTextNames() {
        #expect(PreviewMaker.kind(tree: ["public.zip-archive", "public.data"], name: Array("a.zip".utf8)) == nil)
        #expect(PreviewMaker.kind(tree: ["public.data"], name: Array("notes.TXT".utf8)) == .text)
        #expect(PreviewMaker.kind(tree: ["com.adobe.pdf", "public.data"], name: Array("x.txt".utf8)) == .pdf)
        #expect(PreviewMaker.kind(tree: ["public.mpeg-4", "public.movie"], name: []) == .video)
    }

    @Test func theCacheKeepsItsLimit() {
        var cache = PreviewCache<Int>(limit: 10_000)
        let lines = FilePreview.lines([String(repeating: "x", count: 900)])
        for key in 0..<100 { cache.insert(lines, for: key) }
        #expect(cache.cost <= 10_000)
        #expect(cache.count < 100)
        #expect(cache.preview(for: 99) == lines)
        #expect(cache.preview(for: 0) == nil)
    }
}
