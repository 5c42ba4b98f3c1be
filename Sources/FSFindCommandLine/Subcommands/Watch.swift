import ArgumentParser
import CPlatform
import FSFindExtraction
import FSFindIndexFormat
import FSFindIndexer
import FSFindModel
import FSFindText
import Foundation
import Glibc

extension FSFindCommand {
    /// `fsfind watch [PATH ...]`: keep the index current as files change, until SIGTERM or Ctrl-C.
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Keep the index current as files change, until stopped.",
            discussion: """
                Brings the index up to date (with PATHs, indexes them first, like 'fsfind index'; \
                with none, refreshes every recorded root), then watches every indexed folder with \
                inotify and applies creations, changes, renames and deletions in small batches, \
                each within about a second. Runs in the foreground at idle CPU and IO priority; \
                SIGTERM or Ctrl-C stops it with status 0. One watcher per index: a second one \
                exits with status 1. 'fsfind status' shows whether a watcher runs. For a service \
                that starts with the session, see contrib/fsfind-watch.service.

                Examples:
                  fsfind watch                  # the roots already indexed
                  fsfind watch ~/Documents ~/Music
                  fsfind watch --verbose        # a line per batch on stderr
                """)

        @Argument(help: ArgumentHelp("Folders to index first, then watch.", valueName: "path"), completion: .directory)
        var paths: [String] = []

        @Option(
            name: .long,
            help: ArgumentHelp(
                "With PATHs: skip entries whose name or path matches this glob (repeatable).",
                valueName: "glob"))
        var exclude: [String] = []

        @Flag(name: .long, help: "With PATHs: also index hidden entries (names starting with '.').")
        var hidden = false

        @Flag(name: .long, help: "Print only errors.")
        var quiet = false

        @Flag(name: .long, help: "Print a line for each batch of changes applied.")
        var verbose = false

        @OptionGroup var indexOption: IndexOption

        func run() throws {
            // First, while this is the only thread: no thread started later is ever interrupted.
            fsfind_block_termination()
            let roots = try Index.resolve(paths)
            let indexPath = indexOption.path
            if roots.isEmpty, access(indexPath, F_OK) != 0 {
                throw FSFindError(
                    .usage,
                    "nothing is indexed in \(indexPath) yet: name the folders to watch (fsfind watch ~/Documents)")
            }
            // Before any thread allocates: a watcher lives long, and arenas per thread fragment.
            fsfind_use_one_malloc_arena()
            let isTerminal = isatty(STDERR_FILENO) == 1
            let reporter = TerminalReporter(showProgress: isTerminal && !quiet)
            // Words are read when the index has a text store, names words (a store deleted is read
            // again), or is new (as `fsfind index` does).
            let readsWords =
                access(indexPath, F_OK) != 0 || access(TextStore.path(forIndex: indexPath), F_OK) == 0
                || (try? IndexSnapshot(path: indexPath).textGenerations().isEmpty) == false
            let indexer = Indexer(
                indexPath: indexPath, reporter: reporter, pipeline: Index.pipeline(readsWords: readsWords))
            let (verbose, quiet) = (verbose, quiet)
            // FSFIND_WATCH_LIMIT (a number of folders) stands in for a low fs.inotify.max_user_watches
            // in the tests, which must not lower it for the whole machine.
            // and FSFIND_WATCH_UNWATCHED_SECONDS shortens the refresh of the folders left unwatched.
            let environment = ProcessInfo.processInfo.environment
            let limit = environment["FSFIND_WATCH_LIMIT"].flatMap { Int($0) }
            let period = environment["FSFIND_WATCH_UNWATCHED_SECONDS"].flatMap { Int($0) }.map { Duration.seconds($0) }
            let signal = try indexer.watch(
                roots: roots, options: CrawlOptions(includeHidden: hidden, excludes: exclude), watchLimit: limit,
                unwatchedRefresh: period, foldCommand: ("/proc/self/exe", [FoldWorker.name, "--index", indexPath])
            ) { () throws(FSFindError) in
                // The only watcher now. Until the first index is written a signal ends the process
                // at once (nothing is half written: the index is replaced atomically); afterwards,
                // only between batches.
                guard fsfind_exit_on_termination_start() == 0 else {
                    throw FSFindError(.io, "cannot start the thread that waits for SIGTERM")
                }
                // FSFIND_WATCH_PRIORITY=normal keeps the priority it was started with: for a machine
                // where a busy build would otherwise hold back the index, and for the tests, which
                // run beside one another on two cores.
                let lowered = environment["FSFIND_WATCH_PRIORITY"] != "normal"
                let failed = lowered ? fsfind_lower_priority() : 0
                if failed > 0, verbose {
                    StandardError.write("fsfind: \(failed) of nice, idle scheduling and idle IO could not be set\n")
                }
            } report: { report in
                switch report {
                case .applied(let paths, let summary, let everything):
                    guard verbose else { return }
                    let what = everything ? "every folder refreshed" : "\(paths) path\(paths == 1 ? "" : "s") changed"
                    StandardError.write("fsfind: \(what): \(summary.verboseLine)\n")
                case .notice(let message):
                    reporter.finish()
                    StandardError.write("fsfind: \(TerminalText.shown(Array(message.utf8)))\n")
                }
            } started: { summary in
                fsfind_exit_on_termination_stop()
                reporter.finish()
                if verbose || (isTerminal && !quiet) {
                    StandardError.write("\(summary.verboseLine); watching for changes\n")
                }
            }
            if verbose { StandardError.write("fsfind: stopped by \(signal == SIGINT ? "SIGINT" : "SIGTERM")\n") }
        }
    }
}
