import CrawlFixtures
import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindCrawl
@testable import FSFindIndexFormat
@testable import FSFindModel

/// The parallel crawl must find exactly what the serial one finds, with each folder before its
/// entries and its files right after it, whatever the number of threads.
@Suite struct ParallelCrawlTests {
    static func makeTree(_ seed: UInt64) -> CrawlTestTree {
        var random = SplitMix64(seed: seed)
        let tree = CrawlTestTree()
        var folders: [[UInt8]] = [[]]
        for index in 0..<300 {
            let parent = folders.randomElement(using: &random) ?? []
            let names: [[UInt8]] = [
                pathBytes("f\(index)"), pathBytes(".hidden\(index)"), [0xFF, 0x0A] + pathBytes("\(index)"),
            ]
            let name = names[index % names.count]
            if index % 4 == 0 {
                tree.folder(parent + (parent.isEmpty ? [] : [UInt8(ascii: "/")]) + name)
                folders.append(parent + (parent.isEmpty ? [] : [UInt8(ascii: "/")]) + name)
            } else {
                tree.file(parent + (parent.isEmpty ? [] : [UInt8(ascii: "/")]) + name, contents: CrawlSamples.text)
            }
        }
        tree.symlink(pathBytes("loop"), to: ".")
        tree.fifo(pathBytes("pipe"))
        return tree
    }

    @Test(arguments: [2, 3, 8])
    func findsWhatTheSerialCrawlFinds(threads: Int) throws {
        let tree = Self.makeTree(UInt64(threads))
        let options = CrawlOptions(includeHidden: threads != 3, excludes: threads == 8 ? ["f1*"] : [])
        var serial: [CrawlEntry] = []
        var serialDiagnostics: [CrawlDiagnostic] = []
        try Crawler(options: options).crawl(
            root: tree.root, entry: { serial.append($0) }, diagnostic: { serialDiagnostics.append($0) })
        var parallel: [CrawlEntry] = []
        var parallelDiagnostics: [CrawlDiagnostic] = []
        try Crawler(options: options).crawl(
            root: tree.root, threads: threads, entry: { parallel.append($0) },
            diagnostic: { parallelDiagnostics.append(CrawlDiagnostic(path: $0, message: $1)) })

        #expect(serial.count > 100)
        // (Not the access times: listing a folder may move its own.)
        func key(_ entry: CrawlEntry) -> String {
            "\(entry.path) \(entry.identity) \(entry.fileType) \(entry.mode) \(entry.unreadableReason ?? "")"
        }
        #expect(Set(parallel.map(key)) == Set(serial.map(key)) && parallel.count == serial.count)
        #expect(Set(parallelDiagnostics) == Set(serialDiagnostics))
        #expect(parallel.first?.path == tree.root)
        // Each entry's folder came before it; a folder's files follow it directly.
        var seenFolders: Set<[UInt8]> = []
        var currentFolder: [UInt8]?
        for entry in parallel {
            if entry.path != tree.root {
                let folder = Array(entry.path[..<(entry.nameStart - 1)])
                #expect(seenFolders.contains(folder), "\(PathBytes.display(entry.path)) before its folder")
                if entry.fileType != .directory { #expect(folder == currentFolder) }
            }
            if entry.fileType == .directory {
                seenFolders.insert(entry.path)
                currentFolder = entry.path
            }
        }
    }

    @Test func aMissingRootThrowsAndAFileRootIsOneEntry() throws {
        let tree = CrawlTestTree()
        let file = tree.file(pathBytes("only.txt"), contents: CrawlSamples.text)
        var entries: [CrawlEntry] = []
        try Crawler(options: CrawlOptions()).crawl(
            root: file, threads: 4, entry: { entries.append($0) }, diagnostic: { _, _ in })
        #expect(entries.map(\.path) == [file])
        #expect(throws: FSFindError.self) {
            try Crawler(options: CrawlOptions()).crawl(
                root: tree.root + pathBytes("/missing"), threads: 4, entry: { _ in }, diagnostic: { _, _ in })
        }
    }
}
