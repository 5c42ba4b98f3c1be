import FSFindModel
import FSFindPlatform
import Foundation
import Glibc

/// The process a watcher folds its delta in (`fsfind fold-worker`), so the fold's memory, a copy
/// of the whole base, is never the watcher's own: folded in the watcher it took the watcher's
/// peak over the live index's limit (`benchmarks/RESULTS.md`, "The delta folded at 4,096 rows
/// after a change that came alone").
struct FoldProcess {
    /// The program and its arguments, `fsfind fold-worker --index INDEX` as the command names it.
    let executable: String
    let arguments: [String]

    /// Runs the fold and waits for it; throws when it could not start or did not fold.
    func run() throws(FSFindError) {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The watcher blocks SIGTERM and SIGINT for its signal descriptor; the fold takes them as
        // any command does (killed mid-fold, the base is the old one and the delta still there).
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        // argv[0] is what `ps` shows; "/proc/self/exe" would say nothing.
        let argv = (["fsfind"] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let started = posix_spawn(&child, executable, nil, &attributes, argv, environ)
        guard started == 0 else {
            throw FSFindError(
                .io, "cannot start the fold of the delta (\(executable)): \(String(cString: strerror(started)))")
        }
        var status: Int32 = 0
        guard retryingOnInterrupt({ waitpid(child, &status, 0) }) == child else {
            throw FSFindError(.io, "cannot wait for the fold of the delta: \(String(cString: strerror(errno)))")
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import (macros).
        let signal = status & 0x7f
        let code = (status >> 8) & 0xff
        guard signal == 0, code == 0 else {
            throw FSFindError(
                .io,
                signal != 0
                    ? "the fold of the delta was ended by signal \(signal)"
                    : "the fold of the delta failed (exit status \(code))")
        }
    }
}
