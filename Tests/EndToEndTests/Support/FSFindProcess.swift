import FSFindTestSupport
import Foundation
import Testing

@testable import FSFindManual

/// What one run of the real `fsfind` binary produced.
struct RunResult {
    let status: Int32
    let stdout: Data
    let stderr: String

    var out: String { String(decoding: stdout, as: UTF8.self) }
    var lines: [String] { out.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}

/// Runs the built `fsfind` binary, the same one a user runs, with a controlled environment.
enum FSFind {
    /// The binary next to the test bundle (`swift build` puts both in the same products folder).
    static let binary: URL = {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            bundleFolder.appendingPathComponent("fsfind"),
            Bundle.main.bundleURL.appendingPathComponent("fsfind"),
            repositoryRoot.appendingPathComponent(".build/debug/fsfind"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    /// The repository's root, found from this source file's location.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The committed sample tree of real files.
    static let sample: URL = repositoryRoot.appendingPathComponent("sample")

    /// Runs `fsfind ARGS` with `FSFIND_NOW` and `TZ` pinned unless `environment` overrides them.
    @discardableResult
    static func run(_ arguments: [String], environment: [String: String] = [:], as user: String? = nil) throws
        -> RunResult
    {
        let process = Process()
        var env = [
            "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC",
            "FSFIND_NOW": "2026-06-15T12:00:00Z", "LANG": "C.UTF-8",
        ]
        for (key, value) in environment { env[key] = value }
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                [
                    "--reuid=\(user)", "--regid=\(user == "nobody" ? "nogroup" : user)", "--clear-groups",
                    binary.path,
                ] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        return try capture(process)
    }

    /// Runs `fsfind` with arguments given as raw bytes (not necessarily UTF-8, which `Process`
    /// cannot pass): a shell rebuilds each with `printf` and execs the binary. With `terminal`, the
    /// binary runs on a pseudo-terminal (util-linux `script`), so its stdout is a terminal; stderr
    /// then arrives on stdout too. An argument cannot end in a newline (`$(…)` drops it).
    static func run(raw arguments: [[UInt8]], terminal: Bool = false, pipeInto: String? = nil) throws -> RunResult {
        func word(_ bytes: [UInt8]) -> String {
            "\"$(printf '" + bytes.map { "\\" + String($0, radix: 8) }.joined() + "')\""
        }
        var command = "\"$FSFIND\" " + arguments.map(word).joined(separator: " ")
        if let pipeInto { command += " | " + pipeInto }
        let process = Process()
        if terminal {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", command, "/dev/null"]
        } else {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
        }
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC",
            "FSFIND_NOW": "2026-06-15T12:00:00Z", "LANG": "C.UTF-8", "TERM": "xterm-256color",
            "FSFIND": binary.path,
        ]
        process.standardInput = FileHandle.nullDevice
        return try capture(process)
    }

    /// Starts `process` and collects its stdout and stderr, reading both pipes concurrently so a
    /// full pipe never deadlocks the child.
    static func capture(_ process: Process) throws -> RunResult {
        let out = Spawning.pipe()
        let err = Spawning.pipe()
        process.standardOutput = out
        process.standardError = err
        try Spawning.run(process)
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return RunResult(
            status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }
}
