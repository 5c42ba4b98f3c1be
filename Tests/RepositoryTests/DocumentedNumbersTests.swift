import Foundation
import Testing

@testable import FSFindElastic
@testable import FSFindIndexFormat
@testable import FSFindIndexer
@testable import FSFindQuery
@testable import FSFindSearch
@testable import FSFindServe
@testable import FSFindText

/// The numbers the docs quote are the code's: each sentence below is looked for in its document,
/// written from the constant, so changing one without the other fails here (issue 42 item 9: the
/// format page named format 4 while the code wrote 5, the pipeline page a queue bound that had
/// gone).
@Suite struct DocumentedNumbersTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ document: String) throws -> String {
        // Line breaks and indentation inside a paragraph are one space to a reader.
        try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    static func thousands(_ number: Int) -> String {
        let digits = String(number)
        var out = ""
        for (k, digit) in digits.enumerated() {
            if k > 0 && (digits.count - k) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    @Test(arguments: [
        ("docs/index-format.md", "# The fsfind index file, format \(IndexFormat.version)"),
        ("docs/pipeline.md", "chunks of \(RefreshStream.chunkSize) entries"),
        ("docs/pipeline.md", "then \(RefreshStream.identifiedCapacity), chunks"),
        ("docs/spotlight-over-smb.md", "at most \(thousands(ElasticEndpoint.maximumWindow))"),
        ("docs/spotlight-over-smb.md", "An answer is at most \(ElasticEndpoint.maximumAnswerBytes >> 20) MiB"),
        ("docs/spotlight-over-smb.md", "take at most \(SearchServer.Limits().pendingAnswerBytes >> 20) MiB in all"),
        ("docs/spotlight-over-smb.md", "an answer larger than \(AnswerBudget.smallAnswer >> 10) KiB"),
        ("docs/spotlight-over-smb.md", "at most \(ElasticEndpoint.contentCharacters >> 10) KiB of the file's words"),
        ("docs/spotlight-over-smb.md", "A query holds at most \(QueryExpression.maximumClauses) clauses"),
        ("docs/spotlight-over-smb.md", "every \(thousands(Searcher.rowsBetweenStopChecks)) rows of the scan"),
        ("docs/spotlight-over-smb.md", "`--search-timeout` seconds (\(Int(SearchServer.Limits().searchSeconds))"),
        ("docs/spec/query-language.md", "holds at most \(QueryExpression.maximumClauses) clauses"),
        (
            "docs/full-text.md",
            "`SpellingWords`: \(SpellingWords.minimumLength) to \(SpellingWords.maximumLength) bytes"
        ),
        ("docs/full-text.md", "log(\(Int(Candidate.occurrencesPerEdit))) × edits"),
        ("docs/full-text.md", "one for a word of \(SpellingCorrector.twoEditsFrom - 1) letters or fewer"),
    ])
    func theDocsQuoteTheCode(document: String, sentence: String) throws {
        #expect(try Self.text(document).contains(sentence), "\(document) should say: \(sentence)")
    }
}
