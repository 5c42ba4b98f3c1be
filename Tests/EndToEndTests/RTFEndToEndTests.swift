import Foundation
import Testing

/// An RTF document through the real binary: libmagic names it, its `\info` fields become its
/// title and authors, its body's words are found, and its markup is not.
@Suite(.ownThreads) struct RTFEndToEndTests {
    @Test func anRTFDocumentsWordsAndInfoNotItsMarkup() throws {
        let folder = try TemporaryFolder()
        let tree = folder.file("tree")
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        try Data(
            #"""
            {\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\fswiss Helvetica;}}{\colortbl;\red0\green0\blue0;}
            {\info{\title Marmalade memo}{\author Fr\'e9d\'e9ric Chopin}}
            \f0\fs24 Buy seville oranges for the marmalade\par
            }
            """#.utf8
        ).write(to: URL(fileURLWithPath: tree + "/memo.rtf"))
        let index = folder.file("index.fsfind")
        let run = try FSFind.run(["index", "--index", index, tree])
        #expect(run.status == 0, "\(run.stderr)")
        let found = try FSFind.run(["query", "--index", index, "seville"])
        #expect(found.lines == [tree + "/memo.rtf"], "\(found.out)")
        for markup in ["fonttbl", "helvetica", "red0", "ansicpg1252"] {
            let result = try FSFind.run(["query", "--index", index, markup])
            #expect(result.lines.isEmpty, "\(markup): \(result.out)")
        }
        let shown = try FSFind.run(["show", "--index", index, tree + "/memo.rtf"])
        #expect(shown.out.contains("title") && shown.out.contains("Marmalade memo"), "\(shown.out)")
        #expect(shown.out.contains("Frédéric Chopin"), "\(shown.out)")
        #expect(shown.out.contains("RTF"), "\(shown.out)")
        let byAuthor = try FSFind.run(["query", "--index", index, "authorNames == \"frederic*\"cd"])
        #expect(byAuthor.lines == [tree + "/memo.rtf"], "\(byAuthor.out)")
    }
}
