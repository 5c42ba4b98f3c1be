import SystemPackage

/// The library's one error type: what went wrong, on which path, what to do about it, and the
/// underlying cause. The CLI prints `description` as one sentence and maps `code` to an exit status.
public struct FSFindError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is; decides the exit status.
    public enum Code: Sendable, Hashable {
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

    public let code: Code
    public let message: String
    public let path: String?
    public let remedy: String?
    public let underlying: Errno?

    public init(_ code: Code, _ message: String, path: String? = nil, remedy: String? = nil, underlying: Errno? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.remedy = remedy
        self.underlying = underlying
    }

    /// The message, the cause and the remedy as one line.
    public var description: String {
        var text = message
        if let underlying { text += " (\(underlying.description))" }
        if let remedy { text += "; \(remedy)" }
        return text
    }

    /// 2 for usage errors, 1 for every runtime failure (`cli.md`).
    public var exitStatus: Int32 { code == .usage ? 2 : 1 }
}
