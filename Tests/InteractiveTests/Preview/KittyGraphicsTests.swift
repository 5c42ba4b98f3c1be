import ExtractionFixtures
import Foundation
import IndexFixtures
import Testing

@testable import FSFindExtraction
@testable import FSFindInteractive
@testable import FSFindModel
@testable import FSFindPreview

/// The kitty graphics protocol as fsfind writes it: when, the image sent in chunks, and the
/// placeholder cells that show it.
@Suite struct KittyGraphicsTests {
    @Test func onlyKittyAndGhosttyOutsideMultiplexersOrWhenAsked() {
        #expect(KittyGraphics.isSupported(["TERM": "xterm-kitty"]))
        #expect(KittyGraphics.isSupported(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]))
        #expect(KittyGraphics.isSupported(["TERM": "xterm-ghostty"]))
        #expect(!KittyGraphics.isSupported(["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"]))
        #expect(!KittyGraphics.isSupported(["TERM": "xterm-256color"]))
        #expect(KittyGraphics.isSupported(["TERM": "screen", "TMUX": "x", "FSFIND_PREVIEW_GRAPHICS": "kitty"]))
        #expect(!KittyGraphics.isSupported(["TERM": "xterm-kitty", "FSFIND_PREVIEW_GRAPHICS": "symbols"]))
    }

    @Test func anImageIsSentInChunksAndPlacedVirtually() throws {
        let packed = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let image = PreviewImage(width: 50, height: 50, columns: 10, rows: 5, packedPixels: packed)
        let output = KittyGraphics.transmit(image, id: 7)
        let sequences = output.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        // 10,000 bytes are 13,336 base64 characters: four chunks, then the placement.
        #expect(sequences.count == 5)
        #expect(sequences[0].hasPrefix("\u{1B}_Ga=t,f=24,o=z,s=50,v=50,i=7,q=2,m=1;"))
        #expect(sequences[1].hasPrefix("\u{1B}_Gm=1;") && sequences[3].hasPrefix("\u{1B}_Gm=0;"))
        #expect(sequences[4] == "\u{1B}_Ga=p,U=1,i=7,c=10,r=5,q=2")
        let data = sequences[0..<4].map { $0[$0.index(after: $0.firstIndex(of: ";")!)...] }.joined()
        #expect(data.count == 13_336)
        #expect(sequences[0..<3].allSatisfy { $0.split(separator: ";")[1].count == 4096 })
        #expect(try #require(Data(base64Encoded: data)) == Data(packed))
        #expect(KittyGraphics.delete(id: 7) == "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
    }

    @Test func placeholderCellsNumberTheirRowAndColumn() {
        let row = KittyGraphics.placeholders(row: 2, columns: 3)
        let scalars = Array(row.unicodeScalars)
        #expect(scalars.count == 9)
        #expect(scalars[0] == "\u{10EEEE}" && scalars[1] == "\u{030E}" && scalars[2] == "\u{0305}")
        #expect(scalars[5] == "\u{030D}" && scalars[8] == "\u{030E}")
        // One column each, so the painter's widths hold.
        #expect(TerminalWidth.of(row) == 3)
        #expect(row.count == 3)
    }

    @Test func theWorkerSendsPixelsWhenTheTerminalDrawsThem() throws {
        var request = PreviewMakerTests.request(
            MediaFixtures.path("Pictures/wide.png"), tree: ["public.png", "public.image"], rows: 40)
        request.pixels = true
        guard case .image(let image) = PreviewMakerTests.drawn(request) else {
            Issue.record("no image")
            return
        }
        #expect(image.columns == 40 && image.rows == 15)
        #expect(image.width == 400 && image.height == 300)
        #expect(!image.packedPixels.isEmpty && image.packedPixels.count < image.width * image.height * 3)
    }
}
