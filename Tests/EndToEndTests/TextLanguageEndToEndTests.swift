import Foundation
import Testing

/// `fsfind index --language`: the words inside files matched in their language's word forms
/// (Snowball's stemmers), the language kept by later refreshes, a change reading every file once.
@Suite(.ownThreads) struct TextLanguageEndToEndTests {
    let folder: TemporaryFolder
    var index: String { folder.file("index.fsfind") }
    var tree: String { folder.file("tree") }

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        try Data("Les chanteuses continuaient leurs répétitions dans la maison.\n".utf8)
            .write(to: URL(fileURLWithPath: tree + "/chant.txt"))
        try Data("Die Häuser der Sängerinnen sind alt.\n".utf8).write(to: URL(fileURLWithPath: tree + "/lied.txt"))
    }

    func names(_ query: String) throws -> [String] {
        let result = try FSFind.run(["query", "--index", index, query])
        #expect(result.status == 0, "\(result.stderr)")
        return result.out.split(separator: "\n").map { String($0.split(separator: "/").last ?? "") }.sorted()
    }

    @Test func frenchWordFormsMatchAndTheLanguageIsKept() throws {
        let first = try FSFind.run(["index", "--index", index, "--language", "french", "--verbose", tree])
        #expect(first.status == 0, "\(first.stderr)")
        // A singular finds the plural, an infinitive the imperfect, an accent is folded.
        #expect(try names("chanteuse") == ["chant.txt"])
        #expect(try names("continuer").contains("chant.txt"))
        #expect(try names("repetition") == ["chant.txt"])
        #expect(try names("maisons") == ["chant.txt"])
        let status = try FSFind.run(["status", "--index", index])
        #expect(status.out.contains("words in french"), "\(status.out)")
        // A refresh without --language keeps French and opens nothing.
        let again = try FSFind.run(["index", "--index", index, "--verbose"])
        #expect(again.stderr.contains(", 0 files opened"), "\(again.stderr)")
        #expect(try names("chanteuse") == ["chant.txt"])
    }

    @Test func changingTheLanguageReadsEveryFileOnce() throws {
        // A word still matches as a prefix, so the probes are longer than the word in the file:
        // only German's stemmer reduces "Häusern" (the query) and "Häuser" (the file) to one stem.
        #expect(try FSFind.run(["index", "--index", index, "--language", "none", tree]).status == 0)
        #expect(try names("häusern").isEmpty)
        let german = try FSFind.run(["index", "--index", index, "--language", "german", "--verbose"])
        #expect(german.stderr.contains(", 2 files opened"), "\(german.stderr)")
        #expect(try names("häusern") == ["lied.txt"])
        #expect(try names("hausern") == ["lied.txt"])
        let status = try FSFind.run(["status", "--index", index, "--json"])
        #expect(status.out.contains("\"language\":\"german\""), "\(status.out)")
    }

    @Test func anUnknownLanguageIsAnErrorThatListsTheKnownOnes() throws {
        let result = try FSFind.run(["index", "--index", index, "--language", "klingon", tree])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no language 'klingon'") && result.stderr.contains("french"), "\(result.stderr)")
        #expect(!result.stderr.contains("porter"))
        #expect(access(index, F_OK) != 0, "nothing was indexed")
    }
}
