import FSFindTestSupport
import Foundation
import IndexFixtures
import Testing

@testable import FSFindIndexFormat
@testable import FSFindModel

/// The binary searches by path compare a target with a row's path in place, walking the row's
/// parents (`IndexFile.comparePath`); they must order exactly as comparing the built paths does,
/// for paths that sort around `/` (`a`, `a-b`, `a.txt`, `a/x`, `a0`), the root folder, whole paths
/// stored without a parent, invalid UTF-8 and newlines.
@Suite struct PathComparisonTests {
    @Test func comparingInPlaceOrdersAsComparingThePaths() throws {
        let paths: [[UInt8]] =
            [
                "/", "/a", "/a/b", "/a/b/c", "/a/b-c", "/a/b.c", "/a/b0", "/a-b", "/a.txt", "/a0", "/b", "/b/é",
                "/b/e\u{301}", "/b/new\nline", "/c d/x y", "/srv/share", "/srv/share/deep/er/still/file.txt",
            ].map { Array($0.utf8) } + [Array("/b/".utf8) + [0xFF, 0x41], Array("/lonely/whole/path".utf8)]
        // "/lonely/whole/path" has no folder in the index: its name is the whole path.
        let folders = Set(paths.filter { path in paths.contains { $0.count > path.count && $0.starts(with: path) } })
        let items = paths.enumerated().map { index, path in
            Fixtures.item(path, folder: folders.contains(path), n: UInt64(index))
        }
        let folder = TemporaryFolder()
        let indexPath = folder.file("paths.fsfind")
        try IndexWriter.write(IndexContents(roots: [], items: items, createdAt: Date()), to: indexPath)
        let file = try IndexFile(path: indexPath)
        var targets = paths
        for path in paths {
            targets += [path + [UInt8(ascii: "/")], path + [UInt8(ascii: "0")], path + Array("/zz".utf8)]
            targets.append(Array(path.dropLast()))
        }
        targets += [[], Array("/a/b/".utf8), Array("//".utf8), [0xFF]]
        for row in 0..<file.itemCount {
            let path = file.path(at: row)
            for target in targets {
                let inPlace = try target.withUnsafeBytes { try file.comparePath(at: row, with: $0) }
                let built = IndexFormat.compare(path, target)
                #expect(
                    inPlace.signum() == built.signum(), "\(PathBytes.display(path)) vs \(PathBytes.display(target))")
            }
            #expect(file.rowIndex(ofPath: path) == row)
        }
        for target in targets {
            let expected = (0..<file.itemCount).first { IndexFormat.compare(file.path(at: $0), target) >= 0 }
            #expect(file.lowerBound(target) == expected ?? file.itemCount, "\(PathBytes.display(target))")
        }
    }
}
