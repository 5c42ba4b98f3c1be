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

        @Option(name: .long, help: "Address-space limit in bytes (0: none).")
        var memoryLimit = ExtractionWorker.Limits().memoryBytes

        @Option(name: .long, help: "CPU seconds per file (0: none).")
        var cpuLimit = ExtractionWorker.Limits().cpuSecondsPerFile

        func run() throws {
            let limits = ExtractionWorker.Limits(memoryBytes: memoryLimit, cpuSecondsPerFile: cpuLimit)
            let status = ExtractionWorker.serve(input: .standardInput, output: .standardOutput, limits: limits)
            if status != 0 { throw ExitCode(status) }
        }
    }
}
