import ArgumentParser
import FSFindExtraction
import SystemPackage

extension FSFindCommand {
    /// `fsfind extract-worker`: the hidden worker `fsfind index` starts to run extractors outside
    /// its own process. Speaks the framed protocol of `docs/extraction.md` on stdin and stdout.
    struct ExtractWorker: ParsableCommand {
        /// The subcommand's name, which the indexer passes to the workers it starts.
        static let name = "extract-worker"

        static let configuration = CommandConfiguration(
            commandName: name,
            abstract: "Read metadata for 'fsfind index' in a separate process (internal).",
            shouldDisplay: false)

        // The options the indexer starts a worker with; one not given keeps the worker's default.
        @Option(name: .long, help: "Address-space limit in bytes (0: none).")
        var memoryLimit: Int?

        @Option(name: .long, help: "CPU seconds per file (0: none).")
        var cpuLimit: Int?

        func run() throws {
            let status = ExtractionWorker.serve(
                input: .standardInput, output: .standardOutput, memoryLimit: memoryLimit, cpuLimit: cpuLimit)
            if status != 0 { throw ExitCode(status) }
        }
    }
}
