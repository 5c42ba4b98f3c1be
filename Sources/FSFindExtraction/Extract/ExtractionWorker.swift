import CPlatform
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
    /// Serves requests from `input` and replies on `output` until end of input, under the limits
    /// the worker was started with (its `--memory-limit` and `--cpu-limit`, which
    /// ``ExtractionPipeline/WorkerOptions`` writes from ``Limits/arguments``; nil for one not
    /// given keeps its default); returns the exit status (0 on a clean end, 1 on a broken message
    /// or socket).
    package static func serve(input: FileDescriptor, output: FileDescriptor, memoryLimit: Int?, cpuLimit: Int?)
        -> Int32
    {
        let standard = Limits()
        let limits = Limits(
            memoryBytes: memoryLimit ?? standard.memoryBytes, cpuSecondsPerFile: cpuLimit ?? standard.cpuSecondsPerFile)
        return serve(input: input, output: output, limits: limits)
    }

    /// ``serve(input:output:memoryLimit:cpuLimit:)`` with its limits made.
    static func serve(input: FileDescriptor, output: FileDescriptor, limits: Limits) -> Int32 {
        let registry = ExtractorRegistry.standard
        // A worker's memory is counted with its indexer's (`docs/decisions.md`, "The memory of
        // the whole process tree"): it reads one file at a time, so one malloc arena, and large
        // blocks mapped on their own, unmapped when freed.
        fsfind_use_one_malloc_arena()
        fsfind_map_large_allocations(largeAllocation)
        return serveRequests(
            input: input, output: output, limits: limits, decode: ExtractionWire.decodeRequest, path: \.path
        ) { request in
            ExtractionWire.encodeParts(request.flatMap { ExtractionWire.perform($0, registry: registry) })
        }
    }

    /// The loop every worker runs (extraction here, previews in `PreviewWorker`), over requests of
    /// its own wire: each request frame `decode`d, the test hooks (``TestHooks``) given the name
    /// at its `path`, and `respond`'s frame sent back, part after part; as ``serveFrames`` for the rest.
    static func serveRequests<Request>(
        input: FileDescriptor, output: FileDescriptor, limits: Limits,
        decode: ([UInt8]) throws(ExtractionError) -> Request, path: (Request) -> [UInt8],
        respond: (Result<Request, ExtractionError>) -> [ArraySlice<UInt8>]
    ) -> Int32 {
        let hooks = TestHooks.fromEnvironment()
        return serveFrames(input: input, output: output, limits: limits) { payload in
            let request: Result<Request, ExtractionError>
            do throws(ExtractionError) {
                let decoded = try decode(payload)
                let path = path(decoded)
                hooks.misbehave(reading: Array(path[PathBytes.nameStart(of: path)...]))
                request = .success(decoded)
            } catch {
                request = .failure(error)
            }
            return respond(request)
        }
    }

    /// The frames under ``serveRequests``: limits set first, then one reply frame for each request
    /// frame, the CPU limit re-armed before each, until the other end closes; 0 on a clean end, 1
    /// on a broken frame or socket.
    /// After a request that grew the heap (a large page's tree, a PDF's caches) the free pages go
    /// back, so a worker does not keep its largest file's memory until it ends.
    static func serveFrames(
        input: FileDescriptor, output: FileDescriptor, limits: Limits, respond: ([UInt8]) -> [ArraySlice<UInt8>]
    ) -> Int32 {
        fsfind_release_free_memory_after_growth(heapGrowthTrimmed)  // the heap's top as it starts
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
                var parts = respond(payload)
                for index in parts.indices {
                    _ = try parts[index].withUnsafeBytes { try output.writeAll($0) }
                    parts[index] = []  // let go once sent: a large reply's words go while the rest is sent
                }
            } catch {
                return 1  // the other end is gone
            }
            // After the reply, so the indexer does not wait for it.
            fsfind_release_free_memory_after_growth(heapGrowthTrimmed)
        }
    }

    /// Blocks of this size or more are mapped on their own (``serveFrames``), as they are in the
    /// indexer (`fsfind index`).
    package static let largeAllocation = 1 << 20
    /// A file after which the heap's top is this much higher than after the last trim has its free
    /// pages given back; below it, a trim would cost more than the pages are worth.
    static let heapGrowthTrimmed = 4 << 20

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
