import ArgumentParser
import FSFindModel

/// `fsfind`: Spotlight's search for Linux. The root command only lists the subcommands.
struct FSFindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fsfind",
        abstract: "Find files by what they are and what they are about.",
        discussion: """
            Index folders once (and from cron), then query them with Core Spotlight's query language:
              fsfind index ~/Documents ~/Music
              fsfind query 'contentType == "audio"wc && duration > 300'
              fsfind query paris
            """,
        version: FSFindVersion.string,
        subcommands: [
            Index.self, Watch.self, Query.self, Search.self, Show.self, Status.self, Attributes.self,
            Scopes.self, Forget.self, Serve.self, DesktopSearch.self, Export.self, ExtractWorker.self,
            PreviewWorkerCommand.self, FoldWorker.self,
        ]
    )
}
