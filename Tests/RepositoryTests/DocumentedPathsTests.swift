import Foundation
import Testing

/// The docs and README name files by their paths in the repository (`Sources/FSFindIndexer/…`,
/// `benchmarks/…`); a file moved or renamed left such a path behind (issue 42 item 9: the
/// commit order's file was still named under a target renamed sessions before). Every path in
/// backquotes that starts at one of the repository's folders must name a file or folder there.
@Suite struct DocumentedPathsTests {
    static let root = DocumentedNumbersTests.root
    static let folders = ["Sources/", "Tests/", "benchmarks/", "scripts/", "docs/", "debian/", "sample/"]

    /// The Markdown pages whose paths are checked: README and every page under `docs/`.
    static func pages() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        guard let walk = FileManager.default.enumerator(atPath: docs.path) else { return [] }
        var pages = [root.appendingPathComponent("README.md")]
        for case let path as String in walk where path.hasSuffix(".md") {
            pages.append(docs.appendingPathComponent(path))
        }
        return pages
    }

    /// The repository paths a page names in backquotes, without a trailing `:line` or `#anchor`.
    static func paths(in text: String) -> [String] {
        var found: [String] = []
        for quoted in text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        where quoted.offset % 2 == 1 {
            let code = String(quoted.element)
            guard folders.contains(where: code.hasPrefix),
                code.allSatisfy({ $0.isLetter || $0.isNumber || "/._+-".contains($0) })
            else { continue }
            found.append(code)
        }
        return found
    }

    @Test func everyPathTheDocsNameExists() throws {
        let pages = try Self.pages()
        #expect(pages.count > 10)
        var named = 0
        var missing: [String] = []
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for path in Self.paths(in: text) {
                named += 1
                if !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path) {
                    missing.append("\(page.lastPathComponent): \(path)")
                }
            }
        }
        #expect(named > 50, "the pages name \(named) paths")
        #expect(missing.isEmpty, "paths the docs name that do not exist: \(missing)")
    }

    @Test func aPathInBackquotesIsFound() {
        #expect(
            Self.paths(in: "see `Sources/A/B.swift` and `fsfind index`, `docs/x.md`") == [
                "Sources/A/B.swift", "docs/x.md",
            ])
    }
}
