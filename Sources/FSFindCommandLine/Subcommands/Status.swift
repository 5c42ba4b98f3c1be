import ArgumentParser
import FSFindIndexFormat
import FSFindIndexer
import FSFindModel
import FSFindOutput
import FSFindSearch
import FSFindText
import Foundation

extension FSFindCommand {
    /// `fsfind status`: what the index holds, like `mdutil -s`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
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
            // Every section checked: `status` is also how damage is found.
            let reader = try index.readerOfEverything()
            // Counted from the list the missing libraries are tallied from: one read of the problems.
            let listed = try reader.problems()
            let problems = (
                unreadable: listed.lazy.filter { $0.kind == .unreadable }.count,
                unparsable: listed.lazy.filter { $0.kind == .unparsable }.count
            )
            let missing = MissingLibrary.tally(listed)
            let textPath = TextStore.path(forIndex: index.path)
            let (text, textProblem) = Self.textStore(of: index)
            let report = Report(
                index: index, roots: roots, counts: counts, problems: problems, missing: missing,
                textPath: textPath, text: text, textProblem: textProblem,
                textSize: TextStore.size(atPath: textPath) ?? 0,
                documents: textProblem == nil ? try text?.documentCount() ?? 0 : 0,
                watcher: WatcherStatus.of(indexPath: index.path))
            if json {
                var output = StandardOutput()
                output.write(line: report.json(ValueFormatter()))
                try output.finish()
            } else {
                // A writer, not raw stdout: root paths and excludes are escaped on a terminal.
                var output = ResultWriter(format: .lines, attributes: [])
                report.write(ValueFormatter(), to: &output)
                try output.finish()
            }
            // Everything else is said; the store's problem is also the exit status (1).
            if let textProblem { throw textProblem }
        }

        /// The index's text store, and what is wrong with it: opened as a query of words opens
        /// it (missing, another store than the index's, not a file), then checked page by page
        /// (damage a query may meet only later; ``SQLiteDatabase/quickCheck()`` says what it costs).
        private static func textStore(of index: IndexSnapshot) -> (TextStore?, FSFindError?) {
            do throws(FSFindError) {
                guard let store = try TextStore.opened(beside: index) else { return (nil, nil) }
                if let damage = store.damageFound() {
                    return (
                        store,
                        FSFindError(
                            .indexCorrupt, "the text store \(store.path) is damaged (\(damage))", path: store.path,
                            remedy: .rebuildWords)
                    )
                }
                return (store, nil)
            } catch {
                return (nil, error)
            }
        }
    }
}

/// What `fsfind status` says, gathered before a word is printed so that both forms say the same.
private struct Report {
    let index: IndexSnapshot
    let roots: [IndexRoot]
    let counts: [(Scope, Int)]
    let problems: (unreadable: Int, unparsable: Int)
    let missing: [(library: MissingLibrary, files: Int)]
    let textPath: String
    let text: TextStore?
    let textProblem: FSFindError?
    /// The text store's size on disk; 0 when it has none.
    let textSize: Int
    let documents: Int
    let watcher: WatcherStatus?

    var unreadable: Int { problems.unreadable }
    var unparsable: Int { problems.unparsable }

