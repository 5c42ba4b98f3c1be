import ArgumentParser
import FSFindIndexFormat
import FSFindModel
import FSFindQuery
import Glibc

/// Runs the command and turns every failure into one sentence on stderr and the exit status of
/// `docs/spec/cli.md`: 0 success, 1 runtime failure, 2 usage or query error (ArgumentParser's own usage
/// errors included, which it would otherwise exit with 64).
///
/// Both executables, `fsfind` and `fsfind-reader`, are this and nothing else.
package enum Entrypoint {
    package static func main() {
        guardIndexMappings()
        do {
            var arguments = rawArguments()
            if let linked = try MdToolLinks.arguments(program: String(cString: CommandLine.unsafeArgv[0]!), arguments) {
                arguments = linked
            }
            if let command = arguments.first { ReaderHandoff.runInReaderIfNeeded(command: command) }
            if arguments.first == FSFindCommand.Query.configuration.commandName,
                let options = QueryOptions.quickParse(Array(arguments.dropFirst()))
            {
                try options.checkedAgainstParser(Array(arguments.dropFirst())).run()
            } else {
                var command = try quickQuery(arguments) ?? FSFindCommand.parseAsRoot(arguments)
                try command.run()
            }
        } catch let error as FSFindError {
            fail("fsfind: \(error.sentence)", status: error.exitStatus)
        } catch let error as MdToolLinks.UsageError {
            fail(error.message, status: 2)
        } catch let error as QueryFailure {
            fail("fsfind: \(error.error.rendered(query: error.query))", status: 2)
        } catch let error as ExitCode {
            exit(error.rawValue)
        } catch {
            let status = FSFindCommand.exitCode(for: error)
            if status == .success {
                // --help and --version: on stdout, and a failed write is still an error.
                var output = StandardOutput()
                output.write(line: FSFindCommand.fullMessage(for: error))
                do throws(FSFindError) { try output.finish() } catch { fail("fsfind: \(error.sentence)", status: 1) }
                exit(0)
            }
            fail(FSFindCommand.fullMessage(for: error), status: 2)
        }
    }

    /// `fsfind query …` parsed by the query command alone, nil when it refuses them (`--help`,
    /// `--version`, a misspelt option, a completion request): those are parsed again from the
    /// root, so every message and help text is the root's. The root's parse reflects over all
    /// thirteen subcommands and parses twice more for a completion-script request before it
    /// reaches the query, a cost a small query feels (`benchmarks/RESULTS.md`, "Start-up: `fsfind
    /// query` parsed by its own options").
    private static func quickQuery(_ arguments: [String]) -> ParsableCommand? {
        guard arguments.first == FSFindCommand.Query.configuration.commandName else { return nil }
        // A help request parses as the parser's own help command: not a query, so the root answers.
        return (try? QuickQuery.parseAsRoot(Array(arguments.dropFirst()))) as? QuickQuery
    }

    /// argv as the kernel passed it, each argument kept byte for byte (`PathBytes.argument`):
    /// `CommandLine.arguments` would decode a non-UTF-8 file name lossily, and `show`, `index`,
    /// `--onlyin` and `--exclude` could then not name it.
    private static func rawArguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { position in
            // Non-nil: argv[0..<argc] are C strings.
            let argument = CommandLine.unsafeArgv[position]!
            return PathBytes.argument(Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument))))
        }
    }

    /// An index file truncated in place while this process reads it (another program's `cp` or
    /// restore; fsfind itself only ever replaces it whole) ends the command with exit status 1 and
    /// a message naming the file, never a SIGBUS crash.
    private static func guardIndexMappings() {
        MappingFaults.install(
            prefix: "fsfind: the index file ",
            suffix: " was cut short while it was being read (another program rewrote it in place); "
                + "run the command again, or 'fsfind index --full' to rebuild it\n",
            status: 1, before: { TerminalRestorer.restoreFromFault() })
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        var text = message
        if !text.hasSuffix("\n") { text += "\n" }
        StandardError.write(text)
        exit(status)
    }
}

/// `fsfind query`'s options as a root command of their own for ``Entrypoint``'s quick parse. A
/// pseudo-command (`_superCommandName`) skips the parser's check for a completion-script request,
/// which parses two more commands on every run (a sixth of a query's start); such a request is
/// refused here and answered by the root's parse.
struct QuickQuery: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "query", _superCommandName: "fsfind")

    @OptionGroup var query: FSFindCommand.Query

    mutating func run() throws { try query.run() }
}

/// A query error together with the text it points into, so the caret can be drawn.
struct QueryFailure: Error {
    let error: QueryError
    let query: String
}
