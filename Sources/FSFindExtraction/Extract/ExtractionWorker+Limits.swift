extension ExtractionWorker {
    /// The limits a worker sets on itself, passed on its command line (``arguments``) and handed
    /// back by the worker's subcommand to ``ExtractionWorker/serve(input:output:memoryLimit:cpuLimit:)``,
    /// which makes them: the front end reads two numbers, and the defaults stay here.
    struct Limits: Sendable, Hashable {
        /// Largest address space in bytes (`RLIMIT_AS`); 0 leaves it unlimited.
        var memoryBytes: Int
        /// CPU seconds one file may take (`RLIMIT_CPU`, re-armed before each file); 0 for none.
        var cpuSecondsPerFile: Int

        init(memoryBytes: Int = 1 << 30, cpuSecondsPerFile: Int = 20) {
            self.memoryBytes = memoryBytes
            self.cpuSecondsPerFile = cpuSecondsPerFile
        }

        /// The options that give these limits: `--memory-limit BYTES --cpu-limit SECONDS`, as
        /// `fsfind extract-worker` declares them.
        var arguments: [String] {
            ["--memory-limit", String(memoryBytes), "--cpu-limit", String(cpuSecondsPerFile)]
        }
    }
}
