import ExtractionFixtures
import Foundation
import Glibc
import IndexFixtures
import Testing

@testable import FSFindExtraction
@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindPreview

/// The issue's bad inputs, each previewed through the worker the search screen uses: every one
/// ends as a short "no preview" reason within the time limit, never a crash or a hang.
@Suite(.serialized) struct PreviewBadInputTests {
    let folder: URL

    init() throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("fsfind-preview-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The worker's answer for `name` in the test folder, waited for as the screen would.
    func preview(_ name: String, tree: [String], client: PreviewClient? = nil) -> (FilePreview, Duration) {
        let client = client ?? PreviewClient(executable: MediaFixtures.binary, arguments: ["preview-worker"])
        let started = ContinuousClock.now
        let request = PreviewMakerTests.request(folder.appendingPathComponent(name).path, tree: tree)
        if let immediate = client.send(request) { return (immediate, ContinuousClock.now - started) }
        while true {
            if let (answered, preview) = client.collect() {
                #expect(answered == request)
                return (preview, ContinuousClock.now - started)
            }
            usleep(5_000)
        }
    }

    func write(_ bytes: [UInt8], to name: String) throws {
        try Data(bytes).write(to: folder.appendingPathComponent(name))
    }

    func reason(_ preview: FilePreview) -> String? {
        if case .unavailable(let reason) = preview { return reason }
        return nil
    }

    @Test func aHugePNGIsRefusedBeforeItIsDecoded() throws {
        try write(try BadPreviewFiles.hugePNG(side: 30_000), to: "huge.png")
        let (preview, _) = preview("huge.png", tree: ["public.png", "public.image"])
        #expect(reason(preview) == "the image is too large to draw (30000 × 30000)")
    }

    @Test func aTruncatedJPEGDrawsWhatThereIsOrSaysWhy() throws {
        let jpeg = try MediaFixtures.bytes("Pictures/eiffel.jpg")
        try write(Array(jpeg.prefix(jpeg.count / 2)), to: "cut.jpg")
        let (preview, _) = preview("cut.jpg", tree: ["public.jpeg", "public.image"])
        switch preview {
        case .picture, .image: break  // libjpeg fills the missing rows with grey
        case .unavailable(let reason): #expect(reason.contains("image"))
        case .lines: Issue.record("a JPEG shown as text")
        }
    }

    @Test func aPDFPageThatNeverFinishesCostsTheTimeLimit() throws {
        try write(BadPreviewFiles.endlessPage(), to: "endless.pdf")
        let (preview, elapsed) = preview("endless.pdf", tree: ["com.adobe.pdf"])
        let why = try #require(self.reason(preview), Comment(rawValue: "\(preview)"))
        #expect(why.contains("CPU time") || why.contains("too long"), "\(why)")
        #expect(elapsed < PreviewClient.timeout + .seconds(2))
    }

    @Test func aVideoWithNoFramesSaysSo() throws {
        let video = try MediaFixtures.bytes("Movies/clip.mkv")
        // Matroska's first Cluster (ID 1F 43 B6 75) holds the first frame: cut the file there and
        // end it with an empty cluster, so the headers read whole and no frame follows.
        let cluster = try #require(
            (0..<(video.count - 4)).first { video[$0..<$0 + 4].elementsEqual([0x1F, 0x43, 0xB6, 0x75]) })
        try write(Array(video.prefix(cluster)) + [0x1F, 0x43, 0xB6, 0x75, 0x80], to: "noframes.mkv")
        let (preview, _) = preview("noframes.mkv", tree: ["org.matroska.mkv", "public.movie"])
        #expect(reason(preview) == "the video has no frame that decodes")
    }

    @Test func aBinaryFileNamedTxtIsNotShownAsText() throws {
        try write((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }, to: "data.txt")
        let (preview, _) = preview("data.txt", tree: ["public.data"])
        #expect(reason(preview) == "binary data, not text")
    }

