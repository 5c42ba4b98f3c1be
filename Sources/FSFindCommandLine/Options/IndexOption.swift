import ArgumentParser
import FSFindIndexFormat
import FSFindModel
import FSFindSearch
import FSFindText

/// `--index FILE`, shared by every subcommand.
struct IndexOption: ParsableArguments {
    @Option(name: .long, help: Self.help, completion: .file())
    var index: String?

    static var help: ArgumentHelp {
        ArgumentHelp(
            "The index file (default: $FSFIND_INDEX, else $XDG_DATA_HOME/fsfind/index.fsfind).", valueName: "file")
    }

    /// The index path after the location rules of `docs/spec/cli.md`.
    var path: String { Self.path(explicit: index) }

    /// The index path for `--index` given as `index` (nil: not given).
    static func path(explicit index: String?) -> String {
        IndexLocation.resolve(explicit: index.map { PathBytes.display(PathBytes.bytes($0)) })
    }

    /// An index path must be UTF-8 text (it is recorded and shown as text; indexed paths need not
    /// be): one that is not is refused rather than opened under a mangled name.
    func validate() throws { try Self.validate(explicit: index) }

    /// Refuses an `--index` path that is not UTF-8.
    static func validate(explicit index: String?) throws {
        if let index, !PathBytes.isValidUTF8(PathBytes.bytes(index)) {
            throw ValidationError("--index: the index path must be valid UTF-8")
        }
    }

    /// Opens the index for reading.
    func open() throws(FSFindError) -> IndexSnapshot {
        try IndexSnapshot(path: path)
    }

    /// Opens the text store of `index` for reading; nil when there is none and the index names
    /// no words (an index made with `--no-content`): free text then finds names and titles only.
    /// A store that is missing, another than the index's, damaged or not a file is an error that
    /// names it and `fsfind index` (``TextStore/opened(beside:)``): only commands that read words
    /// call this.
    static func openTextStore(for index: IndexSnapshot) throws(FSFindError) -> TextStore? {
        try TextStore.opened(beside: index)
    }
}
