import Foundation
import Glibc

/// What an end-to-end test needs from the machine beyond the built binary, for `.enabled(if:)`:
/// a contributor without tmux, zsh or fish, or not root, sees those tests skipped with the reason
/// instead of failing.
///
/// Under CI (`CI` set, as `.ci/run` runs) every requirement counts as met, so a tool missing
/// there fails its tests loudly instead of skipping them: `make test` installs all of them.
enum Requirement {
    /// True under CI, where nothing may be skipped.
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false }

    /// An executable named `name` on PATH (or in /usr/bin), or CI.
    static func tool(_ name: String) -> Bool {
        if isCI { return true }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/bin"]).contains {
            access("\($0)/\(name)", X_OK) == 0
        }
    }

    /// Running as root (to drop to `nobody` with setpriv), or CI.
    static var root: Bool { isCI || geteuid() == 0 }
}
