import ArgumentParser
import FSFindIndexer

extension FSFindCommand {
    /// `fsfind fold-worker`: the hidden process `fsfind watch` folds its delta in, so the fold's
    /// memory (a copy of the whole base) is not the watcher's (``Indexer/foldDelta(ofIndex:)``).
    struct FoldWorker: ParsableCommand {
        /// The subcommand's name, which the watcher passes to the process it starts.
        static let name = "fold-worker"

        static let configuration = CommandConfiguration(
            commandName: name,
            abstract: "Fold a watcher's delta into the index file (internal).",
            shouldDisplay: false)

        @Option(name: .long, help: "The index file.")
        var index: String

        func run() throws {
            try Indexer.foldDelta(ofIndex: index)
        }
    }
}
