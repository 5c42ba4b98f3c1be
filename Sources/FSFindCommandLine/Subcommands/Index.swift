import ArgumentParser
import CPlatform
import FSFindExtraction
import FSFindIndexer
import FSFindModel
import FSFindText
import Foundation
import Glibc

extension FSFindCommand {
    /// `fsfind index [PATH ...]`: crawl folders into the index, or refresh every recorded one.
    struct Index: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "index",
            abstract: "Index folders, or refresh every folder already indexed.",
            discussion: """
                With PATHs, crawls each and records it as a root of the index. With none, refreshes \
                every recorded root with the options recorded for it (the cron line). Unchanged files \
                are not read again.

                Examples:
                  fsfind index ~/Documents ~/Music
                  fsfind index --exclude '*.tmp' --exclude node_modules ~/src
                  fsfind index --language french ~/Documents
                  fsfind index --quiet          # from cron
                """)

        @Argument(help: ArgumentHelp("Folders to index.", valueName: "path"), completion: .directory)
        var paths: [String] = []

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Skip entries whose name or path matches this glob (repeatable).",
                valueName: "glob"))
        var exclude: [String] = []

        @Flag(name: .long, help: "Also index hidden entries (names starting with '.').")
        var hidden = false

        @Flag(name: .long, help: "Re-read every file, even unchanged ones.")
        var full = false

        @Flag(
            name: .long,
            help: "Read metadata only, not the words inside files (faster; free text then finds names and titles only)."
        )
        var noContent = false

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The language of the words inside files, for matching their forms: english (the default), french, german, spanish … or none; kept until changed.",
                valueName: "name"),
            completion: .list(TextStore.languages))
        var language: String?

        @Flag(name: .long, help: "Print only errors.")
        var quiet = false

        @Flag(
            name: .long, help: "Print the summary, with the number of files opened, even when stderr is not a terminal."
        )
        var verbose = false

        @Flag(name: .long, help: "Exit at once if another index run holds the lock, instead of waiting.")
        var noWait = false

        @OptionGroup var indexOption: IndexOption

        func run() throws {
            // Resolve every PATH and the language before any work, so a typo fails fast with status 2.
            if let language { try TextStore.checkLanguage(language) }
            let roots = try Self.resolve(paths)
            // Before any thread allocates: a large text's buffers mapped on their own, so what a
            // batch frees goes back at once (docs/decisions.md, "The memory of the whole process
            // tree"); libmagic's buffer of every file stays below the threshold, on the heap.
            fsfind_map_large_allocations(ExtractionWorker.largeAllocation)
            // A block that may come from the heap, freed, does not give its pages back by itself:
            // libmagic's buffers of every file stay mapped between files.
            fsfind_keep_free_heap_top(2 * ExtractionWorker.largeAllocation)
            let isTerminal = isatty(STDERR_FILENO) == 1
            let reporter = TerminalReporter(showProgress: isTerminal && !quiet)
            let indexPath = indexOption.path
            let indexer = Indexer(
                indexPath: indexPath, full: full, reporter: reporter, language: language,
                pipeline: Self.pipeline(readsWords: !noContent))
            let summary = try indexer.run(
                roots: roots, options: CrawlOptions(includeHidden: hidden, excludes: exclude), wait: !noWait
            ) { holder in
                if !quiet {
                    StandardError.write("fsfind: waiting for another 'fsfind index' (pid \(holder)) to finish…\n")
                }
            }
            reporter.finish()
            if verbose {
                StandardError.write(summary.verboseLine + "\n")
            } else if isTerminal && !quiet {
                StandardError.write(summary.line + "\n")
            }
        }

        /// The folders named on the command line as absolute paths without links, each once; a path
        /// that does not resolve is a usage error (status 2) before any work.
        static func resolve(_ paths: [String]) throws(FSFindError) -> [[UInt8]] {
            var roots: [[UInt8]] = []
            for path in paths {
                guard let resolved = PathBytes.realPath(PathBytes.bytes(path)) else {
                    let reason = String(cString: strerror(errno))
                    throw FSFindError(.usage, "cannot index '\(TerminalText.shown(PathBytes.bytes(path)))': \(reason)")
                }
                if !roots.contains(resolved) { roots.append(resolved) }
            }
            return roots
        }

        /// Extractors run in copies of this executable (`fsfind extract-worker`, which
        /// ``FSFindCommand/ExtractWorker`` serves); with `readsWords`, the words inside files too.
        /// `FSFIND_EXTRACT_TIMEOUT` (seconds) replaces the 10 s per-file limit, for slow disks and
        /// for the tests that prove a hanging parser is killed.
        static func pipeline(readsWords: Bool) -> ExtractionPipeline {
            guard let text = ProcessInfo.processInfo.environment["FSFIND_EXTRACT_TIMEOUT"], let seconds = Double(text),
                seconds > 0
            else {
                return ExtractionPipeline(
                    workers: "/proc/self/exe", arguments: [ExtractWorker.name], readsWords: readsWords)
            }
            return ExtractionPipeline(
                workers: "/proc/self/exe", arguments: [ExtractWorker.name],
                timeout: .milliseconds(Int(seconds * 1000)), readsWords: readsWords)
        }
    }
}
