import ArgumentParser
import CPlatform
import FSFindExtraction
import SystemPackage

extension FSFindCommand {
    /// `fsfind preview-worker`: the hidden worker `fsfind search` starts to draw the selected
    /// file's preview outside its own process (`docs/interactive-search.md`), so a hostile image
    /// or PDF cannot hang or crash the screen. Speaks the preview wire's frames on stdin and stdout.
    struct PreviewWorkerCommand: ParsableCommand {
        /// The subcommand's name, which the search screen passes to the worker it starts.
        static let name = "preview-worker"

        static let configuration = CommandConfiguration(
            commandName: name,
            abstract: "Draw previews for 'fsfind search' in a separate process (internal).",
            shouldDisplay: false)

        /// How much nicer than the screen the worker runs: a preview is asked for once the list
        /// is painted, and the next key's scan, which needs both cores, comes first.
        static let niceness: Int32 = 10

        func run() throws {
            _ = fsfind_lower_thread_priority(Self.niceness)
            let status = PreviewWorker.serve(input: .standardInput, output: .standardOutput)
            if status != 0 { throw ExitCode(status) }
        }
    }
}
