import Foundation
import Testing

@testable import FSFindManual

/// Every `fsfind` example in README.md and man/fsfind.1 runs, as written, in bash against a fresh
/// copy of `sample/`, and gives the answer its comment states (`# → names` in the README,
/// `# -> names` in the page: the base names of the results, any order, or a number for `--count`).
/// Examples without an answer must at least succeed.
@Suite(.ownThreads, .serialized) struct DocumentationExampleTests {
    struct Example: CustomStringConvertible {
        let command: String
        let answer: [String]?
        var description: String { command }
    }

    /// Lines starting with `fsfind` inside ```sh blocks; `fsfind index` lines and lines naming
    /// folders of a home (`~`) are the reader's own and are not run, nor are `fsfind watch` and
    /// `--live` lines, which run until stopped (WatchEndToEndTests and LiveQueryEndToEndTests).
    static func readmeExamples() throws -> [Example] {
        let text = try String(contentsOf: FSFind.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var inShell = false
        var examples: [Example] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
                continue
            }
            guard inShell, let example = parse(line, arrow: "# →") else { continue }
            examples.append(example)
        }
        return examples
    }

    /// Lines starting with `fsfind` inside the page's literal displays, roff escapes undone.
    static func manPageExamples() throws -> [Example] {
        let text = try String(contentsOf: FSFind.repositoryRoot.appendingPathComponent("man/fsfind.1"), encoding: .utf8)
        var inDisplay = false
        var examples: [Example] = []
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix(".Bd -literal") {
                inDisplay = true
                continue
            }
            if line.hasPrefix(".Ed") {
                inDisplay = false
                continue
            }
            let plain = line.replacingOccurrences(of: "\\e", with: "\\").replacingOccurrences(of: "\\&", with: "")
            guard inDisplay, let example = parse(plain, arrow: "# ->") else { continue }
            examples.append(example)
        }
        return examples
    }

    static func parse(_ line: String, arrow: String) -> Example? {
        // `watch`, `serve` and `--live` run until they are stopped; `index` lines name the reader's
        // own folders.
        guard line.hasPrefix("fsfind "), !line.hasPrefix("fsfind index"), !line.hasPrefix("fsfind watch"),
            !line.hasPrefix("fsfind serve"), !line.contains("--live"), !line.contains("~")
        else { return nil }
        var command = line
        var answer: [String]?
        if let marker = line.range(of: arrow) {
            command = String(line[..<marker.lowerBound])
            answer = line[marker.upperBound...].split(separator: " ").map(String.init)
        } else if let comment = line.range(of: "  #") {
            command = String(line[..<comment.lowerBound])
        }
        // The part before a pipe is the example's fsfind run; what it feeds is the reader's.
        if let pipe = command.range(of: " | ") { command = String(command[..<pipe.lowerBound]) }
        return Example(command: command.trimmingCharacters(in: .whitespaces), answer: answer)
    }

    @Test func examplesGiveTheStatedAnswers() throws {
        let folder = try TemporaryFolder()
        // A plain copy: fresh modification times, as after a checkout.
        try Shell.run("/bin/cp", ["-R", FSFind.sample.path, folder.file("sample")])
        let environment = ["FSFIND_INDEX": folder.file("index.fsfind")]
        let index = try ShellLine.bash("fsfind index sample", in: folder.path, environment: environment)
        try #require(index.status == 0, "\(index.stderr)")

        let examples = try Self.readmeExamples() + Self.manPageExamples()
        #expect(examples.filter { $0.answer != nil }.count >= 15, "\(examples)")
        for example in examples {
            let result = try ShellLine.bash(example.command, in: folder.path, environment: environment)
            #expect(result.status == 0, "\(example.command): \(result.stderr)")
            guard let answer = example.answer else { continue }
            let got = result.lines.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
            #expect(got.sorted() == answer.sorted(), "\(example.command)")
        }
    }
}
