import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindCrawl
@testable import FSFindExtraction
@testable import FSFindManual
@testable import FSFindModel

/// Measures crawl and identify rates and agreement with `file -b --mime-type` on a real tree.
/// Off by default; run with `FSFIND_BENCH=/usr swift test --filter CrawlBenchmark`.
@Suite struct CrawlBenchmarkTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FSFIND_BENCH"] != nil))
    func crawlIdentifyAndAgreeWithFile() throws {
        let root = ProcessInfo.processInfo.environment["FSFIND_BENCH"] ?? "/usr"
        var entries: [CrawlEntry] = []
        var diagnostics = 0
        let crawlStart = Date()
        try Crawler(options: CrawlOptions()).crawl(
            root: Array(root.utf8), entry: { entries.append($0) },
            diagnostic: { _ in diagnostics += 1 })
        let crawlSeconds = Date().timeIntervalSince(crawlStart)
        print(
            "crawl \(root): \(entries.count) entries, \(diagnostics) diagnostics, \(String(format: "%.2f", crawlSeconds)) s, \(Int(Double(entries.count) / crawlSeconds)) entries/s"
        )

        for workers in [1, ProcessInfo.processInfo.activeProcessorCount] {
            let start = Date()
            let items = Identifier.identify(entries, workers: workers)
            let seconds = Date().timeIntervalSince(start)
            let files = entries.filter { $0.fileType == .regular }.count
            print(
                "identify with \(workers) worker(s): \(items.count) items (\(files) files), \(String(format: "%.2f", seconds)) s, \(Int(Double(files) / seconds)) files/s"
            )
        }

        // Agreement with `file -b --mime-type` on up to 5,000 regular files with printable names.
        let items = Identifier.identify(entries)
        var sample = zip(items, entries).filter { item, entry in
            guard entry.fileType == .regular, case .text = item.attributes[.mimeType], item.problem == nil,
                String(validating: item.path, as: UTF8.self) != nil, !item.path.contains(0x0A)
            else { return false }
            return true
        }.map(\.0)
        if sample.count > 5000 {
            var generator = SplitMix64(seed: 0xC4A3_7100)
            sample = Array(sample.shuffled(using: &generator).prefix(5000))
        }
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("fsfind-bench-\(getpid()).txt")
        try sample.map { String(decoding: $0.path, as: UTF8.self) }.joined(separator: "\n").write(
            to: list, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: list) }
        let pipe = Spawning.pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/file")
        process.arguments = ["-b", "--mime-type", "-f", list.path]
        process.standardOutput = pipe
        try Spawning.run(process)
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let answers = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var agree = 0
        for (index, item) in sample.enumerated() where index < answers.count {
            if item.attributes[.mimeType] == .text(answers[index]) {
                agree += 1
            } else {
                print(
                    "differs: \(String(decoding: item.path, as: UTF8.self)): \(String(describing: item.attributes[.mimeType])) vs \(answers[index])"
                )
            }
        }
        print("agreement with file(1): \(agree)/\(sample.count)")
        #expect(Double(agree) >= 0.99 * Double(sample.count))
    }
}
