import FSFindTestSupport
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
        try Spawning.run(process)
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
    func stop(_ signal: Int32 = SIGTERM) -> Int32 { process.stop(signal) }

    deinit {
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        unlink(log)
    }
}

extension Process {
    /// Sends `signal`, waits, and returns the exit status as a shell reports it (128 + n when
    /// signal n ended the process).
    func stop(_ signal: Int32) -> Int32 {
        kill(processIdentifier, signal)
        waitUntilExit()
        return terminationReason == .uncaughtSignal ? 128 + terminationStatus : terminationStatus
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
