import Foundation
import Glibc

/// Starting child processes from tests that run at once, without one child holding another's
/// pipes.
///
/// Foundation's `Process` closes the parent's descriptors in the child by a list it makes before
/// spawning, and learns that a child ended when a socket the child holds closes. A pipe or socket
/// another thread creates between that list and the spawn is inherited: a child that outlives its
/// test (a `sleep 60` holding a lock, a tmux server) then keeps another test's pipe open, and that
/// test's read or wait stalled until it ended (seen: two tests waiting 60 s). Pipes made here are
/// close-on-exec and made under the same lock every spawn takes, so no spawn sees one half-made.
package enum Spawning {
    private static let lock = NSLock()

    /// A pipe whose descriptors are not inherited by any child but the one it is given to
    /// (Foundation's `dup2` onto 0, 1 or 2 clears close-on-exec on the copy).
    package static func pipe() -> Pipe {
        lock.withLock {
            let pipe = Pipe()
            for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
                _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
            }
            return pipe
        }
    }

    /// Starts `process`, with no pipe or socket being made by another thread meanwhile.
    ///
    /// The list of descriptors to close in the child is made of the descriptors open when
    /// Foundation looked; one that another thread closes before the spawn (a test reading a file)
    /// makes `posix_spawn` fail with `EBADF` and start nothing (seen once in three full runs), so
    /// that failure is tried again, a few times.
    package static func run(_ process: Process) throws {
        try lock.withLock {
            var attempt = 1
            while true {
                do {
                    try process.run()
                    return
                } catch  where attempt < 5 && isClosedDescriptor(error) {
                    attempt += 1
                }
            }
        }
    }

    /// Whether `error` is a spawn's `EBADF`, as `Process.run()` reports it (directly or under a
    /// Cocoa file error).
    package static func isClosedDescriptor(_ error: any Error) -> Bool {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return error.code == Int(EBADF) }
        guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return false }
        return underlying.domain == NSPOSIXErrorDomain && underlying.code == Int(EBADF)
    }

    /// Runs `body` (a spawn that is not Foundation's) under the same lock.
    package static func locked<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock { try body() }
    }
}
