import Foundation
import Testing

/// `mdfind`, `mdls` and `mdutil` as links to the binary (issue 14, item 7): each behaves as the
/// macOS command does, on the real index.
@Suite(.ownThreads) struct MdToolLinksEndToEndTests {
    let tree: FixtureTree
    let links: TemporaryFolder

    init() throws {
        tree = try FixtureTree(withOddEntries: false)
        let run = try tree.buildIndex()
        #expect(run.status == 0, "\(run.stderr)")
        links = try TemporaryFolder()
        for tool in ["mdfind", "mdls", "mdutil"] {
            try FileManager.default.createSymbolicLink(
                atPath: links.file(tool), withDestinationPath: FSFind.binary.path)
        }
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> RunResult {
        try ShellLine.run(links.file(tool), arguments, environment: ["FSFIND_INDEX": tree.index])
    }

    @Test func mdfindIsQuery() throws {
        let found = try run("mdfind", ["-onlyin", tree.root + "/Music", "kMDItemComposer == 'Philip Glass'"])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.lines == [tree.root + "/Music/intro-paris.mp3"])
        #expect(
            try run("mdfind", ["-count", "kind:image"]).out
                == (try FSFind.run(["query", "--index", tree.index, "--count", "kind:image"])).out)
    }

    @Test func mdlsPrintsMdlsForm() throws {
        let file = tree.root + "/Music/intro-paris.mp3"
        let all = try run("mdls", [file])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.lines.contains("kMDItemComposer                = \"Philip Glass\""), "\(all.lines)")
        #expect(all.lines.contains { $0.hasPrefix("kMDItemContentTypeTree ") && $0.hasSuffix("= (") })
        #expect(all.lines.contains("    \"public.audio\","))
        #expect(all.lines.contains { $0.hasPrefix("kMDItemFSSize ") && $0.hasSuffix("= 12562") })
        // -name, in the order asked, (null) for what the file lacks; -raw, the value alone.
        let named = try run("mdls", ["-name", "kMDItemFSName", "-name", "kMDItemPixelWidth", file]).lines
        #expect(named == ["kMDItemFSName     = \"intro-paris.mp3\"", "kMDItemPixelWidth = (null)"])
        #expect(try run("mdls", ["-raw", "-name", "kMDItemTitle", file]).out == "Intro à Paris")
        #expect(try run("mdls", ["-raw", "-nullMarker", "-", "-name", "kMDItemPixelWidth", file]).out == "-")
        let missing = try run("mdls", [tree.root + "/nowhere.txt"])
        #expect(missing.status == 1 && missing.stderr.contains("could not find"), "\(missing.stderr)")
        // show keeps its own options: -name is mdls's.
        #expect(try FSFind.run(["show", "--index", tree.index, "-name", "x", file]).status == 2)
    }

    @Test func mdutilStatusAndRebuild() throws {
        let status = try run("mdutil", ["-s", "/"])
        #expect(status.status == 0 && status.out.contains(tree.index), "\(status.out) \(status.stderr)")
        let rebuild = try run("mdutil", ["-E", "/"])
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        let refused = try run("mdutil", ["-i", "off", "/"])
        #expect(refused.status == 2 && refused.stderr.contains("unknown option -i"), "\(refused.stderr)")
        #expect(try run("mdutil", []).status == 2)
    }
}
