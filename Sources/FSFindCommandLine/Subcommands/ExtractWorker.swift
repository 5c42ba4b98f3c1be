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

        /// The options the indexer appends, read by the worker itself: both ends of them are the
        /// extraction pipeline's.
        @Argument(
            parsing: .allUnrecognized,
            help: ArgumentHelp(
                "The worker's limits: --memory-limit BYTES (address space) and --cpu-limit SECONDS (per file); 0: none.",
                valueName: "limits"))
        var limits: [String] = []

        func run() throws {
            let status = ExtractionWorker.serve(input: .standardInput, output: .standardOutput, arguments: limits)
            if status != 0 { throw ExitCode(status) }
        }
    }
}
