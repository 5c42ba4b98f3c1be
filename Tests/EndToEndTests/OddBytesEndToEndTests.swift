import Foundation
import Glibc
import Testing

/// Names and values that are not plain text: arguments that are not UTF-8 reach the file they
/// name (`show`, `index PATH`, `--onlyin`, `--exclude`), and control characters from file names,
/// tags or queries never reach a terminal raw, while pipes, `-0` and `--json` keep exact bytes.
@Suite(.ownThreads, .enabled(if: Requirement.tool("script"), "runs fsfind on a pseudo-terminal with script"))
struct OddBytesEndToEndTests {
    let tree: FixtureTree
    /// A folder whose name is not UTF-8, with one file in it.
    let oddFolder: [UInt8]
    /// `tree.root/esc<ESC>]52;c;aGk=<BEL>.md`: a name that would set the clipboard (OSC 52), with a
    /// title that would clear the screen.
    let escapeName: [UInt8]

    static let clearScreen = "\u{1B}[2J\u{1B}[H"

    init() throws {
        tree = try FixtureTree(withOddEntries: true)
        oddFolder = Array((tree.root + "/folder-").utf8) + [0xFE, 0x80]
        #expect(mkdir(oddFolder.cString, 0o755) == 0)
        try Data("inside the odd folder\n".utf8).write(to: URL(fileURLWithPath: tree.root + "/inside.tmp"))
        #expect(rename(tree.root + "/inside.tmp", (oddFolder + Array("/inside.txt".utf8)).cString) == 0)
        escapeName = Array((tree.root + "/esc\u{1B}]52;c;aGk=\u{07}.md").utf8)
        let title = Data("# Title\(Self.clearScreen)here\n\nbody\n".utf8)
        try title.write(to: URL(fileURLWithPath: tree.root + "/escape.tmp"))
        #expect(rename(tree.root + "/escape.tmp", escapeName.cString) == 0)
        let run = try tree.buildIndex()
        #expect(run.status == 0, "\(run.stderr)")
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: - Arguments that are not UTF-8

    @Test func showNamesAFileWhoseNameIsNotUTF8() throws {
        let path = bytes(tree.root + "/") + FixtureTree.invalidUTF8Name
        let shown = try FSFind.run(raw: [bytes("show"), bytes("--index"), bytes(tree.index), path])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.out.contains("fsName "), "\(shown.out)")
    }

