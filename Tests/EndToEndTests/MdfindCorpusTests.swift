import Foundation
import Testing

/// Issues 14 and 43's measure: real-world Spotlight queries (`Tests/Corpus/mdfind-queries.tsv`,
/// 402 from public scripts, apps and docs, NSMetadataQuery predicates among them) run with the
/// meaning their authors gave them. Each is run through the real binary with `--explain` beside
/// its meaning written as fsfind arguments; the two must read the same. At least 98% must, and
/// every one not marked as a known miss.
@Suite(.ownThreads) struct MdfindCorpusTests {
    struct Entry {
        let source: String
        let arguments: [String]
        let meaning: String
    }

    static func entries() throws -> [Entry] {
        let url = FSFind.repositoryRoot.appendingPathComponent("Tests/Corpus/mdfind-queries.tsv")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3 else { return nil }
            let arguments = try JSONDecoder().decode([String].self, from: Data(fields[1].utf8))
            return Entry(source: fields[0], arguments: arguments, meaning: fields[2])
        }
    }

    private func explain(_ arguments: [String]) throws -> RunResult {
        try FSFind.run(["query", "--explain", "--index", "/nonexistent/index"] + arguments)
    }

    @Test func realWorldQueriesRunWithTheirAuthorsMeaning() throws {
        let entries = try Self.entries()
        #expect(entries.count >= 400)
        #expect(Set(entries.map(\.source)).count >= 250, "from many sources")
        var kept = 0
        var misses: [String] = []
        for entry in entries {
            let run = try explain(entry.arguments)
            if entry.meaning == "!error" {
                #expect(run.status == 2, "\(entry.source) \(entry.arguments): should be refused")
                if run.status == 2 { kept += 1 }
                continue
            }
            if entry.meaning.hasPrefix("!miss") {
                misses.append("\(entry.source) \(entry.arguments): \(entry.meaning)")
                continue
            }
            let meaning = try JSONDecoder().decode([String].self, from: Data(entry.meaning.utf8))
            let expected = try explain(meaning)
            #expect(expected.status == 0, "\(entry.source): the meaning \(meaning) does not parse: \(expected.stderr)")
            #expect(
                run.status == 0 && run.out == expected.out,
                "\(entry.source) \(entry.arguments): read as \(run.out)\(run.stderr), meant \(expected.out)")
            if run.status == 0 && run.out == expected.out { kept += 1 }
        }
        let share = Double(kept) / Double(entries.count)
        #expect(share >= 0.98, "\(kept) of \(entries.count); known misses: \(misses)")
    }
}
