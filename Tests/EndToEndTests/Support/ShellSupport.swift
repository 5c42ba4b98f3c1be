import FSFindTestSupport
import Foundation
import Glibc
import Testing

@testable import FSFindManual

/// Runs a shell command line in a folder, the way a person types it, with the built `fsfind`
/// first on PATH: what the README and man page examples, `make install` and the completion tests
/// need that `FSFind.run` (argument vectors, no shell) does not give.
enum ShellLine {
    /// The folder holding the built `fsfind`, put first on PATH.
    static var binaryFolder: String { FSFind.binary.deletingLastPathComponent().path }

    @discardableResult
    static func run(
        _ executable: String, _ arguments: [String], in folder: String? = nil,
        environment: [String: String] = [:], capture: Bool = true
    ) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = [
            "PATH": binaryFolder + ":/usr/local/bin:/usr/bin:/bin", "HOME": NSTemporaryDirectory(),
            "TZ": "UTC", "LANG": "C.UTF-8", "TERM": "xterm-256color",
        ]
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        process.standardInput = FileHandle.nullDevice
        if !capture {
            // A daemon (the tmux server) would keep a pipe open forever: no output is read.
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try Spawning.run(process)
            process.waitUntilExit()
            return RunResult(status: process.terminationStatus, stdout: Data(), stderr: "")
        }
        return try FSFind.capture(process)
    }

    /// `bash -c LINE` in `folder`.
    static func bash(_ line: String, in folder: String? = nil, environment: [String: String] = [:]) throws -> RunResult
    {
        try run("/bin/bash", ["-c", line], in: folder, environment: environment)
    }
}

/// An interactive shell in a private tmux server: type a line, press Tab, read the screen.
///
/// zsh and fish complete through their line editors (fish 3's `complete -C` cannot read the
/// cursor position the generated script asks for), so their tests type into a real terminal. One
/// bash script drives tmux, so the tmux server never holds the test's pipes open.
enum TerminalSession {
    /// For each line typed (after clearing the previous one), the screen once it shows the
    /// expected text, or after five seconds whatever it shows.
    static func complete(shell: String, _ steps: [(typed: String, expected: String)]) throws -> [String] {
        let home = try TemporaryFolder()
        let completions = FSFind.repositoryRoot.appendingPathComponent("completions").path
        let path = ShellLine.binaryFolder + ":/usr/bin:/bin"
        let command: String
        if shell == "zsh" {
            try """
            PS1='> '
            fpath=(\(completions) $fpath)
            autoload -Uz compinit && compinit -u -D
            """.write(toFile: home.file(".zshrc"), atomically: true, encoding: .utf8)
            command = "env ZDOTDIR=\(home.path) HOME=\(home.path) PATH=\(path) zsh"
        } else {
            try FileManager.default.createDirectory(atPath: home.file("config/fish"), withIntermediateDirectories: true)
            try """
            set fish_greeting
            function fish_prompt; echo '> '; end
            source \(completions)/fsfind.fish
            """.write(toFile: home.file("config/fish/config.fish"), atomically: true, encoding: .utf8)
            command =
                "env HOME=\(home.path) XDG_CONFIG_HOME=\(home.path)/config XDG_DATA_HOME=\(home.path)/data PATH=\(path) fish"
        }
        // The script writes the screens to a file: a tmux server outlives the script and would keep
        // any pipe open (also ones leaked into it from concurrent tests, hence the closing loop).
        var script = """
            for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-" 2>/dev/null; done
            exec >"$OUT" 2>&1
            t() { tmux -S "$SOCK" -f /dev/null "$@" </dev/null; }
            t new-session -d -s t -x 160 -y 50 "$CMD" >/dev/null 2>&1
            # kill-server alone leaves the server running here; its pid is killed too.
            server=$(t display-message -p '#{pid}')
            trap 't kill-server >/dev/null 2>&1; kill -9 "$server" 2>/dev/null' EXIT
            wait_for() { for _ in $(seq 50); do t capture-pane -p -t t | grep -qF -- "$1" && return; sleep 0.1; done; }
            wait_for '>'

            """
        for (typed, expected) in steps {
            let quotedTyped = "'" + typed.replacingOccurrences(of: "'", with: "'\\''") + "'"
            let quotedExpected = "'" + expected.replacingOccurrences(of: "'", with: "'\\''") + "'"
            script += """
                t send-keys -t t C-u; t send-keys -t t -l \(quotedTyped); t send-keys -t t Tab
                wait_for \(quotedExpected)
                t capture-pane -p -t t; echo '@@@'

                """
        }
        try ShellLine.run(
            "/usr/bin/timeout", ["120", "/bin/bash", "-c", script],
            environment: ["SOCK": home.file("tmux.sock"), "CMD": command, "OUT": home.file("screens")],
            capture: false)
        let out = try String(contentsOfFile: home.file("screens"), encoding: .utf8)
        return out.components(separatedBy: "@@@\n").dropLast().map { $0 }
    }
}
