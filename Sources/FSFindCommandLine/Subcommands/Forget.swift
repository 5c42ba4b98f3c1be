import ArgumentParser
import FSFindIndexer
import FSFindModel
import FSFindPlatform

extension FSFindCommand {
    /// `fsfind forget ROOT ...`: stop indexing a folder and drop its items now.
    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: "Remove indexed folders and their items from the index.",
            discussion: """
                Each ROOT must be a folder recorded by 'fsfind index' (see 'fsfind status'); it may be \
                gone already. Its items are removed at once, except those under another recorded \
                folder. Without this, a folder that has gone missing keeps its items for 30 days.

                Examples:
                  fsfind forget ~/old-project
                  fsfind forget /media/usb-drive
                """)

        @Argument(help: ArgumentHelp("Recorded folders to forget.", valueName: "root"), completion: .directory)
        var roots: [String]

        @Flag(name: .long, help: "Exit at once if another index run holds the lock, instead of waiting.")
        var noWait = false

        @OptionGroup var indexOption: IndexOption

        func run() throws {
            // A folder that still exists is named by its real path, as `index` recorded it; one
            // that is gone, by its absolute path.
            let paths = roots.map { argument in
                let bytes = PathBytes.bytes(argument)
                return PathBytes.realPath(bytes) ?? PathBytes.trimmed(PathBytes.absolute(bytes))
            }
            let indexPath = indexOption.path
            let removed = try Indexer(indexPath: indexPath).forget(roots: paths, wait: !noWait) { holder in
                StandardError.write("fsfind: waiting for another 'fsfind index' (pid \(holder)) to finish…\n")
            }
            let folders = paths.count == 1 ? "1 folder" : "\(paths.count) folders"
            StandardError.write("\(folders) forgotten, \(removed) items removed\n")
        }
    }
}
