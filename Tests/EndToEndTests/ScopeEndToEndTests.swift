import Foundation
import Testing

@testable import FSFindManual

/// `--scope`, `--onlyin`, `--count`, `--limit`, `--sort` and `--attr` over the fixture tree.
@Suite(.ownThreads, .serialized) struct ScopeEndToEndTests {
    let tree: FixtureTree

    init() throws {
        tree = try FixtureTree()
        let run = try tree.buildIndex()
        #expect(run.status == 0, "\(run.stderr)")
    }

    func query(_ arguments: [String]) throws -> [String] {
        let result = try FSFind.run(["query", "--index", tree.index] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.lines
    }

    func relative(_ lines: [String]) -> Set<String> {
        Set(lines.map { $0.hasPrefix(tree.root + "/") ? String($0.dropFirst(tree.root.count + 1)) : $0 })
    }

    @Test func audioScope() throws {
        let audio = relative(try query(["--scope", "audio", "fsName == \"*\""]))
        #expect(
            audio == [
                "Music/intro-paris.mp3", "Music/no-xing.mp3", "Music/vbr.mp3", "Music/tone.m4a",
                "Music/tone.flac", "Music/tone.ogg", "Music/tone.opus", "Music/tone.wav", "Music/tone.aiff",
                "Documents/song-notes.txt",
            ])
        #expect(relative(try query(["contentType == \"audio\"wc"])) == audio)
    }

    @Test func otherScopes() throws {
        #expect(relative(try query(["--scope", "video", "fsName == \"*\""])).count == 5)
        #expect(relative(try query(["--scope", "image", "fsName == \"*\""])).count == 7)
        #expect(
            relative(try query(["--scope", "document", "fsName == \"*\""]))
                == [
                    "Documents/paper.pdf", "Documents/report.docx", "Documents/budget.xlsx", "Documents/launch.pptx",
                    "Documents/letter.odt", "Documents/novel.epub",
                ])
        #expect(
            relative(try query(["--scope", "code", "fsName == \"*\""])) == [
                "Code/hello.c", "Code/script.py", "Code/run.sh",
            ])
        #expect(
            relative(try query(["--scope", "archive", "fsName == \"*\""])) == [
                "Archives/bundle.zip", "Archives/bundle.tar.gz",
            ])
        #expect(relative(try query(["--scope", "app", "fsName == \"*\""])) == ["bin/hello"])
        #expect(relative(try query(["--scope", "folder", "fsName == \"d5*\""])).count == 11)
    }

    @Test func onlyInNarrowsToAFolder() throws {
        #expect(relative(try query(["--onlyin", tree.root + "/Pictures", "fsName == \"*\""])).count == 8)
        #expect(
            relative(
                try query([
                    "--onlyin", tree.root + "/Pictures", "--onlyin", tree.root + "/Code", "--scope", "code",
                    "fsName == \"*\"",
                ])) == ["Code/hello.c", "Code/script.py", "Code/run.sh"])
        // A folder whose name only starts like another is not inside it.
        #expect(try query(["--onlyin", tree.root + "/Mus", "fsName == \"*\""]).isEmpty)
    }

    @Test func countLimitSortReverse() throws {
        #expect(try query(["--count", "--scope", "audio", "fsName == \"*\""]) == ["10"])
        #expect(try query(["--limit", "3", "--scope", "audio", "fsName == \"*\""]).count == 3)
        let bySize = try query(["--sort", "size", "--scope", "audio", "fsName == \"*\""])
        #expect(bySize.first?.hasSuffix("tone.opus") == true)
        #expect(bySize.last?.hasSuffix("tone.aiff") == true)
        let reversed = try query(["--sort", "size", "--reverse", "--scope", "audio", "fsName == \"*\""])
        #expect(reversed == bySize.reversed())
        let byPath = try query(["--scope", "audio", "fsName == \"*\""])
        #expect(byPath == byPath.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test func attrPrintsTabSeparatedValues() throws {
        let lines = try query(["--attr", "fileSize,kind", "fsName == \"wide.png\""])
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(tree.root + "/Pictures/wide.png\tfileSize=1611\tkind=") == true)
    }

    @Test func freeTextFindsNames() throws {
        let found = relative(try query(["paris"]))
        #expect(found.contains("Music/intro-paris.mp3"))
        #expect(relative(try query(["intro par"])).contains("Music/intro-paris.mp3"))
    }

    @Test func showPrintsTheAttributeSet() throws {
        let result = try FSFind.run(["show", "--index", tree.index, tree.root + "/Pictures/eiffel.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.out.contains("contentType "))
        #expect(result.out.contains("\"public.jpeg\""))
        #expect(result.out.contains("fileSize"))
        let json = try FSFind.run(["show", "--index", tree.index, "--json", tree.root + "/dangling"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(object["contentType"] as? String == "public.symlink")
        let missing = try FSFind.run(["show", "--index", tree.index, tree.root + "/not-there"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("not in the index"))
    }

    @Test func statusAndScopesCount() throws {
        let status = try FSFind.run(["status", "--index", tree.index, "--json"])
        #expect(status.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: status.stdout) as? [String: Any])
        let scopes = try #require(object["scopes"] as? [String: Int])
        #expect(scopes["audio"] == 10)
        #expect((object["roots"] as? [[String: Any]])?.first?["path"] as? String == tree.root)
        let listed = try FSFind.run(["scopes", "--index", tree.index])
        #expect(listed.lines.contains { $0.hasPrefix("audio ") && $0.contains(" 10 ") })
    }
}
