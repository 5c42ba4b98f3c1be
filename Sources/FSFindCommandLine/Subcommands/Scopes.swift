import ArgumentParser
import FSFindModel
import FSFindSearch
import Foundation

extension FSFindCommand {
    /// `fsfind scopes`: the scope names, with how many indexed items each holds.
    struct Scopes: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "scopes",
            abstract: "List the scopes --scope accepts, with item counts.",
            discussion: "Example:\n  fsfind scopes")

        @OptionGroup var indexOption: IndexOption

        func run() throws {
            // Counts need an index; without one the names are still worth listing.
            var counts: [Scope: Int] = [:]
            do {
                let index = try indexOption.open()
                for (scope, count) in try Searcher(index: index).scopeCounts() { counts[scope] = count }
            } catch {
                guard error.code == .indexMissing else { throw error }
            }
            var output = StandardOutput()
            for scope in Scope.allCases {
                let count = counts[scope].map(String.init) ?? "-"
                let type = scope.contentType ?? "(everything)"
                output.write(
                    line: scope.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + " "
                        + count.padding(toLength: 8, withPad: " ", startingAt: 0) + " "
                        + scope.title.padding(toLength: 10, withPad: " ", startingAt: 0) + " " + type)
            }
            try output.finish()
        }
    }
}
