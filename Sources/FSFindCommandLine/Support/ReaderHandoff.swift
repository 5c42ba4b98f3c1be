import CPlatform
import Glibc

/// Hands the commands that read files' contents to `fsfind-reader`, the position-independent
/// build of the same program, when this process is the fixed-address one.
///
/// A release `fsfind` is linked at a fixed address so that a query starts without the loader
/// relocating 96,000 pointers (about 300 pages copied on write at every start, half of a small
/// query's time: `benchmarks/RESULTS.md`, "Start-up: a fixed-address fsfind"). A fixed address
/// is also a map for anyone who corrupts the memory of a process that parses a hostile file:
/// libmagic in `index` and `watch`, the extractors and previewers in the workers, HTTP in `serve`.
/// Those commands therefore replace this process with `fsfind-reader` (`execv`, same arguments,
/// same process id), whose image the loader places at a random address, and whose workers are
/// copies of it. Where there is no reader (a binary copied alone, a debug build, whose `fsfind`
/// is position-independent anyway), the command runs here as before.
enum ReaderHandoff {
    /// The subcommands that open files other than the index and its text store, or listen on a
    /// socket (their names as their configurations give them: the tests compare).
    ///
    /// Literals in an array, asked before every command: a `Set`'s metadata, and each command's
    /// configuration, cost a query's start a search of the binary's conformance records.
    static let commands = [
        "index", "watch", "search", "serve", "desktop-search", "extract-worker", "preview-worker",
    ]

    /// The reader's file name, beside `fsfind` in a build folder.
    static let readerName = "fsfind-reader"

    /// Replaces this process with the reader when `command` is one of ``commands``, this image is
    /// at a fixed address, and a reader is installed; returns (and the command runs here) otherwise,
    /// also when `execv` fails.
    static func runInReaderIfNeeded(command: String) {
        guard commands.contains(command), fsfind_main_image_is_fixed() != 0,
            let reader = readerPath(beside: executablePath())
        else { return }
        execv(reader, CommandLine.unsafeArgv)
    }

    /// Where the reader is for the executable at `executable`: beside it (a build folder), or in
    /// `../libexec/fsfind/` (what `make install` writes: `/usr/local/bin/fsfind` finds
    /// `/usr/local/libexec/fsfind/fsfind-reader`). Nil when neither is an executable file, or
    /// when the candidate is the executable itself.
    static func readerPath(beside executable: String?) -> String? {
        guard let executable, let slash = executable.lastIndex(of: "/") else { return nil }
        let folder = String(executable[..<slash])
        for candidate in ["\(folder)/\(readerName)", "\(folder)/../libexec/fsfind/\(readerName)"] {
            guard access(candidate, X_OK) == 0, let resolved = realpath(candidate, nil) else { continue }
            defer { free(resolved) }
            let path = String(cString: resolved)
            if path != executable { return path }
        }
        return nil
    }

    /// This process's executable, links resolved (`/proc/self/exe`).
    static func executablePath() -> String? {
        guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
