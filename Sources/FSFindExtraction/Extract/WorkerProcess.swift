import CPlatform
import FSFindPlatform
import Foundation
import Glibc
import SystemPackage

/// One running extraction worker, seen from the indexer: a child process and the socket to it.
///
/// The child's stdin and stdout are one end of a `socketpair`; its stderr is `/dev/null`, so a
/// dying parser cannot scribble on the user's terminal. Writes use `MSG_NOSIGNAL`, so a worker
/// that dies mid-request costs an error code, not a `SIGPIPE` in the indexer. `deinit` kills the
/// child (`SIGKILL`) and reaps it: a worker never outlives its handle.
final class WorkerProcess {
    /// How one request ended.
    enum Outcome {
        /// The reply frame's payload.
        case reply([UInt8])
        /// No reply before the deadline; the worker must be killed.
        case timedOut
        /// The worker is gone; the text says how (signal or exit status).
        case died(String)
    }

    /// The child's process id; tests use it to check that parked workers are reused.
    let pid: pid_t
    private let socket: FileDescriptor
    private var reaped = false

    /// Starts `executable` with `arguments` (argv[1...]) and `environment` added to this process's.
    init(executable: String, arguments: [String], environment: [String: String]) throws(ExtractionError) {
        var pair: [Int32] = [-1, -1]
        // Close-on-exec on both ends, so no other worker inherits them and a dead worker's end
        // closes for real; dup2 onto 0 and 1 clears the flag for the child's own copies.
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw ExtractionError("cannot start an extraction worker: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        fsfind_spawn_close_from(&actions, 3)

        // The child starts with default SIGPIPE handling and no blocked signals, whatever the
        // indexer's runtime set up, so a worker whose indexer is gone dies on its next write.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        // argv[0] is what `ps` shows; "/proc/self/exe" would say nothing.
        let argv = (["fsfind"] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        Glibc.close(pair[1])
        guard status == 0 else {
            Glibc.close(pair[0])
            throw ExtractionError(
                "cannot start the extraction worker \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        socket = FileDescriptor(rawValue: pair[0])
    }

    deinit {
        _ = try? socket.close()
        if !reaped {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = retryingOnInterrupt { waitpid(pid, &status, 0) }
        }
    }

    /// True when the worker is idle and still there: nothing to read on its socket (no stray
    /// bytes, no end of file) and no hang-up. Checked before a parked worker is reused, so a
    /// worker that died while parked costs a restart, not a file marked unparsable.
    var isIdleAndAlive: Bool {
        var watch = pollfd(fd: socket.rawValue, events: Int16(POLLIN), revents: 0)
        let ready = poll(&watch, 1, 0)
        return ready == 0
    }

    /// Sends one request frame and waits for the reply until `timeout` has passed.
    func exchange(_ frame: [UInt8], timeout: Duration) -> Outcome {
        if let died = send(frame) { return died }
        return reply(before: ContinuousClock.now + timeout)
    }

    /// The socket to poll for a reply, for a caller that waits on other things too.
    var descriptor: FileDescriptor { socket }

    /// Sends one request frame; nil when sent, else how the worker ended.
    func send(_ frame: [UInt8]) -> Outcome? {
        var sent = 0
        while sent < frame.count {
            // Non-nil: the loop runs only while sent < frame.count, so the frame is not empty.
            let wrote = retryingOnInterrupt {
                frame.withUnsafeBytes {
                    Glibc.send(socket.rawValue, $0.baseAddress! + sent, frame.count - sent, Int32(MSG_NOSIGNAL))
                }
            }
            guard wrote > 0 else { return .died(reap()) }
            sent += wrote
        }
        return nil
    }

    /// Waits for one reply frame until `deadline`.
    func reply(before deadline: ContinuousClock.Instant) -> Outcome {
        switch receive(4, before: deadline) {
        case .stopped(let outcome): return outcome
        case .bytes(let header):
            guard let length = ExtractionWire.frameLength(header) else { return .died("sent a broken reply") }
            switch receive(length, before: deadline) {
            case .stopped(let outcome): return outcome
            case .bytes(let payload): return .reply(payload)
            }
        }
    }

    /// Exactly `count` bytes, or how the wait for them ended.
    private enum Received {
        case bytes([UInt8])
        case stopped(Outcome)
    }

    /// Filled as the bytes come, not zeroed first: a large reply's pages are given as it arrives,
    /// while its worker still holds what it has not sent.
    private func receive(_ count: Int, before deadline: ContinuousClock.Instant) -> Received {
        var stopped: Outcome?
        let buffer = [UInt8](unsafeUninitializedCapacity: count) { bytes, initialized in
            initialized = 0
            var done = 0
            while done < count {
                guard ContinuousClock.now < deadline else {
                    stopped = .timedOut
                    return
                }
                var watch = pollfd(fd: socket.rawValue, events: Int16(POLLIN), revents: 0)
                // An interrupted wait is tried again for what is left of it.
                let ready = retryingOnInterrupt { poll(&watch, 1, Self.milliseconds(until: deadline)) }
                guard ready > 0 else {
                    if ready == 0 { continue }  // the deadline check above ends the wait
                    stopped = .died(reap())
                    return
                }
                // swift-system's read retries EINTR; an error or the end of the stream is a dead worker.
                let rest = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: bytes[done...]))
                let got = (try? socket.read(into: rest)) ?? -1
                guard got > 0 else {
                    stopped = .died(reap())
                    return
                }
                done += got
            }
            initialized = count
        }
        if let stopped { return .stopped(stopped) }
        return .bytes(buffer)
    }

    /// Waits for a worker whose socket closed and says how it ended. A worker that closed its
    /// socket without exiting is given two seconds, then killed.
    private func reap() -> String {
        var status: Int32 = 0
        var waited = 0
        while true {
            let result = retryingOnInterrupt { waitpid(pid, &status, WNOHANG) }
            if result == pid { break }
            if result < 0 { return "the extractor vanished" }
            if waited >= 200 {
                kill(pid, SIGKILL)
                _ = retryingOnInterrupt { waitpid(pid, &status, 0) }
                break
            }
            usleep(10_000)
            waited += 1
        }
        reaped = true
        return Self.describe(status)
    }

    /// What is left until `deadline`, in milliseconds rounded up, as `poll` takes it; 0 once it has
    /// passed.
    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        return Int32(
            clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
    }

    /// "crashed (signal 11, SIGSEGV)" or "exited with status 1", from a `waitpid` status.
    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        guard signal != 0 else { return "exited with status \((status >> 8) & 0xff)" }
        let names: [Int32: String] = [
            SIGILL: "SIGILL", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
            SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGXCPU: "SIGXCPU", SIGTRAP: "SIGTRAP",
        ]
        if signal == SIGXCPU { return "ran out of CPU time (signal \(signal), SIGXCPU)" }
        if let name = names[signal] { return "crashed (signal \(signal), \(name))" }
        return "crashed (signal \(signal))"
    }
}
