import Foundation
import Testing

@testable import FSFindIndex
@testable import FSFindIndexing
@testable import FSFindModel
@testable import FSFindSearch
@testable import FSFindText

/// The text store's hits found in the index by several threads at once answer as one thread does.
struct ContentRowsTests {
    @Test func splitLookupsFindTheSameRowsAndScores() throws {
        let folder = TemporaryFolder()
        let tree = folder.path + "/tree"
        // Folders of files, some holding the word (more than once, for different scores), so the
        // hits and the rows between them interleave, and a path of its own sits at every cut.
        for group in 0..<12 {
            let sub = tree + "/g\(group)"
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            for n in 0..<25 {
                let words = (n + group) % 3 == 0 ? String(repeating: "zebra ", count: 1 + n % 4) : "plain words"
                try "file \(n) \(words)\n".write(toFile: "\(sub)/f\(n).txt", atomically: false, encoding: .utf8)
            }
        }
        let indexPath = folder.file("rows.fsfind")
        _ = try Indexer(indexPath: indexPath).run(roots: [Array(tree.utf8)], options: CrawlOptions())
        let index = try IndexFile(path: indexPath)
        // The words of each file, stored under its path and identity as the indexer stores them.
        let store = try TextStore(path: folder.file("rows.text"), create: true)
        try store.write { (writer) throws(FSFindError) in
            for row in 0..<index.itemCount {
                let path = index.path(at: row)
                guard path.count > 4, String(decoding: path.suffix(4), as: UTF8.self) == ".txt" else { continue }
                let text = (try? String(contentsOfFile: String(decoding: path, as: UTF8.self), encoding: .utf8)) ?? ""
                try writer.add(path: path, identity: index.identity(at: row), text: text)
            }
        }
        let hits = try store.search(TextQuery.words(["zebra"]))
        #expect(hits.count == 100)
        let one = ContentRows(hits, index: index, threads: 1)
        for threads in [2, 3, 5, 150] {
            let many = ContentRows(hits, index: index, threads: threads)
            for row in 0..<index.itemCount {
                #expect(one.contains(row) == many.contains(row), "row \(row), \(threads) threads")
                #expect(one.score(row) == many.score(row), "row \(row), \(threads) threads")
            }
            #expect(many.isEmpty == false)
        }
        #expect((0..<index.itemCount).filter { one.contains($0) }.count == 100)
    }
}
