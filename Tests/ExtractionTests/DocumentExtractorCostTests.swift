import ExtractionFixtures
import Foundation
import Glibc
import Testing

@testable import FSFindExtraction
@testable import FSFindManual

/// Time per file for each document and image extractor, printed as a table. Off unless
/// `FSFIND_EXTRACT_BENCH` is set (`benchmarks/extract-cost.sh` sets it): timings are for the
/// record, not a pass/fail check on a shared machine.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["FSFIND_EXTRACT_BENCH"] != nil))
struct DocumentExtractorCostTests {
    /// Repetitions per file; `FSFIND_EXTRACT_BENCH=N` overrides.
    private static var rounds: Int { Int(ProcessInfo.processInfo.environment["FSFIND_EXTRACT_BENCH"] ?? "") ?? 200 }

    private func measure(_ label: String, _ extractor: any Extractor, path: [UInt8], tree: [String]) -> String {
        _ = try? extractor.extract(path: path, tree: tree)  // warm caches and loaders
        let clock = ContinuousClock()
        var best = Duration.seconds(1000)
        let started = clock.now
        for _ in 0..<Self.rounds {
            let one = clock.now
            _ = try? extractor.extract(path: path, tree: tree)
            best = min(best, clock.now - one)
        }
        let mean = (clock.now - started) / Self.rounds
        func micro(_ duration: Duration) -> String {
            String(
                format: "%9.1f",
                Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6)
        }
        return "\(label.padding(toLength: 34, withPad: " ", startingAt: 0)) \(micro(mean)) µs  (best \(micro(best)) µs)"
    }

    @Test func extractionCostPerFile() throws {
        var lines = ["extractor cost per file, \(Self.rounds) rounds, debug build unless noted"]
        let samples = [
            "Documents/paper.pdf", "Documents/report.docx", "Documents/budget.xlsx", "Documents/launch.pptx",
            "Documents/letter.odt", "Documents/novel.epub", "Documents/trip.html", "Documents/notes.md",
            "Pictures/eiffel.jpg", "Pictures/wide.png", "Pictures/blink.gif", "Pictures/tile.webp",
            "Pictures/icon.bmp", "Pictures/scan.tiff",
        ]
        for sample in samples {
            let path = DocumentSample.path(sample)
            let tree = try DocumentSample.tree(ofFileAt: path)
            let extractor = try #require(DocumentExtractors.all.first { $0.handles(tree: tree) })
            lines.append(measure("\(extractor.name) \(sample)", extractor, path: path, tree: tree))
        }
        // Large images: gdk-pixbuf should stop at the header whatever the pixel count.
        let folder = try DocumentSample.temporaryFolder()
        defer { DocumentSample.cleanUp(folder) }
        let tiff = folder.appendingPathComponent("big.tiff")
        try Data(Self.grayTIFF(width: 4000, height: 3000)).write(to: tiff)
        lines.append(
            measure(
                "image 4000x3000 TIFF (12 MB)", ImageExtractor(), path: Array(tiff.path.utf8),
                tree: ContentTypeTable.tree(of: "public.tiff")))
        let bomb = folder.appendingPathComponent("bomb.docx")
        let entry = DocumentHostileFiles.ZipEntry(
            name: "docProps/core.xml", data: DocumentHostileFiles.deflatedSpaces(count: 256 << 20), deflated: true,
            crc: 0, declaredSize: 900)
        try Data(DocumentHostileFiles.zip([entry])).write(to: bomb)
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        let before = usage.ru_maxrss
        lines.append(
            measure(
                "office 256 MiB bomb (lying size)", OfficeOpenXMLExtractor(), path: Array(bomb.path.utf8),
                tree: ContentTypeTable.tree(of: "org.openxmlformats.wordprocessingml.document")))
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        lines.append("peak RSS before/after the bomb rounds: \(before / 1024) / \(usage.ru_maxrss / 1024) MiB")
        print(lines.joined(separator: "\n"))
    }

    /// An uncompressed 8-bit grayscale baseline TIFF, little-endian, one strip.
    static func grayTIFF(width: Int, height: Int) -> [UInt8] {
        var out: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
        let entries: [(tag: UInt16, type: UInt16, value: UInt32)] = [
            (256, 4, UInt32(width)), (257, 4, UInt32(height)), (258, 3, 8), (259, 3, 1), (262, 3, 1),
            (273, 4, UInt32(8 + 2 + 9 * 12 + 4)), (277, 3, 1), (278, 4, UInt32(height)),
            (279, 4, UInt32(width * height)),
        ]
        func le(_ value: UInt32, _ bytes: Int) {
            for i in 0..<bytes { out.append(UInt8((value >> (8 * UInt32(i))) & 0xFF)) }
        }
        le(UInt32(entries.count), 2)
        for entry in entries {
            le(UInt32(entry.tag), 2)
            le(UInt32(entry.type), 2)
            le(1, 4)
            le(entry.value, 4)
        }
        le(0, 4)
        out += [UInt8](repeating: 0x80, count: width * height)
        return out
    }
}
