import Foundation
import Testing

/// Free text reads every text attribute about a file (a photo's camera, a song's artist and
/// genre), not where it is or what kind it is, and takes a word's forms in names and titles as
/// it does inside files (issue 43 item 1).
@Suite(.ownThreads) struct FreeTextAttributesEndToEndTests {
    let tree: FixtureTree

    init() throws {
        tree = try FixtureTree(withOddEntries: false)
        let documents = tree.root + "/Documents/"
        try Data("notes\n".utf8).write(to: URL(fileURLWithPath: documents + "Comparison notes.txt"))
        try Data("an essay of several comparisons\n".utf8).write(to: URL(fileURLWithPath: documents + "essay.txt"))
        try Data("b\n".utf8).write(to: URL(fileURLWithPath: documents + "pony.txt"))
        // A folder's name is its own, not its files': `zanzibar` finds the folder alone.
        try FileManager.default.createDirectory(atPath: tree.root + "/Zanzibar", withIntermediateDirectories: true)
        try Data("c\n".utf8).write(to: URL(fileURLWithPath: tree.root + "/Zanzibar/inside.txt"))
        let run = try tree.buildIndex()
        #expect(run.status == 0, "\(run.stderr)")
    }

    private func query(_ arguments: String..., index: String? = nil) throws -> [String] {
        let result = try FSFind.run(["query", "--index", index ?? tree.index] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.lines.map { $0.replacingOccurrences(of: tree.root + "/", with: "") }
    }

    @Test func everyTextAttributeAboutAFileIsRead() throws {
        #expect(try query("canon") == ["Pictures/eiffel.jpg"], "the camera's make")
        #expect(try query("canon eiffel") == ["Pictures/eiffel.jpg"], "one word in the name, one in the make")
        let reich = try query("reich")
        #expect(reich.contains("Music/intro-paris.mp3"), "the artist: \(reich)")
        #expect(try query("minimal").contains("Music/intro-paris.mp3"), "the genre")
        // Not the path: the folder's own name matches, its files do not.
        #expect(try query("zanzibar") == ["Zanzibar"])
        // Names and titles still rank first: `paris` in a name before `paris` in a title alone.
        let paris = try query("paris")
        #expect(paris.first == "Music/intro-paris.mp3", "\(paris)")
    }

    @Test func aWordsFormsMatchNamesAsTheyMatchTheWordsInside() throws {
        // The name holds the word's form: ranked before the file that holds the word itself inside.
        #expect(try query("comparisons") == ["Documents/Comparison notes.txt", "Documents/essay.txt"])
        #expect(try query("comparison") == ["Documents/Comparison notes.txt", "Documents/essay.txt"])
        #expect(try query("ponies") == ["Documents/pony.txt"], "an English stem that changes a letter")
        // A word is still a prefix, and a prefix is no form: `compar` finds by prefix only.
        #expect(try query("compar") == ["Documents/Comparison notes.txt", "Documents/essay.txt"])
        #expect(try query("comparisonz") == [], "no form of a word no file holds")
        // Without a text store (metadata only) names still take the words' forms.
        let metadataOnly = tree.index + ".metadata-only"
        #expect(try FSFind.run(["index", "--index", metadataOnly, "--no-content", tree.root]).status == 0)
        #expect(try query("comparisons", index: metadataOnly) == ["Documents/Comparison notes.txt"])
        // A word that matches by a form of a name's word is no typo: no "did you mean".
        for word in ["comparisons", "ponies"] {
            let run = try FSFind.run(["query", "--index", metadataOnly, word])
            #expect(run.status == 0 && !run.lines.isEmpty && run.stderr.isEmpty, "\(word): \(run.stderr)")
        }
    }
}
