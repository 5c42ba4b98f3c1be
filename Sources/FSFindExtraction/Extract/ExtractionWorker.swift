import FSFindModel
import FSFindPlatform
import Glibc
import SystemPackage

/// The loop `fsfind extract-worker` runs: read a request, run the named extractor, write the
/// reply, until the indexer closes the socket.
///
/// The worker limits itself before reading anything: address space (`RLIMIT_AS`, so a parser that
/// wants gigabytes fails its allocation or dies instead of swapping the machine) and CPU time per
/// file (`RLIMIT_CPU`, raised before each file to what was used plus the budget, so a spinning
/// parser gets `SIGXCPU`). The indexer adds a wall-clock timeout on top, for a parser blocked in
/// I/O. See `docs/extraction.md`.
package enum ExtractionWorker {
    /// The limits a worker sets on itself.
    package struct Limits: Sendable, Hashable {
        /// Largest address space in bytes (`RLIMIT_AS`); 0 leaves it unlimited.
        package var memoryBytes: Int
        /// CPU seconds one file may take (`RLIMIT_CPU`, re-armed before each file); 0 for none.
        package var cpuSecondsPerFile: Int

        package init(memoryBytes: Int = 1 << 30, cpuSecondsPerFile: Int = 20) {
            self.memoryBytes = memoryBytes
            self.cpuSecondsPerFile = cpuSecondsPerFile
        }
    }

    /// Serves requests from `input` and replies on `output` until end of input; returns the exit
    /// status (0 on a clean end, 1 on a broken message or socket).
    package static func serve(
        input: FileDescriptor, output: FileDescriptor, limits: Limits,
        registry: ExtractorRegistry = .standard
    ) -> Int32 {
        let hooks = TestHooks.fromEnvironment()
        return serveFrames(input: input, output: output, limits: limits) { payload in
            let reply: ExtractionWire.Reply
            do throws(ExtractionError) {
                let request = try ExtractionWire.decodeRequest(payload)
                hooks.misbehave(reading: Array(request.path[PathBytes.nameStart(of: request.path)...]))
                reply = ExtractionWire.perform(request, registry: registry)
            } catch {
                reply = .failure(error)
            }
            return ExtractionWire.encode(reply)
        }
    }

    /// The loop every worker runs (extraction here, previews in `PreviewWorker`): limits set
    /// first, then one reply frame for each request frame, the CPU limit re-armed before each,
    /// until the other end closes; 0 on a clean end, 1 on a broken frame or socket.
    package static func serveFrames(
        input: FileDescriptor, output: FileDescriptor, limits: Limits, respond: ([UInt8]) -> [UInt8]
    ) -> Int32 {
        if limits.memoryBytes > 0 { setLimit(RLIMIT_AS, soft: rlim_t(limits.memoryBytes)) }
        exitWhenOrphaned()
        while true {
            guard let header = input.read(exactly: 4) else { return 0 }
            guard let length = ExtractionWire.frameLength(header),
                let payload = input.read(exactly: length)
            else {
                return 1
            }
            if limits.cpuSecondsPerFile > 0 { armCPULimit(seconds: limits.cpuSecondsPerFile) }
            do {
                _ = try respond(payload).withUnsafeBytes { try output.writeAll($0) }
            } catch {
                return 1  // the other end is gone
            }
        }
    }

    /// Ends the worker within a second of its indexer's death, even in the middle of a hung
    /// parser (an idle worker sees the socket close anyway). A separate thread, because the hung
    /// one never returns; the parent changes when the indexer dies and the worker is re-parented.
    /// Not joined: it ends the process, never itself.
    private static func exitWhenOrphaned() {
        let parent = getppid()
        JoinedThreads.detached {
            while getppid() == parent { sleep(1) }
            _exit(1)
        }
    }

    /// Lets this process use `seconds` more CPU from now, then `SIGXCPU`.
    private static func armCPULimit(seconds: Int) {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return }
        let used = Int(usage.ru_utime.tv_sec) + Int(usage.ru_stime.tv_sec) + 1
        setLimit(RLIMIT_CPU, soft: rlim_t(used + seconds))
    }

    /// Sets a soft limit, never above the hard one (an unprivileged process cannot raise that).
    private static func setLimit(_ resource: __rlimit_resource, soft: rlim_t) {
        let kind = __rlimit_resource_t(resource.rawValue)
        var limit = rlimit()
        guard getrlimit(kind, &limit) == 0 else { return }
        limit.rlim_cur = min(soft, limit.rlim_max)  // RLIM_INFINITY is the largest rlim_t
        _ = setrlimit(kind, &limit)
    }
}
