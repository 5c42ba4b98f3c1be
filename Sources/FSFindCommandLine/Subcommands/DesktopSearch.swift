import ArgumentParser
import FSFindDesktop
import FSFindIndexFormat
import Foundation
import Glibc

extension FSFindCommand {
    /// `fsfind desktop-search`: the GNOME Shell search provider and the KRunner runner, started by
    /// D-Bus when the desktop first searches (the installed `.service` file runs it).
    struct DesktopSearch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "desktop-search",
            abstract: "Answer GNOME Shell's and KRunner's searches from the index, on the D-Bus session bus.",
            discussion: """
                Serves org.gnome.Shell.SearchProvider2 at /org/fsfind/SearchProvider and org.kde.krunner1 \
                at /runner under the bus name org.fsfind.SearchProvider. D-Bus starts it on the first \
                search (make install writes the service file, GNOME's search provider file and \
                KRunner's runner file); it answers with the files the words find, as fsfind query \
                does, follows the index as fsfind index and fsfind watch replace it, and exits after \
                a minute without a call. Problems (no index yet, a damaged one) are one line on \
                stderr and no results. To try it by hand:
                  fsfind desktop-search &
                  gdbus call --session --dest org.fsfind.SearchProvider \\
                    --object-path /org/fsfind/SearchProvider \\
                    --method org.gnome.Shell.SearchProvider2.GetInitialResultSet "['paris']"
                """)

        @Option(
            name: .customLong("idle-exit"),
            help: ArgumentHelp("Seconds without a call before it exits (default 60).", valueName: "seconds"))
        var idleExit = 60

        @OptionGroup var indexOption: IndexOption

        func validate() throws {
            guard (1...86_400).contains(idleExit) else {
                throw ValidationError("--idle-exit: expected 1 to 86400 seconds")
            }
        }

        func run() throws {
            // SIGINT and SIGTERM end the main loop (GLib's handlers): a mask inherited from whatever
            // started this process must not hold them back.
            var termination = sigset_t()
            sigemptyset(&termination)
            sigaddset(&termination, SIGINT)
            sigaddset(&termination, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &termination, nil)
            // An index file cut short in place under a search fails that search, not the provider.
            MappingFaults.recoverInstead()
            let status = try DesktopProvider.serve(
                indexPath: indexOption.path, idleSeconds: idleExit,
                executable: ReaderHandoff.executablePath() ?? CommandLine.arguments[0],
                environment: ProcessInfo.processInfo.environment, log: { StandardError.write($0 + "\n") },
                describe: { "fsfind: " + $0.sentence })
            if status != 0 { throw ExitCode(status) }
        }
    }
}