    @Test func aFileDeletedAfterItWasIndexedIsGone() throws {
        try write(Array("hello\n".utf8), to: "gone.txt")
        let request = PreviewMakerTests.request(folder.appendingPathComponent("gone.txt").path, tree: ["public.text"])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("gone.txt"))
        #expect(PreviewMakerTests.drawn(request) == .unavailable("the file is gone"))
    }

    @Test func aCrashedWorkerIsReplacedForTheNextPreview() throws {
        try write(Array("hello\n".utf8), to: "crash.txt")
        try write(Array("fine\n".utf8), to: "fine.txt")
        setenv("FSFIND_TEST_CRASH_ON", "crash.txt", 1)
        defer { unsetenv("FSFIND_TEST_CRASH_ON") }
        let client = PreviewClient(executable: MediaFixtures.binary, arguments: ["preview-worker"])
        let (crashed, _) = preview("crash.txt", tree: ["public.text"], client: client)
        #expect(reason(crashed)?.hasPrefix("the previewer crashed") == true, "\(crashed)")
        let (fine, _) = preview("fine.txt", tree: ["public.text"], client: client)
        #expect(fine == .lines(["fine"]))
    }
}

/// Hostile files for previews, written by the tests themselves.
enum BadPreviewFiles {
    /// A valid 1-bit greyscale PNG of `side × side` pixels, all black: `side²/8` bytes of pixels
    /// that zlib packs to about a thousandth (30,000² is 110 MB raw, 110 KB packed).
    static func hugePNG(side: Int) throws -> [UInt8] {
        let rowBytes = 1 + (side + 7) / 8
        let raw = [UInt8](repeating: 0, count: rowBytes * side)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(side)) + bigEndian(UInt32(side))
        header += [1, 0, 0, 0, 0]  // 1 bit, greyscale, deflate, no filter method, no interlace
        png += chunk("IHDR", header)
        png += chunk("IDAT", try Zlib.compress(raw))
        png += chunk("IEND", [])
        return png
    }

    /// A PDF whose one page draws a form that draws another 100 times, six levels deep: 10¹²
    /// rectangles from a file of 1 KB, a page no renderer finishes.
    static func endlessPage() -> [UInt8] {
        var objects: [String] = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /F 5 0 R >> >> >>",
        ]
        let depth = 6
        let drawTen = String(repeating: "/F Do ", count: 100)
        objects.append(stream(drawTen))  // 4: the page's content
        for level in 0..<depth {
            let number = 5 + level
            let body = level == depth - 1 ? "0 0 1 1 re f" : drawTen
            let resources = level == depth - 1 ? "" : "/Resources << /XObject << /F \(number + 1) 0 R >> >>"
            objects.append(
                "<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] \(resources) /Length \(body.utf8.count) >>\nstream\n\(body)\nendstream"
            )
        }
        return DocumentHostileFiles.pdf(objects: objects)
    }

    private static func stream(_ body: String) -> String {
        "<< /Length \(body.utf8.count) >>\nstream\n\(body)\nendstream"
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    /// PNG's CRC-32 (ISO 3309, reflected 0xEDB88320).
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// zlib's `compress2` for the tests' PNG, loaded with `dlopen` as fsfind loads it.
enum Zlib {
    struct Failure: Error {}

    static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        guard let handle = dlopen("libz.so.1", RTLD_NOW), let bound = dlsym(handle, "compressBound"),
            let compress = dlsym(handle, "compress2")
        else { throw Failure() }
        typealias Bound = @convention(c) (UInt) -> UInt
        typealias Compress =
            @convention(c) (
                UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt, Int32
            ) -> Int32
        var length = unsafeBitCast(bound, to: Bound.self)(UInt(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = unsafeBitCast(compress, to: Compress.self)(&output, &length, bytes, UInt(bytes.count), 9)
        guard status == 0 else { throw Failure() }
        return Array(output.prefix(Int(length)))
    }
}
