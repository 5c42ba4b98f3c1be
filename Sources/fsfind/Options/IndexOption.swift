import ArgumentParser
import FSFindIndex
import FSFindIndexing
import FSFindInteractive
import FSFindModel
import FSFindPlatform
import FSFindQuery
import FSFindSearch

/// `--index FILE`, shared by every subcommand.
struct IndexOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The index file (default: $FSFIND_INDEX, else $XDG_DATA_HOME/fsfind/index.fsfind).",
            valueName: "file"), completion: .file())
    var index: String?

    /// The index path after the location rules of `docs/spec/cli.md`.
    var path: String { IndexLocation.resolve(explicit: index) }

    /// Opens the index for reading.
    func open() throws(FSFindError) -> IndexFile {
        try IndexFile(path: path)
    }
}
