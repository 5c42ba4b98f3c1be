import Foundation
import Glibc

/// A running `fsfind watch`, the real binary, its stderr collected in a file the test can read
/// while it runs.
final class WatchProcess {
    let process = Process()
    let log: String

    /// Starts `fsfind watch --verbose --index INDEX ARGS` and waits until it watches.
    init(index: String, _ arguments: [String] = [], environment: [String: String] = [:], waitForStart: Bool = true)
        throws
    {
        log = index + ".watch-log-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: log, contents: nil)
        process.executableURL = FSFind.binary
        process.arguments = ["watch", "--verbose", "--index", index] + arguments
        var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC", "LANG": "C.UTF-8"]
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try process.run()
        if waitForStart {
            guard eventually(seconds: 60, { self.stderr.contains("watching for changes") || !self.process.isRunning })
            else { throw WatchError.notStarted(stderr) }
            guard process.isRunning else { throw WatchError.notStarted(stderr) }
        }
    }

    enum WatchError: Error { case notStarted(String) }

    var pid: Int32 { process.processIdentifier }

    /// What it has written to stderr so far.
    var stderr: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// Sends `signal` and returns the exit status (128 + n when a signal ended it).
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        kill(pid, signal)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        unlink(log)
    }
}

/// Polls `condition` every 50 ms until it holds or `seconds` pass; true when it held.
func eventually(seconds: Double = 20, _ condition: () throws -> Bool) rethrows -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return try condition()
}
