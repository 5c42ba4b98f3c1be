import SystemPackage

/// The library's one error type: what went wrong, on which path, what to do about it, and the
/// underlying cause. The CLI prints `description` as one sentence and maps `code` to an exit status.
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
        /// A path was asked about that the index does not hold.
        case notIndexed
        /// The command line or a query is malformed (exit status 2).
        case usage
    }

    package let code: Code
    package let message: String
    package let path: String?
    package let remedy: String?
    package let underlying: Errno?

    package init(_ code: Code, _ message: String, path: String? = nil, remedy: String? = nil, underlying: Errno? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.remedy = remedy
        self.underlying = underlying
    }

    /// The message, the cause and the remedy as one line.
    package var description: String {
        var text = message
        if let underlying { text += " (\(underlying.description))" }
        if let remedy { text += "; \(remedy)" }
        return text
    }

    /// 2 for usage errors, 1 for every runtime failure (`cli.md`).
    package var exitStatus: Int32 { code == .usage ? 2 : 1 }
}
