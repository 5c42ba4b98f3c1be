import ArgumentParser
import FSFindIndex
import FSFindIndexing
import FSFindInteractive
import FSFindModel
import FSFindOutput
import FSFindPlatform
import FSFindQuery
import FSFindSearch
import Foundation

extension FSFindCommand {
    /// `fsfind status`: what the index holds, like `mdutil -s`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Describe the index: file, size, roots, items per scope, problems.",
            discussion: """
                Examples:
                  fsfind status
                  fsfind status --json
                """)

        @Flag(name: .long, help: "Print one JSON object.")
        var json = false

        @OptionGroup var indexOption: IndexOption

        func run() throws {
            let index = try indexOption.open()
            let roots = try index.roots()
            let counts = try Searcher(index: index).scopeCounts()
            try index.prepareAll()
            let (unreadable, unparsable) = try index.problemCounts()
            let formatter = ValueFormatter()
            if json {
                var object = JSONWriter()
                object.add("index", json: JSONWriter.string(index.path))
                object.add("size", json: String(index.fileSize))
                object.add("formatVersion", json: String(index.formatVersion))
                object.add("created", json: JSONWriter.string(formatter.date(index.createdAt)))
                object.add("items", json: String(index.itemCount))
                let rootObjects = roots.map { root -> String in
                    var entry = JSONWriter()
                    entry.add("path", json: JSONWriter.string(PathBytes.display(root.path)))
                    entry.add("hidden", json: root.options.includeHidden ? "true" : "false")
                    entry.add("exclude", json: "[" + root.options.excludes.map(JSONWriter.string).joined(separator: ",") + "]")
                    entry.add("lastRefresh", json: JSONWriter.string(formatter.date(root.lastRefresh)))
                    return entry.line
                }
                object.add("roots", json: "[" + rootObjects.joined(separator: ",") + "]")
                var scopes = JSONWriter()
                for (scope, count) in counts { scopes.add(scope.rawValue, json: String(count)) }
                object.add("scopes", json: scopes.line)
                object.add("unreadable", json: String(unreadable))
                object.add("unparsable", json: String(unparsable))
                print(object.line)
                return
            }
            print("Index:          \(index.path)")
            print("Size:           \(index.fileSize) bytes")
            print("Format version: \(index.formatVersion)")
            print("Written:        \(formatter.date(index.createdAt))")
            print("Items:          \(index.itemCount)")
            print("Roots:")
            for root in roots {
                var options = root.options.includeHidden ? ["hidden"] : []
                options += root.options.excludes.map { "exclude \($0)" }
                let suffix = options.isEmpty ? "" : "  (\(options.joined(separator: ", ")))"
                print("  \(PathBytes.display(root.path))\(suffix)  refreshed \(formatter.date(root.lastRefresh))")
            }
            print("Scopes:")
            for (scope, count) in counts { print("  \(scope.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(count)") }
            print("Unreadable:     \(unreadable)")
            print("Unparsable:     \(unparsable)")
        }
    }
}
