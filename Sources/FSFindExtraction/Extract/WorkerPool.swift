import Synchronization

/// Extraction workers left running between ``ExtractionPipeline/run(_:)`` calls, so an index run
/// starts its workers once instead of once per batch.
///
/// The indexer extracts in batches of a few thousand items; starting fresh workers for each
/// batch cost two process starts (dynamic linking, runtime set-up) per batch, about 60 for /usr.
/// A worker is parked here only after a clean reply, never after a crash, timeout or broken
/// reply, and only for a pipeline whose options are the same (executable, argv, environment), so
/// a test's crash hook never reaches another test's files. Parked workers are idle children that
/// exit on their own when this process goes (their socket closes); at most
/// ``ExtractionPipeline/WorkerOptions/count`` are kept per configuration.
final class WorkerPool: Sendable {
    static let shared = WorkerPool()

    /// What makes two pipelines' workers interchangeable.
    struct Key: Hashable, Sendable {
        let executable: String
        let commandLine: [String]
        let environment: [String: String]

        init(_ options: ExtractionPipeline.WorkerOptions) {
            executable = options.executable
            commandLine = options.commandLine
            environment = options.environment
        }
    }

    /// A parked worker. @unchecked: a `WorkerProcess` is used by one thread at a time, and this
    /// box moves it between threads only through the pool's lock.
    private final class Parked: @unchecked Sendable {
        let worker: WorkerProcess
        init(_ worker: WorkerProcess) { self.worker = worker }
    }

    private let parked = Mutex<[Key: [Parked]]>([:])

    /// A live parked worker started with these options, or nil when there is none. Parked workers
    /// that died meanwhile are dropped (and reaped).
    func take(_ key: Key) -> WorkerProcess? {
        while let box = parked.withLock({ $0[key]?.popLast() }) {
            if box.worker.isIdleAndAlive { return box.worker }
        }
        return nil
    }

    /// The process ids of the workers parked for `key`, for tests.
    func parkedProcessIDs(_ key: Key) -> [Int32] {
        parked.withLock { $0[key, default: []].map(\.worker.pid) }
    }

    /// Ends the workers parked for `key` (killed and reaped by their deinit), for a run that reads
    /// no more files.
    func end(_ key: Key) {
        let ended = parked.withLock { $0.removeValue(forKey: key) }
        _ = ended  // released here, outside the lock: each deinit waits for its process
    }

    /// Parks a healthy worker for the next run; beyond `limit` workers for the key it is dropped
    /// (killed and reaped by its deinit).
    func park(_ worker: WorkerProcess, key: Key, limit: Int) {
        let box = Parked(worker)
        let dropped: Parked? = parked.withLock { table in
            guard table[key, default: []].count < limit else { return box }
            table[key, default: []].append(box)
            return nil
        }
        _ = dropped  // released here, outside the lock: its deinit waits for the process
    }
}