    @Test func queryNullIntoXargsShowShowsEveryPath() throws {
        let run = try FSFind.run(
            raw: [bytes("query"), bytes("--index"), bytes(tree.index), bytes("-0"), bytes("fsName == \"*\"")],
            pipeInto: "xargs -0 \"$FSFIND\" show --index '\(tree.index)' > /dev/null && echo all-shown")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.out == "all-shown\n", "\(run.stderr)")
    }

    @Test func onlyInAFolderWhoseNameIsNotUTF8() throws {
        let run = try FSFind.run(raw: [
            bytes("query"), bytes("--index"), bytes(tree.index), bytes("--onlyin"), oddFolder, bytes("fsName == \"*\""),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Array(run.stdout) == oddFolder + [10] + oddFolder + bytes("/inside.txt\n"))
    }

    @Test func indexARootAndExcludeAGlobThatAreNotUTF8() throws {
        let index = tree.index + ".odd"
        let indexed = try FSFind.run(raw: [bytes("index"), bytes("--index"), bytes(index), oddFolder])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let all = try FSFind.run(raw: [
            bytes("query"), bytes("--index"), bytes(index), bytes("-0"), bytes("fsName == \"*\""),
        ])
        #expect(Array(all.stdout) == oddFolder + [0] + oddFolder + bytes("/inside.txt") + [0])

        // The glob `*<FF>*` matches the one name with an FF byte, and nothing else.
        let excluding = try FSFind.run(raw: [
            bytes("index"), bytes("--index"), bytes(index), bytes("--exclude"), [0x2A, 0xFF, 0x2A], bytes(tree.root),
        ])
        #expect(excluding.status == 0, "\(excluding.stderr)")
        let names = try FSFind.run(raw: [
            bytes("query"), bytes("--index"), bytes(index), bytes("-0"), bytes("fsName == \"bad*\""),
        ])
        #expect(names.stdout.isEmpty, "excluded: \(names.out)")
        let others = try FSFind.run(raw: [
            bytes("query"), bytes("--index"), bytes(index), bytes("--count"), bytes("fsName == \"*.txt\""),
        ])
        #expect(Int(others.out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 > 5, "\(others.out)")
    }

    // MARK: - Control characters

    /// No ESC, BEL or other C0/C1 control but the line ends `script` adds and the tabs of `--attr`.
    private func expectNoControls(_ data: Data, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let controls = data.filter { ($0 < 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09) || $0 == 0x7F }
        #expect(
            controls.isEmpty, "\(what) carries raw controls: \(String(decoding: data, as: UTF8.self))",
            sourceLocation: sourceLocation)
        #expect(
            !String(decoding: data, as: UTF8.self).unicodeScalars.contains { (0x80...0x9F).contains($0.value) },
            sourceLocation: sourceLocation)
    }

    @Test func pathsAndValuesOnATerminalAreEscaped() throws {
        let query = [bytes("query"), bytes("--index"), bytes(tree.index), bytes("fsName == \"esc*\"")]
        let onTerminal = try FSFind.run(raw: query, terminal: true)
        #expect(onTerminal.status == 0)
        expectNoControls(onTerminal.stdout, "query")
        #expect(onTerminal.out.contains(tree.root + "/esc\\e]52;c;aGk=\\x07.md"), "\(onTerminal.out)")

        let withTitle = try FSFind.run(raw: query + [bytes("--attr"), bytes("title")], terminal: true)
        expectNoControls(withTitle.stdout, "--attr title")
        #expect(withTitle.out.contains("title=Title\\e[2J\\e[Hhere"), "\(withTitle.out)")

        let shown = try FSFind.run(
            raw: [bytes("show"), bytes("--index"), bytes(tree.index), escapeName], terminal: true)
        expectNoControls(shown.stdout, "show")
        // `show` writes text values as quoted literals, with JSON's escapes.
        #expect(shown.out.contains(#"title                   = "Title\u001b[2J\u001b[Hhere""#), "\(shown.out)")

        let odd = try FSFind.run(
            raw: [bytes("query"), bytes("--index"), bytes(tree.index), bytes("fsName == \"bad*\"")], terminal: true)
        #expect(odd.out.contains("/bad\\xff\\xfename.txt"), "invalid bytes are shown, not replaced: \(odd.out)")
    }

    @Test func pipesNullAndJSONKeepTheExactBytes() throws {
        let piped = try FSFind.run(raw: [
            bytes("query"), bytes("--index"), bytes(tree.index), bytes("fsName == \"esc*\""),
        ])
        #expect(Array(piped.stdout) == escapeName + [10])
        let null = try FSFind.run(raw: [
            bytes("query"), bytes("--index"), bytes(tree.index), bytes("-0"), bytes("fsName == \"esc*\""),
        ])
        #expect(Array(null.stdout) == escapeName + [0])
        let json = try FSFind.run(
            raw: [
                bytes("query"), bytes("--index"), bytes(tree.index), bytes("--json"), bytes("--attr"), bytes("title"),
                bytes("fsName == \"esc*\""),
            ],
            terminal: true)
        expectNoControls(json.stdout, "--json")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.filter { $0 != 0x0D })) as? [String: Any]
        #expect(object?["path"] as? String == String(decoding: escapeName, as: UTF8.self))
        #expect(object?["title"] as? String == "Title\(Self.clearScreen)here")
    }

    @Test func diagnosticsAreEscaped() throws {
        let badQuery = try FSFind.run(raw: [
            bytes("query"), bytes("--index"), bytes(tree.index), bytes("fileSize > \"a\u{1B}]52;c;aGk=\u{07}\""),
        ])
        #expect(badQuery.status == 2)
        expectNoControls(Data(badQuery.stderr.utf8), "a query error")
        #expect(badQuery.stderr.contains("\\e]52"), "\(badQuery.stderr)")

        let missing = bytes("/nonexistent/\u{1B}[2J")
        let index = try FSFind.run(raw: [bytes("index"), bytes("--index"), bytes(tree.index + ".x"), missing])
        #expect(index.status == 2)
        expectNoControls(Data(index.stderr.utf8), "an index error")
        #expect(index.stderr.contains("/nonexistent/\\e[2J"), "\(index.stderr)")

        let notIndexed = try FSFind.run(raw: [bytes("show"), bytes("--index"), bytes(tree.index), missing])
        #expect(notIndexed.status == 1)
        expectNoControls(Data(notIndexed.stderr.utf8), "a show error")
    }
}

extension Array where Element == UInt8 {
    /// The bytes as a NUL-terminated C string, for the system calls that make the odd entries.
    var cString: [CChar] { map { CChar(bitPattern: $0) } + [0] }
}
