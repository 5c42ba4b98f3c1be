import SystemPackage

/// The library's one error type: what went wrong, on which path, what to do about it, and the
/// underlying cause. The CLI prints it as one sentence, with the remedy in its own words, and maps
/// `code` to an exit status.
package struct FSFindError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is; decides the exit status.
    package enum Code: Sendable, Hashable {
        /// No index file where one was expected.
        case indexMissing
        /// The index file is truncated, damaged, empty, foreign or of another version.
        case indexCorrupt
        /// Reading or writing a file failed.
        case io
        /// Another process holds the index lock.
        case locked
        /// The command line or a query is malformed (exit status 2).
        case usage
        /// fsfind broke one of its own rules: a bug to report, not a user's mistake.
        case broken
        /// The caller said stop (a server's time limit passed, its client went away, it is
        /// stopping): the work was given up, nothing is wrong.
        case stopped
    }

    /// What the user can do about an error.
    ///
    /// The library does not know the commands of the program that calls it, so remedies that are
    /// a command are named here and worded by the front end (`fsfind`'s `FSFindError+Remedy.swift`).
    package enum Remedy: Sendable, Hashable {
        /// There is no index yet: create one by indexing a folder.
        case createIndex
        /// The index is damaged: rebuild it from its folders.
        case rebuildIndex
        /// The text store is missing, damaged or not the index's: a refresh reads the words again.
        case rebuildWords
        /// No folder is recorded, so there is nothing to refresh: name one.
        case nameFolders
        /// Another run holds the index lock: wait for it, or ask not to.
        case waitForLock
        /// Advice that names no command (`check that libmagic1 is installed`).
        case advice(String)
    }

    package let code: Code
    package let message: String
    package let path: String?
    let remedy: Remedy?
    package let underlying: Errno?
    /// The system call that failed with ``underlying`` (`openat`, `write`, `flock` …).
    let call: String?

    package init(_ code: Code, _ message: String, path: String? = nil, remedy: Remedy? = nil, underlying: Errno? = nil)
    {
        self.code = code
        self.message = message
        self.path = path
        self.remedy = remedy
        self.underlying = underlying
        self.call = nil
    }

    private init(_ code: Code, _ message: String, path: String?, remedy: Remedy?, underlying: Errno, call: String) {
        self.code = code
        self.message = message
        self.path = path
        self.remedy = remedy
        self.underlying = underlying
        self.call = call
    }

    /// A system call that failed: `what` was being done to `path` when `call` returned `errno`.
    package static func system(
        _ call: String, _ errno: Errno, _ what: String, path: String? = nil, remedy: Remedy? = nil
    ) -> FSFindError {
        FSFindError(.io, what, path: path, remedy: remedy, underlying: errno, call: call)
    }

    /// A rule of fsfind's own was broken; `what` says which.
    package static func broken(_ what: String) -> FSFindError {
        FSFindError(.broken, "internal error: \(what)")
    }

    /// The message, the cause and the remedy as one line, with `wording` giving a remedy's words.
    package func sentence(remedy wording: (Remedy) -> String) -> String {
        var text = message
        if let underlying { text += " (\(call.map { $0 + ": " } ?? "")\(underlying.description))" }
        if let remedy { text += "; \(wording(remedy))" }
        return text
    }

    /// The message and the cause, and the remedy when it is advice that names no command.
    package var description: String {
        sentence { remedy in
            switch remedy {
            case .advice(let text): text
            case .createIndex: "create the index"
            case .rebuildIndex: "rebuild the index"
            case .rebuildWords: "refresh the index to read the words again"
            case .nameFolders: "name the folders to index"
            case .waitForLock: "wait for the other run to finish"
            }
        }
    }
}