    /// The report as one JSON object.
    func json(_ formatter: ValueFormatter) -> String {
        var object = JSONWriter()
        object.add("index", json: JSONWriter.string(index.path))
        object.add("size", json: String(index.fileSize))
        object.add("formatVersion", json: String(index.formatVersion))
        object.add("created", json: JSONWriter.string(formatter.date(index.createdAt)))
        object.add("items", json: String(index.itemCount))
        if let delta = index.delta {
            var entry = JSONWriter()
            entry.add("path", json: JSONWriter.string(delta.path))
            entry.add("size", json: String(delta.fileSize))
            entry.add("items", json: String(delta.itemCount))
            entry.add("baseWritten", json: JSONWriter.string(formatter.date(index.base.createdAt)))
            object.add("delta", json: entry.line)
        } else {
            object.add("delta", json: "null")
        }
        if let textProblem {
            var store = JSONWriter()
            store.add("path", json: JSONWriter.string(textPath))
            store.add("size", json: String(textSize))
            store.add("problem", json: JSONWriter.string(textProblem.sentence))
            object.add("textStore", json: store.line)
        } else if text != nil {
            var store = JSONWriter()
            store.add("path", json: JSONWriter.string(textPath))
            store.add("size", json: String(textSize))
            store.add("documents", json: String(documents))
            store.add("language", json: JSONWriter.string(text?.language ?? ""))
            object.add("textStore", json: store.line)
        }
        let rootObjects = roots.map { root -> String in
            var entry = JSONWriter()
            entry.add("path", json: JSONWriter.string(PathBytes.display(root.path)))
            entry.add("hidden", json: root.options.includeHidden ? "true" : "false")
            entry.add(
                "exclude", json: "[" + root.options.excludes.map(JSONWriter.string).joined(separator: ",") + "]"
            )
            entry.add("lastRefresh", json: JSONWriter.string(formatter.date(root.lastRefresh)))
            return entry.line
        }
        if let watcher {
            var entry = JSONWriter()
            entry.add("pid", json: String(watcher.pid))
            if let last = watcher.lastUpdate {
                entry.add("lastUpdate", json: JSONWriter.string(formatter.date(last)))
            }
            object.add("watcher", json: entry.line)
        } else {
            object.add("watcher", json: "null")
        }
        object.add("roots", json: "[" + rootObjects.joined(separator: ",") + "]")
        var scopes = JSONWriter()
        for (scope, count) in counts { scopes.add(scope.rawValue, json: String(count)) }
        object.add("scopes", json: scopes.line)
        object.add("unreadable", json: String(unreadable))
        object.add("unparsable", json: String(unparsable))
        let missingObjects = missing.map { library, files -> String in
            var entry = JSONWriter()
            entry.add("library", json: JSONWriter.string(library.soname))
            entry.add("package", json: JSONWriter.string(library.package))
            entry.add("files", json: String(files))
            return entry.line
        }
        object.add("missingLibraries", json: "[" + missingObjects.joined(separator: ",") + "]")
        return object.line
    }

    /// The report as lines for a reader.
    func write(_ formatter: ValueFormatter, to output: inout ResultWriter) {
        output.write(line: "Index:          \(index.path)")
        output.write(line: "Size:           \(index.fileSize) bytes")
        output.write(line: "Format version: \(index.formatVersion)")
        output.write(line: "Written:        \(formatter.date(index.createdAt))")
        output.write(line: "Items:          \(index.itemCount)")
        if let delta = index.delta {
            output.write(
                line: "Delta:          \(delta.path), \(delta.fileSize) bytes, \(delta.itemCount) items "
                    + "(a watcher's changes since \(formatter.date(index.base.createdAt)))")
        }
        if let textProblem {
            output.write(line: "Text store:     \(textProblem.sentence)")
        } else {
            output.write(
                line: text.map { text in
                    "Text store:     \(textPath), \(textSize) bytes, \(documents) documents, words in \(text.language)"
                } ?? "Text store:     none (indexed with --no-content, or not yet)")
        }
        if let watcher {
            let last = watcher.lastUpdate.map { ", last update \(formatter.date($0))" } ?? ""
            output.write(line: "Watcher:        running (pid \(watcher.pid))\(last)")
        } else {
            output.write(line: "Watcher:        not running (changes are found by the next 'fsfind index')")
        }
        output.write(line: "Roots:")
        for root in roots {
            var options = root.options.includeHidden ? ["hidden"] : []
            options += root.options.excludes.map { "exclude \(PathBytes.display(PathBytes.bytes($0)))" }
            let suffix = options.isEmpty ? "" : "  (\(options.joined(separator: ", ")))"
            output.write(
                line: "  \(PathBytes.display(root.path))\(suffix)  refreshed \(formatter.date(root.lastRefresh))")
        }
        output.write(line: "Scopes:")
        for (scope, count) in counts {
            output.write(line: "  \(scope.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(count)")
        }
        output.write(line: "Unreadable:     \(unreadable)")
        output.write(line: "Unparsable:     \(unparsable)")
        // The package's recommended libraries a machine lacks, with their remedy.
        for (library, files) in missing {
            output.write(
                line:
                    "Not installed:  \(library.soname) (\(files) \(files == 1 ? "file" : "files") read without it): "
                    + "install the \(library.package) package")
        }
        if !missing.isEmpty {
            output.write(line: "                then 'fsfind index --full' reads those files again")
        }
    }
}
