import FSFindTestSupport
import Foundation
import Glibc
import Testing

/// The launchers without a plug-in API (issue 41 item 5), driven as a person drives them:
/// `contrib/fsfind-fzf` in a real fzf in tmux (typed, previewed, chosen), `contrib/fsfind-rofi`
/// through rofi's script-mode protocol (`ROFI_RETV` and the chosen line), against the real binary.
@Suite(.ownThreads, .serialized) struct LauncherScriptsEndToEndTests {
    static let contrib = FSFind.repositoryRoot.appendingPathComponent("contrib")

    @Test(.enabled(if: Requirement.tool("tmux") && Requirement.tool("fzf"), "needs tmux and fzf"))
    func fzfAsksAgainAsYouTypeAndPrintsTheChosenPath() throws {
        let tree = try FixtureTree(withOddEntries: false)
        #expect(try tree.buildIndex().status == 0)
        let session = try TmuxSession(
            width: 140, height: 30, arguments: [], directory: tree.root,
            environment: ["FSFIND": FSFind.binary.path, "FSFIND_INDEX": tree.index, "PATH": "/usr/bin:/bin"],
            // fzf draws on its standard error, which the session sends to a file: back to the pane.
            command: [
                "/bin/sh", "-c", "exec /bin/sh \"$0\" 2>/dev/tty",
                Self.contrib.appendingPathComponent("fsfind-fzf").path,
            ])
        defer { session.close() }
        try session.waitFor("fzf's prompt") { $0.contains { $0.contains("fsfind>") } }
        try session.type("eiffel")
        // The list holds the photo, and the preview is `fsfind show` of it.
        let screen = try session.waitFor("eiffel.jpg listed and previewed") { lines in
            lines.contains { $0.contains("eiffel.jpg") } && lines.contains { $0.contains("pixelWidth") }
        }
        #expect(!screen.contains { $0.contains("tone.mp3") })
        try session.press("Enter")
        #expect(session.exitStatus() == 0)
        let chosen = try String(contentsOfFile: session.stdoutPath, encoding: .utf8)
        #expect(chosen.hasSuffix("eiffel.jpg\n"), "\(chosen)")
    }

    @Test func rofiScriptModeListsMatchesAndOpensTheChosenOne() throws {
        let tree = try FixtureTree(withOddEntries: false)
        #expect(try tree.buildIndex().status == 0)
        let folder = try TemporaryFolder()
        let opened = folder.file("opened")
        let opener = folder.file("open.sh")
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" > '\(opened)'\n".write(toFile: opener, atomically: true, encoding: .utf8)
        chmod(opener, 0o755)
        func rofi(_ retv: Int, _ argument: String?) throws -> [String] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                [Self.contrib.appendingPathComponent("fsfind-rofi").path] + (argument.map { [$0] } ?? [])
            process.environment = [
                "FSFIND": FSFind.binary.path, "FSFIND_INDEX": tree.index, "ROFI_RETV": String(retv),
                "FSFIND_ROFI_OPEN": opener, "PATH": "/usr/bin:/bin",
            ]
            let output = Pipe()
            process.standardOutput = output
            try Spawning.run(process)
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        // First call: a prompt and a hint, no rows.
        let first = try rofi(0, nil)
        #expect(first.contains("\0prompt\u{1F}fsfind") && !first.contains { !$0.hasPrefix("\0") })
        // Words typed: one row per match, the path first (what rofi shows and hands back).
        let rows = try rofi(2, "eiffel").filter { !$0.hasPrefix("\0") }.map { $0.split(separator: "\0")[0] }
        #expect(rows.count == 1 && rows[0].hasSuffix("/Pictures/eiffel.jpg"), "\(rows)")
        // A row chosen: opened with the default application (here the stand-in opener).
        _ = try rofi(1, String(rows[0]))
        #expect(eventually(seconds: 10) { FileManager.default.fileExists(atPath: opened) })
        #expect((try? String(contentsOfFile: opened, encoding: .utf8)) == rows[0] + "\n")
    }
}
