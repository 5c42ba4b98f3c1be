import Foundation
import Testing

@testable import FSFindManual

/// The committed man page and completion scripts match what the code produces now.
///
/// A changed flag, subcommand, attribute or scope fails here until the files are regenerated:
/// `scripts/make-docs.sh` regenerates everything; `FSFIND_RECORD=1 swift test` re-records the
/// completion scripts and the registry sections of the page (the generated part needs the script).
@Suite(.ownThreads, .serialized) struct DocumentationSnapshotTests {
    static let recording = ProcessInfo.processInfo.environment["FSFIND_RECORD"] == "1"
    static let manPage = FSFind.repositoryRoot.appendingPathComponent("man/fsfind.1")
    static let beginMarker = ".\\\" BEGIN ManualSections"
    static let endMarker = ".\\\" END ManualSections"

    @Test(arguments: [("bash", "fsfind.bash"), ("zsh", "_fsfind"), ("fish", "fsfind.fish")])
    func completionScriptIsCurrent(shell: String, file: String) throws {
        let generated = try FSFind.run(["--generate-completion-script", shell])
        #expect(generated.status == 0)
        let committed = FSFind.repositoryRoot.appendingPathComponent("completions/" + file)
        if Self.recording { try generated.stdout.write(to: committed) }
        #expect(
            try Data(contentsOf: committed) == generated.stdout,
            "completions/\(file) is stale: run scripts/make-docs.sh (or FSFIND_RECORD=1 swift test)")
    }

    @Test func generatedPartOfManPageIsCurrent() throws {
        let dump = try FSFind.run(["--experimental-dump-help"])
        #expect(dump.status == 0)
        let folder = try TemporaryFolder()
        try dump.stdout.write(to: URL(fileURLWithPath: folder.file("dump.json")))
        let hash = try ShellLine.bash("sha256sum dump.json | cut -d' ' -f1", in: folder.path).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let page = try String(contentsOf: Self.manPage, encoding: .utf8)
        let recorded = page.split(separator: "\n").dropFirst().first.map(String.init)
        #expect(
            recorded == ".\\\" dump-help-sha256: \(hash)",
            "man/fsfind.1 was generated from other command definitions: run scripts/make-docs.sh")
    }

    @Test func registrySectionsOfManPageAreCurrent() throws {
        var page = try String(contentsOf: Self.manPage, encoding: .utf8)
        let begin = try #require(page.range(of: Self.beginMarker + "\n"), "man/fsfind.1 lacks its section markers")
        let end = try #require(page.range(of: Self.endMarker, range: begin.upperBound..<page.endIndex))
        if Self.recording {
            page.replaceSubrange(begin.upperBound..<end.lowerBound, with: LibraryProbe.manualSections)
            try page.write(to: Self.manPage, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            String(page[begin.upperBound..<end.lowerBound]) == LibraryProbe.manualSections,
            "man/fsfind.1's sections are stale: run FSFIND_RECORD=1 swift test (or scripts/make-docs.sh)")
    }

    @Test func manPageRendersWithoutWarnings() throws {
        let page = try Data(contentsOf: Self.manPage)
        #expect(page.allSatisfy { $0 < 0x80 }, "man/fsfind.1 must be ASCII (groff needs preconv otherwise)")
        let groff = try ShellLine.run("/usr/bin/groff", ["-ww", "-mandoc", "-z", Self.manPage.path])
        #expect(groff.status == 0 && groff.stderr.isEmpty, "\(groff.stderr)")
        let man = try ShellLine.run(
            "/usr/bin/man", ["--warnings", "-l", Self.manPage.path],
            environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(man.status == 0 && man.stderr.isEmpty, "\(man.stderr)")
        #expect(man.out.contains("QUERY LANGUAGE") && man.out.contains("duration (number)"))
    }

    @Test func versionComesFromOnePlace() throws {
        let version = try FSFind.run(["--version"])
        #expect(version.status == 0)
        #expect(version.out == LibraryProbe.version + "\n")
    }

    @Test(arguments: ["index", "query", "show", "status", "attributes", "scopes", "forget", "search"])
    func everySubcommandsHelpHasAnExample(subcommand: String) throws {
        let help = try FSFind.run([subcommand, "--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("Example") && help.out.contains("  fsfind \(subcommand)"), "\(help.out)")
    }
}
