import Foundation
import Glibc
import Testing

@testable import FSFindManual
@testable import FSFindPlatform

/// Runs `fsfind search` in a detached tmux window of a chosen size, on a private tmux server, so
/// a test can type keys (`send-keys`) and read the screen (`capture-pane`) like a person.
///
/// The command runs in the background of a small shell script that records `stty -g` before and
/// after, the exit status, stdout and stderr in files, so a test can check exactly what was
/// printed and that the terminal was left as it was found.
final class TmuxSession {
    let folder: TemporaryFolder
    let socket: String
    let name = "search"

    var stdoutPath: String { folder.file("stdout") }
    var stderrPath: String { folder.file("stderr") }
    var statusPath: String { folder.file("status") }

    /// Starts `fsfind ARGUMENTS` (or `command`, a whole command line) in a `width`×`height`
    /// window, in `directory`.
    init(
        width: Int = 80, height: Int = 24, arguments: [String], directory: String,
        environment: [String: String] = [:], command: [String]? = nil
    ) throws {
        folder = try TemporaryFolder()
        socket = folder.file("tmux.sock")
        var env = [
            "TZ": "UTC", "FSFIND_NOW": "2026-06-15T12:00:00Z", "LANG": "C.UTF-8", "HOME": folder.path,
            "XDG_STATE_HOME": folder.file("state"),
        ]
        for (key, value) in environment { env[key] = value }
        let quoted = (command ?? [FSFind.binary.path] + arguments).map(Self.quote).joined(separator: " ")
        let exports = env.sorted { $0.key < $1.key }.map { "export \($0.key)=\(Self.quote($0.value))" }.joined(
            separator: "\n")
        let script = """
            #!/bin/sh
            \(exports)
            cd \(Self.quote(directory))
            stty -g > \(Self.quote(folder.file("stty-before")))
            \(quoted) > \(Self.quote(stdoutPath)) 2> \(Self.quote(stderrPath)) &
            echo $! > \(Self.quote(folder.file("pid")))
            wait $!
            echo $? > \(Self.quote(statusPath)).tmp
            stty -g > \(Self.quote(folder.file("stty-after")))
            mv \(Self.quote(statusPath)).tmp \(Self.quote(statusPath))
            exec sleep 120
            """
        let scriptPath = folder.file("run.sh")
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        try tmux(["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), "/bin/sh " + scriptPath])
    }

    deinit { close() }

    /// Stops the tmux server. Tests call it when done; the pane also ends by itself two minutes
    /// after fsfind exits (`sleep 120`), so a failed test leaves nothing running for long.
    func close() {
        // The server's own pid, so it is ended even if it ignores the client (as seen under load).
        let pid = (try? tmux(["display-message", "-p", "#{pid}"])).flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        _ = try? tmux(["kill-server"])
        if let pid, pid > 1 { kill(pid, SIGTERM) }
    }

    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs one tmux command on this session's server and returns what it printed.
    ///
    /// Spawned with posix_spawn and reaped with waitpid rather than Foundation's Process: the first
    /// command forks the tmux server, which keeps the descriptors it starts with, and Process then
    /// never saw its client exit. Output goes through a file for the same reason.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let output = folder.file("tmux-output")
        // bash closes every descriptor above 2 before becoming tmux: the server lives on, and a
        // descriptor it inherited from another test's concurrent Process launch (its end of a
        // pipe Foundation watches) would keep that process from ever being seen to exit.
        let closeAll =
            "for fd in /proc/self/fd/*; do n=${fd##*/}; [ \"$n\" -gt 2 ] && eval \"exec $n>&-\" 2>/dev/null; done; exec /usr/bin/tmux \"$@\""
        let argv = ["/bin/bash", "-c", closeAll, "tmux", "-S", socket, "-f", "/dev/null"] + arguments
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }.map {
            "\($0.key)=\($0.value)"
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let printing = arguments.first == "capture-pane" || arguments.first == "display-message"
        let target = printing ? output : "/dev/null"
        posix_spawn_file_actions_addopen(&actions, 1, target, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The test runner's threads block most signals, and a spawned process inherits the mask:
        // a tmux server started that way ignores kill-server and SIGTERM. Start it with none blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer {
            for argument in cArguments { free(argument) }
            for variable in cEnvironment { free(variable) }
        }
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        _ = retryingOnInterrupt { waitpid(pid, &status, 0) }
        guard printing else { return "" }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    /// Presses named keys (`Enter`, `Escape`, `Tab`, `BTab`, `BSpace`, `Down`, `C-n`).
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// The screen, one string per row.
    /// Copies every byte the program writes from now on into `path` (`pipe-pane`), before tmux
    /// interprets them: what a terminal other than tmux would have received.
    func recordOutput(to path: String) throws {
        try tmux(["pipe-pane", "-o", "-t", name, "cat >> " + Self.quote(path)])
    }

    /// The screen with its attributes and colours as escape sequences (`capture-pane -e`).
    func screenWithEscapes() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", name])
    }

    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", name]).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    /// Polls the screen until `condition` holds and the screen has stopped changing (the search
    /// after the last key has finished), or fails after `timeout` seconds.
    @discardableResult
    func waitFor(
        _ what: String, timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: ([String]) -> Bool
    ) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        var previous: [String]?
        while Date() < deadline {
            last = try screen()
            if condition(last), last == previous { return last }
            previous = condition(last) ? last : nil
            usleep(60_000)
        }
        Issue.record(
            "timed out waiting for \(what); screen:\n\(last.joined(separator: "\n"))", sourceLocation: sourceLocation)
        return last
    }

    /// Waits for fsfind to exit; its status, or nil after `timeout` seconds.
    func exitStatus(timeout: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: statusPath, encoding: .utf8),
                let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return status
            }
            usleep(50_000)
        }
        return nil
    }

    /// What fsfind wrote to stdout, byte for byte.
    func standardOutput() -> Data {
        FileManager.default.contents(atPath: stdoutPath) ?? Data()
    }

    func standardError() -> String {
        (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    }

    /// `stty -g` before fsfind started and after it exited.
    func sttyBeforeAndAfter() -> (String, String) {
        let before = (try? String(contentsOfFile: folder.file("stty-before"), encoding: .utf8)) ?? "missing"
        let after = (try? String(contentsOfFile: folder.file("stty-after"), encoding: .utf8)) ?? "missing"
        return (before, after)
    }

    /// The process id of fsfind.
    func pid() -> Int32? {
        (try? String(contentsOfFile: folder.file("pid"), encoding: .utf8)).flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
