extension ExtractionWorker {
    /// The limits a worker sets on itself, passed on its command line: the pipeline writes them
    /// (``arguments``) and the worker reads them back (``init(arguments:)``), so the options' names
    /// and form are this file's alone and the front end's subcommand only hands them over.
    struct Limits: Sendable, Hashable {
        /// Largest address space in bytes (`RLIMIT_AS`); 0 leaves it unlimited.
        var memoryBytes: Int
        /// CPU seconds one file may take (`RLIMIT_CPU`, re-armed before each file); 0 for none.
        var cpuSecondsPerFile: Int

        init(memoryBytes: Int = 1 << 30, cpuSecondsPerFile: Int = 20) {
            self.memoryBytes = memoryBytes
            self.cpuSecondsPerFile = cpuSecondsPerFile
        }

        /// The options that give these limits: `--memory-limit BYTES --cpu-limit SECONDS`.
        var arguments: [String] {
            ["--memory-limit", String(memoryBytes), "--cpu-limit", String(cpuSecondsPerFile)]
        }

        /// The limits ``arguments`` give, each option at most once and in any order, a missing one
        /// at its default; nil for anything else (an unknown word, a value that is not a number
        /// of 0 or more).
        init?(arguments: [String]) {
            self.init()
            var seen: Set<String> = []
            var position = 0
            while position < arguments.count {
                let option = arguments[position]
                guard position + 1 < arguments.count, seen.insert(option).inserted,
                    let value = Int(arguments[position + 1]), value >= 0
                else { return nil }
                switch option {
                case "--memory-limit": memoryBytes = value
                case "--cpu-limit": cpuSecondsPerFile = value
                default: return nil
                }
                position += 2
            }
        }
    }
}
